import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  ConnectionError,
  createPodcastClient,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
} from '../../generated/index.js';
import { envelope, startLoopback, type Handler } from '../helpers/loopback.js';

const API_KEY = 'secret-key-9d2e4b17';
const hosts: [{ name: string; photo_url: string }, { name: string; photo_url: string }] = [
  { name: 'A', photo_url: 'https://cdn.example.com/a.jpg' },
  { name: 'B', photo_url: 'https://cdn.example.com/b.jpg' },
];
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setUp(handler: Handler, options: Record<string, unknown> = {}) {
  const server = await startLoopback(handler);
  servers.push(server);
  return { server, client: createPodcastClient({ apiKey: API_KEY, baseUrl: server.url, ...options }) };
}

/** Asserts the API key is nowhere in what an error exposes. */
function expectNoKey(error: unknown): void {
  const e = error as Error;
  for (const text of [e.message, String(e), e.stack ?? '', JSON.stringify(e), JSON.stringify(Object.entries(e))]) expect(text).not.toContain(API_KEY);
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

const rateLimited = { status: 429, headers: { 'retry-after': '1' }, body: { code: 42901, msg: 'rate limit exceeded', retry_after: 1 } };

describe('API failures', () => {
  it('an envelope failure is an ApiError with code, msg, cause, details and rid', async () => {
    const { client } = await setUp(() => ({
      status: 400,
      body: { code: 1001, msg: 'prompt too long', cause: 'validation', details: { field: 'prompt' }, rid: 'r-1' },
    }));
    const error = await caught(client.regenerateBackground({ user_background_id: 1 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 1001, msg: 'prompt too long', cause: 'validation', details: { field: 'prompt' }, rid: 'r-1' });
    expect((error as Error).message).toContain('prompt too long');
    expectNoKey(error);
  });

  it('a non-JSON failure body still gives a typed error with its status', async () => {
    const { client } = await setUp(() => ({ status: 502, body: 'Bad Gateway' }), { maxRetries: 0 });
    const error = await caught(client.quotaSummary());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, body: 'Bad Gateway', code: undefined });
  });

  it('429 waits Retry-After, then retries with the same idempotency key', async () => {
    const { server, client } = await setUp((_, i) => (i === 0 ? rateLimited : { body: envelope({ podcast_avatar_id: 1, pack_ids: [] }) }));
    const data = await client.createMultiCameraAvatar({ background: { id: 7 }, hosts });
    expect(data).toStrictEqual({ podcast_avatar_id: 1, pack_ids: [] });
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
    expect(first!.headers['idempotency-key']).toBeTruthy();
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('429 past the retry budget is a RateLimitError with retryAfter, after a bounded number of attempts', async () => {
    const { server, client } = await setUp(() => rateLimited, { maxRetries: 1 });
    const error = await caught(client.quotaSummary());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfter: 1, code: 42901 });
    expect(server.requests).toHaveLength(2);
    expectNoKey(error);
  });

  it('takes retry_after from the body when the header is absent', async () => {
    const { client } = await setUp(() => ({ status: 429, body: { code: 1, msg: 'slow down', retry_after: 7 } }), { maxRetries: 0 });
    expect(await caught(client.quotaSummary())).toMatchObject({ retryAfter: 7 });
  });

  it('does not sleep a Retry-After longer than the cap: it throws at once', async () => {
    const { server, client } = await setUp(() => ({ ...rateLimited, headers: { 'retry-after': '120' } }), { maxRetryWaitMs: 5_000 });
    const error = await caught(client.quotaSummary());
    expect(error).toMatchObject({ retryAfter: 120 });
    expect(server.requests).toHaveLength(1);
  });

  it('a negative retry_after still waits 100 ms between attempts, and the error shows 0', async () => {
    const { server, client } = await setUp(() => ({ status: 429, body: { code: 42901, msg: 'slow down', retry_after: -1e9 } }));
    const error = await caught(client.quotaSummary());
    expect(error).toMatchObject({ name: 'RateLimitError', retryAfter: 0 });
    expect(server.requests).toHaveLength(3);
    const [first, second, third] = server.requests.map((r) => r.at);
    expect(second! - first!).toBeGreaterThanOrEqual(95);
    expect(third! - second!).toBeGreaterThanOrEqual(95);
  });

  it('503 from quota summary is retried and then succeeds', async () => {
    const { server, client } = await setUp((_, i) => (i === 0 ? { status: 503, headers: { 'retry-after': '1' } } : { body: envelope({ plan_id: 1 }) }));
    expect(await client.quotaSummary()).toStrictEqual({ plan_id: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it('503 where the document does not declare it is thrown at once, not retried', async () => {
    const { server, client } = await setUp(() => ({ status: 503, body: { code: 503, msg: 'unavailable', rid: 'r-5' } }));
    expect(await caught(client.getSubscription())).toMatchObject({ status: 503, code: 503, rid: 'r-5' });
    expect(server.requests).toHaveLength(1);
  });

  it("a 429 on an operation that declares none still takes the body's retry_after", async () => {
    const { client } = await setUp(() => ({ status: 429, body: { code: 429, msg: 'slow down', retry_after: 120 } }));
    const error = await caught(client.getSubscription());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfter: 120 });
  });

  it('a server that echoes the key in an error body and header does not put it in the error', async () => {
    const { client } = await setUp((request) => ({
      status: 401,
      headers: { 'x-seen-key': String(request.headers['x-api-key']) },
      body: { code: 401, msg: `invalid key ${String(request.headers['x-api-key'])}`, details: { key: request.headers['x-api-key'] }, rid: 'r-k' },
    }));
    const error = await caught(client.getSubscription());
    expect(error).toMatchObject({ status: 401, msg: 'invalid key [redacted]', details: { key: '[redacted]' }, headers: { 'x-seen-key': '[redacted]' } });
    expectNoKey(error);
  });

  it("a status past 599 (fetch passes on any three digits) is an ApiError with that status, not the RangeError of Response's constructor", async () => {
    for (const status of [600, 999]) {
      const { server, client } = await setUp(() => ({ status, body: { code: status, msg: `odd ${API_KEY}`, rid: 'r-9' } }));
      const error = await caught(client.quotaSummary());
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, code: status, msg: 'odd [redacted]', rid: 'r-9' });
      expect(server.requests).toHaveLength(1);
      expectNoKey(error);
    }
  });

  it('a response header name that fetch passes on but Headers refuses still gives the data, or the ApiError', async () => {
    const answer = (status: number, body: string) =>
      `HTTP/1.1 ${status} X\r\ncontent-type: application/json\r\nx bad name: 1\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
    const { client } = await setUp((_, i) =>
      i === 0 ? { raw: answer(200, JSON.stringify(envelope({ free_count: 2 }))) } : { raw: answer(400, JSON.stringify({ code: 4, msg: 'no' })) },
    );
    expect(await client.getVoiceCloneAllowance()).toStrictEqual({ free_count: 2 });
    expect(await caught(client.getVoiceCloneAllowance())).toMatchObject({ name: 'ApiError', status: 400, code: 4, msg: 'no' });
  });

  it('a POST is not retried on a 500 (its side effect may have happened)', async () => {
    const { server, client } = await setUp(() => ({ status: 500, body: { code: 5000, msg: 'internal', rid: 'r' } }));
    expect(await caught(client.addImage({ image_material: 'x' }))).toMatchObject({ status: 500 });
    expect(server.requests).toHaveLength(1);
  });
});

describe('connection failures, timeouts and aborts', () => {
  it('times out against a hanging server', async () => {
    const { server, client } = await setUp(() => ({ hang: true }), { timeoutMs: 200, maxRetries: 1 });
    const error = await caught(client.quotaSummary());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(server.requests).toHaveLength(2);
    expectNoKey(error);
  });

  it('aborts when the caller aborts', async () => {
    const { client } = await setUp(() => ({ hang: true }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await caught(client.quotaSummary({ signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortError);
    expectNoKey(error);
  });

  it('a body fetch cannot decompress, ended by a close, still times out or aborts (its reader waits past the abort)', async () => {
    const raw = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-encoding: gzip\r\nconnection: close\r\n\r\n{"not":"gzip"}';
    const { server, client } = await setUp(() => ({ raw }), { timeoutMs: 200, maxRetries: 1 });
    const started = performance.now();
    const error = await caught(client.quotaSummary());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(server.requests).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(5_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect(await caught(client.quotaSummary({ signal: controller.signal, timeoutMs: 60_000 }))).toBeInstanceOf(AbortError);
    expectNoKey(error);
  });

  it('a reset POST is retried with the same idempotency key', async () => {
    const { server, client } = await setUp((_, i) => (i === 0 ? { reset: true } : { body: envelope({ id: 3 }) }));
    expect(await client.addImage({ image_material: 'https://cdn.example.com/x.png' }, { idempotencyKey: 'k-1' })).toStrictEqual({ id: 3 });
    expect(server.requests.map((r) => r.headers['idempotency-key'])).toStrictEqual(['k-1', 'k-1']);
  });

  it('a refused connection is a ConnectionError without the key', async () => {
    const { server } = await setUp(() => ({}));
    const url = server.url;
    await server.close();
    servers.length = 0;
    const client = createPodcastClient({ apiKey: API_KEY, baseUrl: url, maxRetries: 1 });
    const error = await caught(client.getVoiceCloneAllowance());
    expect(error).toBeInstanceOf(ConnectionError);
    expectNoKey(error);
  });
});

describe('validation', () => {
  const cases: [string, Record<string, unknown>, RequestInitLike?][] = [
    ['one host', { background: { id: 7 }, hosts: [hosts[0]] }],
    ['three hosts', { background: { id: 7 }, hosts: [...hosts, hosts[0]] }],
    ['a prompt of 16001 characters', { background: { id: 7 }, hosts, prompt: 'x'.repeat(16001) }],
    ['both background ids', { background: { id: 7, user_background_id: 8 }, hosts }],
    ['neither background id', { background: {}, hosts }],
    ['an unknown avatar_type', { background: { id: 7 }, hosts, avatar_type: 'robot' }],
    ['an image model outside 3, 9, 11', { background: { id: 7 }, hosts, model: 4 }],
    ['a missing hosts field', { background: { id: 7 } }],
    ['an idempotency key of 129 characters', { background: { id: 7 }, hosts }, { idempotencyKey: 'k'.repeat(129) }],
  ];
  type RequestInitLike = { idempotencyKey?: string };

  it.each(cases)('rejects %s before any request is sent', async (_, params, options) => {
    const { server, client } = await setUp(() => ({ body: envelope({}) }));
    const error = await caught(client.createMultiCameraAvatar(params as never, options));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues.length).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(0);
    expectNoKey(error);
  });

  it("checks the idempotency key even with validate: 'off'", async () => {
    const { server, client } = await setUp(() => ({ body: envelope({}) }), { validate: 'off' });
    const error = await caught(client.addImage({ image_material: 'x' }, { idempotencyKey: 'k'.repeat(129) }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues.map((i) => i.path.join('.'))).toStrictEqual(['idempotencyKey']);
    expect(server.requests).toHaveLength(0);
  });

  it('accepts exactly 16000 characters', async () => {
    const { server, client } = await setUp(() => ({ body: envelope({ podcast_avatar_id: 1 }) }));
    await client.createMultiCameraAvatar({ background: { user_background_id: 8 }, hosts, prompt: 'x'.repeat(16000) });
    expect(server.requests).toHaveLength(1);
  });

  it('names the path of a bad request field', async () => {
    const { client } = await setUp(() => ({ body: envelope({}) }));
    const error = (await caught(client.createMultiCameraAvatar({ background: { id: 7 }, hosts, avatar_type: 'robot' as never }))) as RequestValidationError;
    expect(error.issues.map((i) => i.path.join('.'))).toContain('avatar_type');
  });

  it('a wrong-typed response field is an error naming the field', async () => {
    const { client } = await setUp(() => ({ body: envelope({ credits_remaining: 'lots' }) }));
    const error = await caught(client.quotaSummary());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain('data.credits_remaining');
    expectNoKey(error);
  });

  it("a wrong-typed envelope field (rid, code) is an error naming it; the envelope's extra fields pass", async () => {
    const { client } = await setUp(() => ({ body: { code: 0, msg: 'ok', cause: '', data: { free_count: 1 }, details: null, rid: 5, trace: 'x' } }));
    const error = await caught(client.getVoiceCloneAllowance());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((i) => i.path.join('.'))).toStrictEqual(['rid']);
    const { client: fine } = await setUp(() => ({ body: { code: 0, msg: 'ok', data: { free_count: 1 }, rid: 'r', trace: 'x' } }));
    const result = await fine.getVoiceCloneAllowance().withResponse();
    expect(result).toMatchObject({ data: { free_count: 1 }, rid: 'r', body: { trace: 'x' } });
  });

  it("validate: 'request' skips the response check, 'response' skips the request check", async () => {
    const { server, client } = await setUp(() => ({ body: envelope('not an object') }));
    expect(await client.quotaSummary({ validate: 'request' })).toBe('not an object');
    await expect(client.quotaSummary({ validate: 'response' })).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(client.createMultiCameraAvatar({ background: { id: 7 }, hosts: [] as never }, { validate: 'response' })).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
    expect(server.requests).toHaveLength(3);
    await expect(client.createMultiCameraAvatar({ background: { id: 7 }, hosts: [] as never }, { validate: 'request' })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(server.requests).toHaveLength(3);
  });

  it('an extra response field passes through untouched', async () => {
    const { client } = await setUp(() => ({ body: envelope({ free_count: 2, brand_new: { nested: true } }) }));
    expect(await client.getVoiceCloneAllowance()).toStrictEqual({ free_count: 2, brand_new: { nested: true } });
  });

  it("validate: 'off' sends what it is given and returns what it gets", async () => {
    const { server, client } = await setUp(() => ({ body: envelope({ credits_remaining: 'lots' }) }), { validate: 'off' });
    expect(await client.quotaSummary()).toStrictEqual({ credits_remaining: 'lots' });
    await client.createMultiCameraAvatar({ background: { id: 7 }, hosts: [] as never }, { validate: 'off' });
    expect(server.requests).toHaveLength(2);
  });
});

describe('hooks and headers', () => {
  it('hooks see every attempt, with the key redacted', async () => {
    const events: unknown[] = [];
    const { client } = await setUp(() => ({ body: envelope({ free_count: 1 }) }), {
      headers: { 'x-trace': 't-1' },
      onRequest: (e: unknown) => void events.push(e),
      onResponse: (e: unknown) => void events.push(e),
    });
    await client.getVoiceCloneAllowance({ headers: { 'x-call': 'c-1' } });
    expect(events).toHaveLength(2);
    expect(JSON.stringify(events)).not.toContain(API_KEY);
    expect(events[0]).toMatchObject({
      operationId: 'getVoiceCloneAllowance',
      method: 'GET',
      attempt: 1,
      headers: { 'X-Api-Key': '[redacted]', 'x-trace': 't-1', 'x-call': 'c-1' },
    });
    expect(events[1]).toMatchObject({ status: 200 });
  });

  it('refuses to be built without an API key or a base URL', () => {
    expect(() => createPodcastClient({ apiKey: '', baseUrl: 'http://127.0.0.1:1' })).toThrow(/apiKey/);
    expect(() => createPodcastClient({ apiKey: 'k', baseUrl: '' })).toThrow(/baseUrl/);
  });
});
