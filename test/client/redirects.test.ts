import { afterEach, describe, expect, it } from 'vitest';
import { createPodcastClient, RedirectError, type PodcastClientOptions } from '../../generated/index.js';
import { envelope, startLoopback, type Handler, type SeenRequest } from '../helpers/loopback.js';

// Two loopback servers on different ports are different origins: `api` is the client's baseUrl,
// `elsewhere` is where a redirect may point.
const API_KEY = 'secret-key-71c04e2b';
const hosts: [{ name: string; photo_url: string }, { name: string; photo_url: string }] = [
  { name: 'A', photo_url: 'https://cdn.example.com/a.jpg' },
  { name: 'B', photo_url: 'https://cdn.example.com/b.jpg' },
];
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(handler: Handler) {
  const server = await startLoopback(handler);
  servers.push(server);
  return server;
}

/** An API that redirects its first request with `status` to `target(elsewhere's URL)`, and another origin that answers. */
async function redirecting(status: number, target: (elsewhere: string) => string, options: Partial<PodcastClientOptions> = {}) {
  const elsewhere = await serve(() => ({ body: envelope({ plan_id: 2, podcast_avatar_id: 2, pack_ids: [] }) }));
  const api = await serve((request) =>
    request.path.startsWith('/moved')
      ? { body: envelope({ plan_id: 1, podcast_avatar_id: 1, pack_ids: [] }) }
      : { status, headers: { location: target(elsewhere.url) } },
  );
  const client = createPodcastClient({ apiKey: API_KEY, baseUrl: api.url, maxRetries: 0, ...options });
  return { api, elsewhere, client };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** Asserts nothing of a request carries the key, in any header or the URL. */
function expectNoKey(request: SeenRequest | undefined): void {
  expect(JSON.stringify(request)).not.toContain(API_KEY);
}

const summaryPath = '/open/podcast/v1/quota/summary';
const avatarPath = '/open/podcast/v1/avatars/multi_camera';

describe('a redirect to another origin is not followed by default', () => {
  it.each([301, 302, 303, 307, 308])('%i on a GET: a RedirectError naming the status and the target origin; the other origin sees nothing', async (status) => {
    const { elsewhere, client } = await redirecting(status, (url) => `${url}/steal?x=1`);
    const error = await caught(client.quotaSummary());
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status, targetOrigin: elsewhere.url, operationId: 'quotaSummary' });
    expect((error as Error).message).toContain(elsewhere.url);
    expect(JSON.stringify(error) + String(error)).not.toContain(API_KEY);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('307 on a POST: neither the key nor the body reaches the other origin', async () => {
    const { api, elsewhere, client } = await redirecting(307, (url) => `${url}/steal`);
    const error = await caught(client.createMultiCameraAvatar({ background: { id: 7 }, hosts, prompt: 'private prompt' }));
    expect(error).toMatchObject({ name: 'RedirectError', status: 307 });
    expect(elsewhere.requests).toHaveLength(0);
    expect(api.requests).toHaveLength(1);
  });

  it('the same host under another name, or another scheme, is another origin', async () => {
    const { client } = await redirecting(301, (url) => url.replace('127.0.0.1', 'localhost'));
    expect(await caught(client.quotaSummary())).toBeInstanceOf(RedirectError);
    const secure = await redirecting(301, (url) => url.replace('http:', 'https:'));
    expect(await caught(secure.client.quotaSummary())).toBeInstanceOf(RedirectError);
  });

  it('a target that is no http(s) URL is refused', async () => {
    const { client } = await redirecting(302, () => 'file:///etc/passwd');
    expect(await caught(client.quotaSummary())).toMatchObject({ name: 'RedirectError', status: 302, targetOrigin: 'file://' });
  });
});

describe("redirects: 'follow-without-credential'", () => {
  const follow = { redirects: 'follow-without-credential' } as const;

  it.each([301, 302])('%i on a GET: followed without the key', async (status) => {
    const { elsewhere, client } = await redirecting(status, (url) => `${url}${summaryPath}`, follow);
    expect(await client.quotaSummary()).toMatchObject({ plan_id: 2 });
    expect(elsewhere.requests).toHaveLength(1);
    expectNoKey(elsewhere.requests[0]);
    expect(elsewhere.requests[0]?.headers['x-api-key']).toBeUndefined();
  });

  it.each([301, 302, 303])('%i on a POST: followed as a GET without the key and without the body', async (status) => {
    const { elsewhere, client } = await redirecting(status, (url) => `${url}/elsewhere`, follow);
    await client.createMultiCameraAvatar({ background: { id: 7 }, hosts, prompt: 'private prompt' });
    const [seen] = elsewhere.requests;
    expect([seen?.method, seen?.body, seen?.headers['content-type']]).toStrictEqual(['GET', '', undefined]);
    expectNoKey(seen);
  });

  it('307 on a POST keeps the method, the body and the idempotency key, and drops the key', async () => {
    const { api, elsewhere, client } = await redirecting(307, (url) => `${url}/elsewhere`, follow);
    await client.createMultiCameraAvatar({ background: { id: 7 }, hosts }, { idempotencyKey: 'order-7' });
    const [seen] = elsewhere.requests;
    expect(seen?.method).toBe('POST');
    expect(JSON.parse(seen?.body ?? '')).toStrictEqual({ background: { id: 7 }, hosts });
    expect(seen?.headers['idempotency-key']).toBe('order-7');
    expect(api.requests[0]?.headers['idempotency-key']).toBe('order-7');
    expectNoKey(seen);
  });

  it('a credential dropped once stays dropped, even when a later hop comes back to the API', async () => {
    let apiUrl = '';
    const elsewhere = await serve(() => ({ status: 302, headers: { location: `${apiUrl}/moved` } }));
    const api = await serve((request) =>
      request.path === '/moved' ? { body: envelope({ plan_id: 1 }) } : { status: 302, headers: { location: `${elsewhere.url}/bounce` } },
    );
    apiUrl = api.url;
    const client = createPodcastClient({ apiKey: API_KEY, baseUrl: api.url, ...follow });
    expect(await client.quotaSummary()).toStrictEqual({ plan_id: 1 });
    expect(api.requests.map((r) => [r.path, r.headers['x-api-key']])).toStrictEqual([
      [summaryPath, API_KEY],
      ['/moved', undefined],
    ]);
  });
});

describe('a redirect within the origin is followed with the key', () => {
  it.each([301, 302, 307, 308])('%i on a GET', async (status) => {
    const { api, client } = await redirecting(status, () => '/moved/summary');
    expect(await client.quotaSummary()).toMatchObject({ plan_id: 1 });
    expect(api.requests.map((r) => [r.method, r.path, r.headers['x-api-key']])).toStrictEqual([
      ['GET', summaryPath, API_KEY],
      ['GET', '/moved/summary', API_KEY],
    ]);
  });

  it('307 and 308 on a POST keep the method, the body and the idempotency key', async () => {
    for (const status of [307, 308]) {
      const { api, client } = await redirecting(status, () => '/moved');
      await client.createMultiCameraAvatar({ background: { id: 7 }, hosts }, { idempotencyKey: `order-${status}` });
      const [first, second] = api.requests;
      expect([first?.path, second?.path, second?.method]).toStrictEqual([avatarPath, '/moved', 'POST']);
      expect(second?.body).toBe(first?.body);
      expect(second?.headers['idempotency-key']).toBe(`order-${status}`);
      expect(second?.headers['x-api-key']).toBe(API_KEY);
    }
  });

  it('303 on a POST is followed as a GET without the body', async () => {
    const { api, client } = await redirecting(303, () => '/moved');
    await client.createMultiCameraAvatar({ background: { id: 7 }, hosts });
    const second = api.requests[1];
    expect([second?.method, second?.body, second?.headers['content-type'], second?.headers['x-api-key']]).toStrictEqual(['GET', '', undefined, API_KEY]);
  });

  it('stops after 5 hops with a RedirectError', async () => {
    const api = await serve((_, i) => ({ status: 302, headers: { location: `/hop/${i}` } }));
    const client = createPodcastClient({ apiKey: API_KEY, baseUrl: api.url });
    const error = await caught(client.quotaSummary());
    expect(error).toMatchObject({ name: 'RedirectError', status: 302 });
    expect((error as Error).message).toMatch(/more than 5 redirects/);
    expect(api.requests).toHaveLength(6);
  });

  it('the hooks see each hop, redacted', async () => {
    const events: { url: string; status?: number; headers: Record<string, string> }[] = [];
    const { client } = await redirecting(302, () => '/moved', { onRequest: (e) => void events.push(e), onResponse: (e) => void events.push(e) });
    await client.quotaSummary();
    expect(events.map((e) => [new URL(e.url).pathname, e.status])).toStrictEqual([
      [summaryPath, undefined],
      [summaryPath, 302],
      ['/moved', undefined],
      ['/moved', 200],
    ]);
    expect(JSON.stringify(events)).not.toContain(API_KEY);
  });
});
