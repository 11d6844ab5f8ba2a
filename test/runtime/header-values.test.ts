import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core, RequestValidationError } from '../../templates/runtime.js';
import { startLoopback } from '../helpers/loopback.js';
import { operationSpec, oneScheme } from './operation-spec.js';

let server: Awaited<ReturnType<typeof startLoopback>>;
beforeAll(async () => {
  server = await startLoopback(() => ({ body: { ok: true } }));
});
afterAll(() => server.close());

/** An operation with a header parameter, whose connection failures are retried. */
const spec = operationSpec({ fields: [{ name: 'trace', in: 'header', wireName: 'X-Trace', required: false }], retryConnectionErrors: true });

/** What `call` throws, with how many requests reached the server meanwhile. */
async function refusal(call: () => Promise<unknown>): Promise<{ error: unknown; sent: number }> {
  const before = server.requests.length;
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, sent: server.requests.length - before };
}

/**
 * A header fetch cannot send is refused before anything is sent, as a RequestValidationError naming
 * the header: fetch's own TypeError read as a failed connection and was tried again.
 */
describe('a header value fetch cannot send', () => {
  const live = () => new Core({ apiKey: 'k', baseUrl: server.url, maxRetries: 3 }, oneScheme({ kind: 'apiKey', in: 'header', name: 'X-Api-Key' }));

  it('in a header parameter (a line break): refused once, naming the header, nothing sent', async () => {
    const { error, sent } = await refusal(() => live().request(spec, { trace: 'a\nInjected: yes' }, {}));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toStrictEqual([{ path: ['headers', 'X-Trace'], message: 'is not a valid HTTP header' }]);
    expect((error as Error).message).not.toContain('Injected');
    expect(sent).toBe(0);
  });

  it('in the API key (past U+00FF): refused without quoting the key', async () => {
    const client = new Core({ apiKey: 'ключ-secret', baseUrl: server.url, maxRetries: 3 }, oneScheme({ kind: 'apiKey', in: 'header', name: 'X-Api-Key' }));
    const { error, sent } = await refusal(() => client.request(spec, {}, {}));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues.map((i) => i.path)).toStrictEqual([['headers', 'X-Api-Key']]);
    expect(`${(error as Error).message} ${JSON.stringify(error)}`).not.toMatch(/ключ|secret/);
    expect(sent).toBe(0);
  });

  it("in a call's own headers (a name with a space)", async () => {
    const { error, sent } = await refusal(() => live().request(spec, {}, {}, { headers: { 'bad name': 'x' } }));
    expect((error as RequestValidationError).issues).toStrictEqual([{ path: ['headers', 'bad name'], message: 'is not a valid HTTP header' }]);
    expect(sent).toBe(0);
  });

  it('lets Latin-1 through as fetch does', async () => {
    const client = live();
    await expect(client.request(spec, { trace: 'café' }, {})).resolves.toEqual({ ok: true });
    expect(Buffer.from(String(server.requests.at(-1)?.headers['x-trace']), 'latin1').toString('latin1')).toBe('café');
  });
});
