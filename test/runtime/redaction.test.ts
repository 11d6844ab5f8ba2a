import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, ConnectionError, Core, type RequestEvent, type ResponseEvent } from '../../templates/runtime.js';
import { startLoopback } from '../helpers/loopback.js';
import { operationSpec, oneScheme, type OneScheme } from './operation-spec.js';

let server: Awaited<ReturnType<typeof startLoopback>>;
beforeAll(async () => {
  server = await startLoopback(() => ({ body: { ok: true } }));
});
afterAll(() => server.close());

/** What the hooks see of one call made with `apiKey` sent as `auth`. */
async function hooksSee(apiKey: string, auth: OneScheme): Promise<{ request: RequestEvent; response: ResponseEvent }> {
  const events: (RequestEvent | ResponseEvent)[] = [];
  const core = new Core({ apiKey, baseUrl: server.url, onRequest: (e) => void events.push(e), onResponse: (e) => void events.push(e) }, oneScheme(auth));
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

  it('in a Basic authorization header, base64 being no secret', async () => {
    const { request } = await hooksSee('user:pass-5be01d9e', { kind: 'basic' });
    expect(request.headers.authorization).toBe('Basic [redacted]');
  });

  it('in the URL, when the key has characters the query escapes', async () => {
    const { request } = await hooksSee('k/5be01d9e+=', { kind: 'apiKey', in: 'query', name: 'api_key' });
    expect(request.url).toBe(`${server.url}/things?api_key=[redacted]`);
    expect(server.requests.at(-1)?.query).toStrictEqual({ api_key: 'k/5be01d9e+=' });
  });

  it('in a cookie, when the key has characters the cookie escapes', async () => {
    const { request } = await hooksSee('k;5be01d9e =', { kind: 'apiKey', in: 'cookie', name: 'key' });
    expect(request.headers.cookie).toBe('key=[redacted]');
  });
});

/** Every form of `key` an upstream might echo back: raw, re-cased, base64, base64url, percent-escaped. */
function copiesOf(key: string): Record<string, string> {
  const base64 = btoa(key);
  return {
    'x-raw': key,
    'x-upper': key.toUpperCase(),
    'x-lower': key.toLowerCase(),
    'x-base64': base64,
    'x-base64-unpadded': base64.replace(/=+$/, ''),
    'x-base64url': base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
    'x-escaped': encodeURIComponent(key),
    'x-escaped-lower': encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()),
    'x-form': new URLSearchParams({ k: key }).toString().slice(2),
    'x-basic': `Basic ${base64}`,
    'x-within': `token=${key};path=/`,
  };
}

describe('what the upstream echoes back is redacted wherever the client shows it', () => {
  const ECHOED = 'Key-5be0/1d9e+Zq?';
  let echo: Awaited<ReturnType<typeof startLoopback>>;
  beforeAll(async () => {
    echo = await startLoopback((request) => ({
      status: request.path === '/fail' ? 401 : 200,
      headers: copiesOf(ECHOED),
      body: { msg: `bad key ${ECHOED.toUpperCase()} / ${btoa(ECHOED)}`, details: copiesOf(ECHOED) },
    }));
  });
  afterAll(() => echo.close());

  const redactedCopies = Object.fromEntries(
    Object.keys(copiesOf(ECHOED)).map((name) => [
      name,
      name === 'x-basic' ? 'Basic [redacted]' : name === 'x-within' ? 'token=[redacted];path=/' : '[redacted]',
    ]),
  );
  const core = (events: unknown[]) =>
    new Core(
      { apiKey: ECHOED, baseUrl: echo.url, maxRetries: 0, onResponse: (e) => void events.push(e) },
      oneScheme({ kind: 'apiKey', in: 'header', name: 'X-Api-Key' }),
    );

  it("in the onResponse hook's headers and the result's headers", async () => {
    const events: ResponseEvent[] = [];
    const result = await core(events).request(operationSpec(), {}, {}).withResponse();
    expect(events[0]?.headers).toMatchObject(redactedCopies);
    expect(result.headers).toMatchObject(redactedCopies);
  });

  it("in an ApiError's message, body and headers", async () => {
    const events: unknown[] = [];
    const error = (await core(events)
      .request(operationSpec({ path: '/fail' }), {}, {})
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('getThing failed with HTTP 401: bad key [redacted] / [redacted]');
    expect(error.headers).toMatchObject(redactedCopies);
    expect(error.details).toStrictEqual(redactedCopies);
    expect(events[0]).toMatchObject({ headers: redactedCopies });
  });

  it("in a JSON body that escapes the key's characters (\\/ as PHP writes it, \\u escapes)", async () => {
    const escaped = JSON.stringify({ msg: `key ${ECHOED}` })
      .replace(/\//g, '\\/')
      .replace(/Z/g, '\\u005a');
    const fetch = async () => new Response(escaped, { status: 401, headers: { 'content-type': 'application/json' } });
    const error = (await new Core({ apiKey: ECHOED, baseUrl: echo.url, fetch, maxRetries: 0 }, oneScheme({ kind: 'none' }))
      .request(operationSpec(), {}, {})
      .catch((e: unknown) => e)) as ApiError;
    expect(error.msg).toBe('key [redacted]');
  });

  it('a failure body nested 100 000 deep is still an ApiError', async () => {
    const depth = 100_000;
    const fetch = async () => new Response(`${'['.repeat(depth)}"${ECHOED}"${']'.repeat(depth)}`, { status: 500 });
    const error = await new Core({ apiKey: ECHOED, baseUrl: echo.url, fetch, maxRetries: 0 }, oneScheme({ kind: 'none' }))
      .request(operationSpec(), {}, {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    let inner = (error as ApiError).body;
    while (Array.isArray(inner)) inner = inner[0];
    expect(inner).toBe('[redacted]');
  });

  it('base64 of a longer text that holds the key, at any alignment', async () => {
    for (const prefix of ['', 'a', 'ab', 'abc']) {
      const shown = redactWith(ECHOED, btoa(`${prefix}${ECHOED}!tail`));
      expect(shown).toContain('[redacted]');
      // At most the two characters either side that mix the key's bits with its neighbours' remain.
      expect(shown.replace('[redacted]', '').length).toBeLessThanOrEqual(btoa(`${prefix}!tail`).length + 4);
    }
  });
});

/** The text as the client shows it, through a header an upstream echoes. */
function redactWith(key: string, text: string): string {
  return new Core({ apiKey: key, baseUrl: 'http://127.0.0.1:9' }, oneScheme({ kind: 'none' })).redact(text);
}

describe('errors never carry the credential', () => {
  it("a connection failure's message is redacted, as the fetch reported it", async () => {
    const fetch = async (url: string | URL | Request): Promise<Response> => {
      throw new TypeError(`fetch failed for ${String(url)}`, { cause: { message: `connect to ${String(url)} refused` } });
    };
    const core = new Core({ apiKey: KEY, baseUrl: 'http://127.0.0.1:9', fetch, maxRetries: 0 }, oneScheme({ kind: 'apiKey', in: 'query', name: 'api_key' }));
    const error = (await core.request(operationSpec(), {}, {}).catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe(
      'getThing: connection failed: fetch failed for http://127.0.0.1:9/things?api_key=[redacted]: connect to http://127.0.0.1:9/things?api_key=[redacted] refused',
    );
  });
});
