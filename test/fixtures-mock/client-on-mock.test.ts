import { afterEach, describe, expect, it } from 'vitest';
import { createPodcastClient } from '../../generated/client.js';
import { fixtures } from '../../generated/fixtures/index.js';
import { startMockServer, type MockServer } from '../../generated/mock/index.js';
import { operations } from '../../generated/operations.js';
import { ConnectionError, RateLimitError, TimeoutError } from '../../generated/runtime.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

describe('the generated client on the mock server', () => {
  it('completes every operation with the fixture params and returns the fixture data', async () => {
    server = await startMockServer();
    const client = createPodcastClient({ apiKey: 'test-key', baseUrl: server.url }) as unknown as Record<string, AnyMethod>;
    const ids = Object.keys(fixtures) as (keyof typeof fixtures)[];
    expect(ids).toHaveLength(12);
    for (const id of ids) {
      const fixture = fixtures[id];
      const spec = operations.find((o) => o.operationId === id);
      if (!spec) throw new Error(id);
      const method = client[spec.methodName] as AnyMethod;
      const args = spec.fields.length > 0 ? [fixture.params] : [];
      const data = await method.call(client, ...args);
      expect(data, id).toStrictEqual((fixture.response.body as { data: unknown }).data);
    }
    expect(server.requests.map((r) => [r.operationId, r.status])).toStrictEqual(ids.map((id) => [id, 200]));
    expect(server.requests.every((r) => r.apiKey)).toBe(true);
  });

  it('retries an injected 429 after Retry-After and succeeds', async () => {
    server = await startMockServer({ faults: { kind: '429', every: 2 } });
    const client = createPodcastClient({ apiKey: 'test-key', baseUrl: server.url });
    await client.quotaSummary();
    const data = await client.createMultiCameraAvatar(fixtures.createMultiCameraAvatar.params, { idempotencyKey: 'order-42' });
    expect(data).toStrictEqual(fixtures.createMultiCameraAvatar.response.body.data);
    expect(server.requests.map((r) => r.status)).toStrictEqual([200, 429, 200]);
    expect(server.requests[1]?.headers['idempotency-key']).toBe('order-42');
    expect(server.requests[2]?.headers['idempotency-key']).toBe('order-42');
  });

  it('surfaces a RateLimitError with retryAfter when retries run out', async () => {
    server = await startMockServer({ faults: { kind: '429', every: 1 }, retryAfterSeconds: 1 });
    const client = createPodcastClient({ apiKey: 'test-key', baseUrl: server.url, maxRetries: 0 });
    const error = await client.quotaSummary().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfter: 1 });
  });

  it('retries a reset connection on a GET and succeeds', async () => {
    server = await startMockServer({ faults: { kind: 'reset', every: 2 } });
    const client = createPodcastClient({ apiKey: 'test-key', baseUrl: server.url });
    await client.quotaSummary();
    expect(await client.getVoiceCloneAllowance()).toStrictEqual(fixtures.getVoiceCloneAllowance.response.body.data);
    expect(server.requests.map((r) => r.fault ?? r.status)).toStrictEqual([200, 'reset', 200]);
  });

  it('surfaces a ConnectionError when every attempt is reset', async () => {
    server = await startMockServer();
    const client = createPodcastClient({ apiKey: 'test-key', baseUrl: server.url, maxRetries: 1 });
    const error = await client.quotaSummary({ headers: { 'x-mock-fault': 'reset' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(server.requests.map((r) => r.fault)).toStrictEqual(['reset', 'reset']);
  });

  it('gives up on a timeout fault with a TimeoutError', async () => {
    server = await startMockServer();
    const client = createPodcastClient({ apiKey: 'test-key', baseUrl: server.url, maxRetries: 0, timeoutMs: 150 });
    const error = await client.quotaSummary({ headers: { 'x-mock-fault': 'timeout' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });
});
