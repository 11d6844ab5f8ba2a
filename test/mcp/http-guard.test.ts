/**
 * templates/mcp/http-guard.ts, what the generated HTTP handler decides from headers alone: the Host
 * and Origin rules, static tokens compared in constant time, and the bounded read of a body.
 */
import { describe, expect, it } from 'vitest';
import { accessRules, checkAccess, constantTimeEqual, readBoundedBody, staticTokens } from '../../templates/mcp/http-guard.js';

describe('accessRules and checkAccess', () => {
  const rules = accessRules({ listenHost: '0.0.0.0', allowedHosts: ['mcp.example.com'], allowedOrigins: ['https://app.example:8443', 'tools.example'] });
  const table: { given: Record<string, string>; want: number | undefined }[] = [
    { given: { host: '127.0.0.1:3000' }, want: undefined },
    { given: { host: 'mcp.example.com' }, want: undefined },
    { given: { host: 'evil.example.com' }, want: 403 },
    { given: {}, want: 400 },
    { given: { host: 'localhost', origin: 'https://app.example:8443' }, want: undefined },
    { given: { host: 'localhost', origin: 'https://app.example:9000' }, want: 403 },
    { given: { host: 'localhost', origin: 'http://tools.example:1234' }, want: undefined },
    { given: { host: 'localhost', origin: 'null' }, want: 403 },
    { given: { host: 'localhost', origin: 'http://localhost:5173' }, want: undefined },
  ];
  it.each(table)('answers $want given $given', ({ given, want }) => {
    expect(checkAccess({ headers: new Headers(given), url: 'about:blank' }, rules)?.status).toBe(want);
  });

  it('answers to its own listening address, and refuses an origin entry that is none', () => {
    expect(checkAccess({ headers: new Headers({ host: '10.0.0.5:80' }), url: 'about:blank' }, accessRules({ listenHost: '10.0.0.5' }))).toBeUndefined();
    expect(checkAccess({ headers: new Headers({ host: '[::1]:80' }), url: 'about:blank' }, accessRules({}))).toBeUndefined();
    // A runtime that keeps the Host out of the headers: the URL's.
    expect(checkAccess(new Request('http://localhost:8787/mcp'), accessRules({}))).toBeUndefined();
    expect(checkAccess(new Request('http://evil.example/mcp'), accessRules({}))?.status).toBe(403);
    expect(() => accessRules({ allowedOrigins: ['https://'] })).toThrow(/not an origin/);
  });
});

describe('staticTokens', () => {
  it('compares the presented token with every configured one, as equal-length digests, and finds its scopes', async () => {
    const compared: [number, number][] = [];
    const equal = (a: Uint8Array, b: Uint8Array) => {
      compared.push([a.length, b.length]);
      return constantTimeEqual(a, b);
    };
    const match = staticTokens(
      new Map([
        ['first-token', ['a']],
        ['second-token-longer', ['b']],
        ['third', ['c']],
      ]),
      equal,
    );
    for (const [token, want] of [
      ['second-token-longer', ['b']],
      ['x', undefined],
      ['third', ['c']],
      ['a-token-of-another-length', undefined],
    ] as const) {
      compared.length = 0;
      expect(await match(token)).toStrictEqual(want);
      // No early exit: each of the three tokens is compared, whichever matches.
      expect(compared).toStrictEqual([
        [32, 32],
        [32, 32],
        [32, 32],
      ]);
    }
  });

  it('constantTimeEqual tells equal bytes from different ones of any length', () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3]))).toBe(false);
  });
});

describe('readBoundedBody', () => {
  /** A request whose body gives `chunks` and then never ends; `pulled` counts the reads (none until one is asked for). */
  function endless(chunks: number, size: number, headers: Record<string, string> = {}) {
    const state = { pulled: 0 };
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          state.pulled++;
          if (state.pulled <= chunks) controller.enqueue(new Uint8Array(size));
          else return new Promise(() => {});
        },
      },
      { highWaterMark: 0 },
    );
    return { request: new Request('http://localhost/mcp', { method: 'POST', body, headers, duplex: 'half' } as RequestInit), state };
  }

  it('refuses a declared length over the limit without reading a byte', async () => {
    const { request, state } = endless(1, 10, { 'content-length': '2000' });
    expect(await readBoundedBody(request, 1000)).toBe('too-large');
    expect(state.pulled).toBe(0);
  });

  it('stops as soon as more than the limit has arrived, though the body never ends', async () => {
    const { request, state } = endless(100, 300);
    expect(await readBoundedBody(request, 1000)).toBe('too-large');
    expect(state.pulled).toBeLessThanOrEqual(5);
  });

  it('gives a whole body within the limit, and an empty one for none', async () => {
    const body = await readBoundedBody(new Request('http://localhost/', { method: 'POST', body: 'hello' }), 10);
    expect(new TextDecoder().decode(body as Uint8Array)).toBe('hello');
    expect(await readBoundedBody(new Request('http://localhost/', { method: 'POST' }), 10)).toStrictEqual(new Uint8Array(0));
  });
});
