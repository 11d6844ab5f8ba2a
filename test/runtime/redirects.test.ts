import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core, RedirectError, type CoreOptions } from '../../templates/runtime.js';
import { startLoopback } from '../helpers/loopback.js';
import { operationSpec, oneScheme, type OneScheme } from './operation-spec.js';

// How the credential travels across redirects, for each place it can go; the generated client's
// behaviour on two real origins is in test/client/redirects.test.ts.
const KEY = 'key-3c9e41d7';
let api: Awaited<ReturnType<typeof startLoopback>>;
let other: Awaited<ReturnType<typeof startLoopback>>;
beforeAll(async () => {
  other = await startLoopback(() => ({ body: { at: 'other' } }));
  api = await startLoopback((request) =>
    request.path === '/things'
      ? {
          status: 302,
          headers: {
            location: request.query.to === 'api' ? '/landing?keep=1' : `${other.url}/landing?${request.query.to === 'echo' ? `api_key=${KEY}&` : ''}keep=1`,
          },
        }
      : { body: { at: 'api' } },
  );
});
afterAll(async () => {
  await api.close();
  await other.close();
});

function core(auth: OneScheme, options: Partial<CoreOptions> = {}): Core {
  return new Core({ apiKey: KEY, baseUrl: api.url, maxRetries: 0, ...options }, oneScheme(auth));
}

const toField = operationSpec({ fields: [{ name: 'to', in: 'query', wireName: 'to', required: true }] });

describe('the credential across a redirect', () => {
  it('in the query: put back on a hop within the origin', async () => {
    const before = api.requests.length;
    expect(await core({ kind: 'apiKey', in: 'query', name: 'api_key' }).request(toField, { to: 'api' }, {})).toStrictEqual({ at: 'api' });
    expect(api.requests.slice(before).map((r) => r.query)).toStrictEqual([
      { to: 'api', api_key: KEY },
      { keep: '1', api_key: KEY },
    ]);
  });

  it('in the query: taken off a hop to another origin, even where the Location echoes it', async () => {
    const before = other.requests.length;
    await core({ kind: 'apiKey', in: 'query', name: 'api_key' }, { redirects: 'follow-without-credential' }).request(toField, { to: 'echo' }, {});
    expect(other.requests.slice(before).map((r) => r.query)).toStrictEqual([{ keep: '1' }]);
  });

  it('a Location that carries the key another way to another origin is refused', async () => {
    const leaky = await startLoopback(() => ({ status: 302, headers: { location: `${other.url}/landing/${KEY}` } }));
    const client = new Core(
      { apiKey: KEY, baseUrl: leaky.url, redirects: 'follow-without-credential' },
      oneScheme({ kind: 'apiKey', in: 'header', name: 'X-Api-Key' }),
    );
    const error = await client.request(operationSpec(), {}, {}).catch((e: unknown) => e);
    await leaky.close();
    expect(error).toBeInstanceOf(RedirectError);
    expect(String(error)).not.toContain(KEY);
  });

  const dropped: [string, OneScheme, Record<string, string>][] = [
    ['a bearer token', { kind: 'bearer' }, {}],
    ['a cookie, with the other cookies', { kind: 'apiKey', in: 'cookie', name: 'key' }, {}],
    [
      'a header, and a copy the caller added under another name',
      { kind: 'apiKey', in: 'header', name: 'X-Api-Key' },
      { 'x-mine': `k=${KEY}`, authorization: 'Basic other', 'x-kept': 'yes' },
    ],
  ];
  it.each(dropped)('%s: not sent to another origin', async (_name, auth, headers) => {
    const before = other.requests.length;
    await core(auth, { redirects: 'follow-without-credential', headers }).request(toField, { to: 'other' }, {});
    const seen = other.requests.slice(before);
    expect(seen).toHaveLength(1);
    expect(JSON.stringify(seen)).not.toContain(KEY);
    expect([seen[0]?.headers.authorization, seen[0]?.headers.cookie]).toStrictEqual([undefined, undefined]);
    if (headers['x-kept']) expect(seen[0]?.headers['x-kept']).toBe('yes');
  });
});

describe('in a browser', () => {
  it("an opaqueredirect answer (redirect: 'manual' hides the target) is a RedirectError saying why", async () => {
    const opaque = { type: 'opaqueredirect', status: 0, ok: false, statusText: '', headers: new Headers(), body: null } as unknown as Response;
    const sent: RequestInit[] = [];
    const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
      sent.push(init ?? {});
      return opaque;
    };
    const error = await new Core({ apiKey: KEY, baseUrl: 'https://api.example.com', fetch }, oneScheme({ kind: 'none' }))
      .request(operationSpec(), {}, {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: 0, targetOrigin: undefined });
    expect((error as Error).message).toMatch(/browser hides a redirect's target/);
    expect(sent.map((init) => init.redirect)).toStrictEqual(['manual']);
  });
});

describe('the options', () => {
  it('refuse values they do not know', () => {
    expect(() => new Core({ apiKey: KEY, baseUrl: 'http://127.0.0.1:9', redirects: 'follow' as never }, oneScheme({ kind: 'none' }))).toThrow(/redirects/);
    expect(() => new Core({ apiKey: KEY, baseUrl: 'http://127.0.0.1:9', maxResponseBytes: -1 }, oneScheme({ kind: 'none' }))).toThrow(/maxResponseBytes/);
    expect(() => new Core({ apiKey: KEY, baseUrl: 'http://127.0.0.1:9', maxResponseBytes: Number.NaN }, oneScheme({ kind: 'none' }))).toThrow(
      /maxResponseBytes/,
    );
  });
});
