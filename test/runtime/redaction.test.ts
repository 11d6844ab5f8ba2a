import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionError, Core, type AuthSpec, type RequestEvent, type ResponseEvent } from '../../templates/runtime.js';
import { startLoopback } from '../helpers/loopback.js';
import { operationSpec } from './operation-spec.js';

let server: Awaited<ReturnType<typeof startLoopback>>;
beforeAll(async () => {
  server = await startLoopback(() => ({ body: { ok: true } }));
});
afterAll(() => server.close());

/** What the hooks see of one call made with `apiKey` sent as `auth`. */
async function hooksSee(apiKey: string, auth: AuthSpec): Promise<{ request: RequestEvent; response: ResponseEvent }> {
  const events: (RequestEvent | ResponseEvent)[] = [];
  const core = new Core({ apiKey, baseUrl: server.url, onRequest: (e) => void events.push(e), onResponse: (e) => void events.push(e) }, auth);
  await core.request(operationSpec(), {}, {});
  const [request, response] = events as [RequestEvent, ResponseEvent];
  return { request, response };
}

const KEY = 'key-5be01d9e';

describe('the hooks never see the credential', () => {
  it('in the URL, when it travels in the query', async () => {
    const { request, response } = await hooksSee(KEY, { kind: 'apiKey', in: 'query', name: 'api_key' });
    expect(request.url).toBe(`${server.url}/things?api_key=[redacted]`);
    expect(response.url).toBe(request.url);
    expect(server.requests.at(-1)?.query).toStrictEqual({ api_key: KEY });
  });

  it('in a bearer header or a cookie', async () => {
    expect((await hooksSee(KEY, { kind: 'bearer' })).request.headers.authorization).toBe('Bearer [redacted]');
    expect((await hooksSee(KEY, { kind: 'apiKey', in: 'cookie', name: 'key' })).request.headers.cookie).toBe('key=[redacted]');
  });

  // Known gaps: only the key's own text is searched for, so a credential sent encoded (base64 for
  // Basic, percent-escaped in a query or cookie) reaches the hooks readable. The podcast document
  // sends its key as a plain header; fixing this changes the generated runtime.ts.
  it.fails('in a Basic authorization header, base64 being no secret', async () => {
    const { request } = await hooksSee('user:pass-5be01d9e', { kind: 'basic' });
    expect(request.headers.authorization).toBe('Basic [redacted]');
  });

  it.fails('in the URL, when the key has characters the query escapes', async () => {
    const { request } = await hooksSee('k/5be01d9e+=', { kind: 'apiKey', in: 'query', name: 'api_key' });
    expect(request.url).not.toContain(encodeURIComponent('k/5be01d9e+='));
  });
});

describe('errors never carry the credential', () => {
  it("a connection failure's message is redacted, as the fetch reported it", async () => {
    const fetch = async (url: string | URL | Request): Promise<Response> => {
      throw new TypeError(`fetch failed for ${String(url)}`, { cause: { message: `connect to ${String(url)} refused` } });
    };
    const core = new Core({ apiKey: KEY, baseUrl: 'http://127.0.0.1:9', fetch, maxRetries: 0 }, { kind: 'apiKey', in: 'query', name: 'api_key' });
    const error = (await core.request(operationSpec(), {}, {}).catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe('getThing: connection failed: fetch failed for http://127.0.0.1:9/things?api_key=[redacted]: connect to http://127.0.0.1:9/things?api_key=[redacted] refused');
  });
});
