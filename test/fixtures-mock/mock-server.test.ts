import { afterEach, describe, expect, it } from 'vitest';
import { fixtures } from '../../generated/fixtures/index.js';
import { startMockServer, type MockServer } from '../../generated/mock/index.js';
import { closedAfter, openSockets, postUnfinished, send, trickle } from '../mcp/helpers/raw-http.js';

const KEY = { 'x-api-key': 'test-key-123' };
const AVATAR = '/open/podcast/v1/avatars/multi_camera';
const QUOTA = '/open/podcast/v1/quota/summary';
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
let server: MockServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function call(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; headers: Headers; body: unknown }> {
  if (!server) throw new Error('no server');
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...KEY, 'content-type': 'application/json', ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
}

describe('mock server', () => {
  it('serves each operation on its method and path from the fixtures', async () => {
    server = await startMockServer();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await call(QUOTA)).toMatchObject({ status: 200, body: fixtures.quotaSummary.response.body });
    expect(await call('/open/podcast/v1/catalogs/voices')).toMatchObject({ status: 200, body: fixtures.searchCatalog.response.body });
    expect(await call('/open/podcast/v1/images?id=5', { method: 'DELETE' })).toMatchObject({ status: 200, body: fixtures.deleteImage.response.body });
    expect(await call(AVATAR, { method: 'POST', body: fixtures.createMultiCameraAvatar.params })).toMatchObject({
      status: 200,
      body: fixtures.createMultiCameraAvatar.response.body,
    });
  });

  it('answers 401 with an envelope when X-Api-Key is missing, and never records a key', async () => {
    server = await startMockServer();
    const answer = await call(QUOTA, { headers: { 'x-api-key': '' } });
    expect(answer).toMatchObject({ status: 401, body: { code: 401, msg: 'missing API key: send it in the header X-Api-Key', data: null } });
    await call(QUOTA);
    expect(server.requests.map((r) => r.apiKey)).toStrictEqual([false, true]);
    expect(JSON.stringify(server.requests)).not.toContain('test-key-123');
    expect(server.requests[1]).toMatchObject({ method: 'GET', path: QUOTA, operationId: 'quotaSummary', status: 200, query: {} });
  });

  it('checks the key before any injected fault: a keyless request is a 401 whatever it asks for', async () => {
    server = await startMockServer();
    expect(await call(QUOTA, { headers: { 'x-api-key': '', 'x-mock-fault': '429' } })).toMatchObject({ status: 401, body: { code: 401 } });
    expect(server.requests[0]?.fault).toBeUndefined();
  });

  it('validates with the generated zod validators and names the field', async () => {
    server = await startMockServer();
    const [host] = fixtures.createMultiCameraAvatar.params.hosts;
    const threeHosts = await call(AVATAR, { method: 'POST', body: { ...fixtures.createMultiCameraAvatar.params, hosts: [host, host, host] } });
    expect(threeHosts.status).toBe(400);
    expect((threeHosts.body as { msg: string }).msg).toBe('invalid request: body.hosts: must have at most 2 items');
    expect((threeHosts.body as { details: unknown }).details).toStrictEqual({ issues: [{ path: ['body', 'hosts'], message: 'must have at most 2 items' }] });
    const bothIds = await call(AVATAR, { method: 'POST', body: { ...fixtures.createMultiCameraAvatar.params, background: { id: 1, user_background_id: 2 } } });
    expect((bothIds.body as { msg: string }).msg).toMatch(/^invalid request: body\.background/);
    expect((await call('/open/podcast/v1/catalogs/podcasts')).body).toMatchObject({
      code: 400,
      msg: 'invalid request: path.kind: must be one of "voices", "avatars", "templates"',
    });
    expect((await call('/open/podcast/v1/images?id=abc', { method: 'DELETE' })).body).toMatchObject({
      code: 400,
      msg: 'invalid request: query.id: must be a number',
    });
    expect((await call('/open/podcast/v1/images', { method: 'DELETE' })).body).toMatchObject({ code: 400, msg: 'invalid request: query.id: required' });
    const longKey = await call(AVATAR, { method: 'POST', headers: { 'idempotency-key': 'k'.repeat(129) }, body: fixtures.createMultiCameraAvatar.params });
    expect((longKey.body as { msg: string }).msg).toBe('invalid request: header.Idempotency-Key: must be at most 128 characters');
    const badJson = await fetch(`${server.url}${AVATAR}`, { method: 'POST', headers: { ...KEY, 'content-type': 'application/json' }, body: '{"hosts":' });
    expect(badJson.status).toBe(400);
  });

  it('answers 404 for unknown paths and 405 for a known path with another method', async () => {
    server = await startMockServer();
    expect((await call('/open/podcast/v1/nothing')).status).toBe(404);
    expect((await call(QUOTA, { method: 'POST' })).status).toBe(405);
  });

  it('injects faults asked for by x-mock-fault', async () => {
    server = await startMockServer({ retryAfterSeconds: 2 });
    const limited = await call(QUOTA, { headers: { 'x-mock-fault': '429' } });
    expect(limited).toMatchObject({ status: 429, body: { code: 429, msg: 'rate limit exceeded', retry_after: 2 } });
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(await call(QUOTA, { headers: { 'x-mock-fault': '503' } })).toMatchObject({ status: 503, body: null });
    expect(await call(QUOTA, { headers: { 'x-mock-fault': '500' } })).toMatchObject({ status: 500, body: { code: 500, data: null } });
    expect((await call(QUOTA, { headers: { 'x-mock-fault': 'explode' } })).status).toBe(400);
    await expect(call(QUOTA, { headers: { 'x-mock-fault': 'reset' } })).rejects.toThrow();
    expect(server.requests.map((r) => r.fault)).toStrictEqual(['429', '503', '500', undefined, 'reset']);
  });

  it('holds a timeout fault until the client gives up, and still closes', async () => {
    server = await startMockServer();
    const started = fetch(`${server.url}${QUOTA}`, { headers: { ...KEY, 'x-mock-fault': 'timeout' }, signal: AbortSignal.timeout(200) });
    await expect(started).rejects.toThrow();
    expect(server.requests[0]?.fault).toBe('timeout');
    expect(server.requests[0]?.status).toBeUndefined();
    const pending = fetch(`${server.url}${QUOTA}`, { headers: { ...KEY, 'x-mock-fault': 'timeout' } });
    while (server.requests.length < 2) await new Promise((r) => setTimeout(r, 10));
    await server.close();
    await expect(pending).rejects.toThrow();
  });

  it('injects server-wide faults every N-th request and at a seeded rate, the same on every run', async () => {
    server = await startMockServer({ faults: { kind: '503', every: 3 } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(QUOTA)).status);
    expect(statuses).toStrictEqual([200, 200, 503, 200, 200, 503]);
    await server.close();
    const runs: number[][] = [];
    for (let run = 0; run < 2; run++) {
      server = await startMockServer({ faults: { kind: '500', rate: 0.5, draw: 7 } });
      const seen: number[] = [];
      for (let i = 0; i < 12; i++) seen.push((await call(QUOTA)).status);
      runs.push(seen);
      server.reset();
      const again: number[] = [];
      for (let i = 0; i < 12; i++) again.push((await call(QUOTA)).status);
      expect(again).toStrictEqual(seen);
      await server.close();
    }
    expect(runs[0]).toStrictEqual(runs[1]);
    expect(runs[0]).toContain(500);
    expect(runs[0]).toContain(200);
    server = undefined;
  });

  it('records method, path, query, headers and body; reset() forgets them', async () => {
    server = await startMockServer();
    await call('/open/podcast/v1/images?id=9', { method: 'DELETE', headers: { 'x-extra': 'yes' } });
    await call(AVATAR, { method: 'POST', body: fixtures.createMultiCameraAvatar.params });
    expect(server.requests[0]).toMatchObject({ method: 'DELETE', query: { id: '9' }, headers: { 'x-extra': 'yes' }, apiKey: true, operationId: 'deleteImage' });
    expect(server.requests[0]?.headers['x-api-key']).toBeUndefined();
    expect(server.requests[1]?.body).toStrictEqual(fixtures.createMultiCameraAvatar.params);
    server.reset();
    expect(server.requests).toStrictEqual([]);
  });

  it('serves fixtures given in its options instead of the generated ones', async () => {
    const body = { code: 0, msg: 'success', cause: '', data: { free_count: 9 }, details: {}, rid: 'req_custom' };
    server = await startMockServer({ fixtures: { getVoiceCloneAllowance: { response: { status: 200, headers: { 'x-custom': '1' }, body } } } });
    const answer = await call('/open/podcast/v1/voices/clone/allowance');
    expect(answer.body).toStrictEqual(body);
    expect(answer.headers.get('x-custom')).toBe('1');
  });

  it('answers a keyless request with 401 before reading its body, however large', async () => {
    server = await startMockServer();
    const declared = await postUnfinished({ url: `${server.url}${AVATAR}`, contentLength: GIB, bytes: 64 * MIB });
    expect(declared.status).toBe(401);
    expect(JSON.parse(declared.body)).toMatchObject({ code: 401 });
    const streamed = await postUnfinished({ url: `${server.url}${AVATAR}`, bytes: 64 * MIB });
    expect(streamed.status).toBe(401);
    expect(server.requests.map((r) => r.status)).toStrictEqual([401, 401]);
  });

  it('answers 413 as soon as a body passes the limit (4 MiB unless told), declared or streamed', async () => {
    server = await startMockServer();
    const declared = await postUnfinished({ url: `${server.url}${AVATAR}`, headers: KEY, contentLength: GIB, bytes: 8 * MIB });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({ code: 413 });
    const streamed = await postUnfinished({ url: `${server.url}${AVATAR}`, headers: KEY, bytes: 64 * MIB });
    expect(streamed.status).toBe(413);
    expect(streamed.sentBytes).toBeLessThan(64 * MIB);
    await server.close();
    server = await startMockServer({ maxBodyBytes: 1000 });
    expect((await call(AVATAR, { method: 'POST', body: { prompt: 'p'.repeat(1000) } })).status).toBe(413);
    expect((await call(AVATAR, { method: 'POST', body: fixtures.createMultiCameraAvatar.params })).status).toBe(200);
  });

  it('keeps a bounded log: the last requests only, bodies cut to a small size', async () => {
    server = await startMockServer({ maxRecordedRequests: 5, maxRecordedBodyBytes: 100 });
    for (let i = 0; i < 12; i++) await call(`/open/podcast/v1/images?id=${i}`, { method: 'DELETE' });
    expect(server.requests.map((r) => r.query.id)).toStrictEqual(['7', '8', '9', '10', '11']);
    await call(AVATAR, { method: 'POST', body: { ...fixtures.createMultiCameraAvatar.params, prompt: 'p'.repeat(5000) } });
    const last = server.requests.at(-1);
    expect(server.requests).toHaveLength(5);
    expect(typeof last?.body).toBe('string');
    expect((last?.body as string).length).toBeLessThanOrEqual(100);
    expect(last).toMatchObject({ bodyTruncated: true, status: 200 });
    expect(last?.bodyBytes).toBeGreaterThan(5000);
  });

  it('keeps at most 1,000 requests unless told', async () => {
    server = await startMockServer();
    for (let batch = 0; batch < 21; batch++) await Promise.all(Array.from({ length: 50 }, () => call(QUOTA)));
    expect(server.requests).toHaveLength(1000);
    expect(server.requests.every((r) => r.status === 200)).toBe(true);
  });

  it('answers a CORS preflight from any origin without a key, and lets scripts read Retry-After', async () => {
    server = await startMockServer();
    const preflight = await fetch(`${server.url}${AVATAR}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key, content-type, idempotency-key, x-trace-id',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/\bPOST\b/);
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
    for (const name of ['x-api-key', 'content-type', 'idempotency-key', 'x-trace-id', 'x-mock-fault']) expect(allowed).toContain(name);
    expect(Number(preflight.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(0);
    const limited = await call(QUOTA, { headers: { origin: 'http://localhost:5173', 'x-mock-fault': '429' } });
    expect(limited.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect((limited.headers.get('access-control-expose-headers') ?? '').toLowerCase()).toContain('retry-after');
    const ok = await call(QUOTA, { headers: { origin: 'https://app.example' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(ok.headers.get('vary')).toMatch(/origin/i);
  });

  it('lets in only the listed origins when told', async () => {
    server = await startMockServer({ corsOrigins: ['http://localhost:5173'] });
    const preflight = (origin: string) =>
      send({
        url: `${server?.url}${QUOTA}`,
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
      });
    const allowed = await preflight('http://localhost:5173');
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const refused = await preflight('http://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const answered = await call(QUOTA, { headers: { origin: 'http://evil.example' } });
    expect(answered.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('hangs up on slow headers and slow bodies, closes idle connections, and caps connections', async () => {
    server = await startMockServer({ headersTimeoutMs: 400, requestTimeoutMs: 800, keepAliveTimeoutMs: 300, maxConnections: 4 });
    const slowHeaders = await trickle({
      url: server.url,
      text: `GET ${QUOTA} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(200)}\r\n`,
      everyMs: 50,
      timeoutMs: 5000,
    });
    expect(slowHeaders.closedAfterMs).toBeLessThan(3000);
    const head = `POST ${AVATAR} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Api-Key: k\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const slowBody = await trickle({ url: server.url, text: `${head}${' '.repeat(1000)}`, everyMs: 20, bytesPerTick: 4, timeoutMs: 6000 });
    expect(slowBody.closedAfterMs).toBeLessThan(4000);
    const request = `GET ${QUOTA} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Api-Key: k\r\n\r\n`;
    const idle = await trickle({ url: server.url, text: request, everyMs: 1, bytesPerTick: request.length, timeoutMs: 5000 });
    expect(idle.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(idle.closedAfterMs).toBeLessThan(2500);
    const sockets = await openSockets(server.url, 10);
    expect(await closedAfter(sockets, 300)).toBe(6);
    for (const socket of sockets) socket.destroy();
  });
});
