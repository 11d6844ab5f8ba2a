import { afterEach, describe, expect, it } from 'vitest';
import { fixtures } from '../../generated/fixtures/index.js';
import { startMockServer, type MockServer } from '../../generated/mock/index.js';

const KEY = { 'x-api-key': 'test-key-123' };
const AVATAR = '/open/podcast/v1/avatars/multi_camera';
const QUOTA = '/open/podcast/v1/quota/summary';
let server: MockServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function call(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<{ status: number; headers: Headers; body: unknown }> {
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
    expect(await call(AVATAR, { method: 'POST', body: fixtures.createMultiCameraAvatar.params })).toMatchObject({ status: 200, body: fixtures.createMultiCameraAvatar.response.body });
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
    expect((threeHosts.body as { msg: string }).msg).toMatch(/^invalid request: hosts: /);
    expect((threeHosts.body as { details: { issues: { path: unknown[] }[] } }).details.issues[0]?.path).toStrictEqual(['hosts']);
    const bothIds = await call(AVATAR, { method: 'POST', body: { ...fixtures.createMultiCameraAvatar.params, background: { id: 1, user_background_id: 2 } } });
    expect((bothIds.body as { msg: string }).msg).toMatch(/^invalid request: background/);
    expect((await call('/open/podcast/v1/catalogs/podcasts')).body).toMatchObject({ code: 400, msg: expect.stringMatching(/^invalid request: kind: /) });
    expect((await call('/open/podcast/v1/images?id=abc', { method: 'DELETE' })).body).toMatchObject({ code: 400, msg: expect.stringMatching(/^invalid request: id: /) });
    expect((await call('/open/podcast/v1/images', { method: 'DELETE' })).status).toBe(400);
    const longKey = await call(AVATAR, { method: 'POST', headers: { 'idempotency-key': 'k'.repeat(129) }, body: fixtures.createMultiCameraAvatar.params });
    expect((longKey.body as { msg: string }).msg).toBe('invalid request: Idempotency-Key: at most 128 characters');
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
      server = await startMockServer({ faults: { kind: '500', rate: 0.5, seed: 7 } });
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
});
