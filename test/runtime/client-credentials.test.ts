/**
 * OAuth 2.0 client credentials in the runtime, against a loopback API that is its own token
 * endpoint: one token request shared by concurrent calls, a token asked for again before it
 * expires (the clock moved, not waited for), and token endpoint failures described by scheme and
 * status without a secret.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Core, CredentialError, requestToken, type ClientCredentials } from '../../templates/runtime.js';
import { startLoopback, type Answer } from '../helpers/loopback.js';
import { operationSpec } from './operation-spec.js';

const SECRET = 'cs-5be01d9e-secret';
let tokenAnswer: (index: number) => Answer | Promise<Answer> = () => ({ body: { access_token: 'tok-1', token_type: 'Bearer', expires_in: 120 } });
let apiAnswer: () => Answer = () => ({ body: { ok: true } });
let tokenRequests = 0;
let server: Awaited<ReturnType<typeof startLoopback>>;
beforeAll(async () => {
  server = await startLoopback((request) => {
    if (request.path !== '/token') return apiAnswer();
    return tokenAnswer(tokenRequests++);
  });
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
  tokenRequests = 0;
  tokenAnswer = () => ({ body: { access_token: 'tok-1', token_type: 'Bearer', expires_in: 120 } });
  apiAnswer = () => ({ body: { ok: true } });
});

function client(credentials: Partial<ClientCredentials> = {}, options: { timeoutMs?: number } = {}): Core {
  return new Core(
    { baseUrl: server.url, maxRetries: 0, auth: { OAuth: { clientId: 'app', clientSecret: SECRET, ...credentials } }, ...options },
    { schemes: { OAuth: { kind: 'oauth2', tokenUrl: '/token' } }, security: [['OAuth']], requestToken },
  );
}
const spec = operationSpec();
const sentTokens = () => server.requests.filter((r) => r.path !== '/token').map((r) => r.headers.authorization);

describe('a client-credentials token', () => {
  it('is asked for once by concurrent calls, and sent by each', async () => {
    server.requests.length = 0;
    const core = client();
    await Promise.all(Array.from({ length: 5 }, () => core.request(spec, {}, {})));
    expect(tokenRequests).toBe(1);
    expect(sentTokens()).toStrictEqual(Array(5).fill('Bearer tok-1'));
  });

  it('is asked for again once when it is about to expire mid-run, and the new one is kept', async () => {
    server.requests.length = 0;
    tokenAnswer = (index) => ({ body: { access_token: `tok-${index + 1}`, token_type: 'bearer', expires_in: 120 } });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const core = client({ scopes: ['vault.read', 'vault.write'] });
    await core.request(spec, {}, {});
    vi.setSystemTime(new Date('2030-01-01T00:00:30Z'));
    await core.request(spec, {}, {});
    // Two minutes of life: asked for again a minute early.
    vi.setSystemTime(new Date('2030-01-01T00:01:05Z'));
    await core.request(spec, {}, {});
    await core.request(spec, {}, {});
    expect(tokenRequests).toBe(2);
    expect(sentTokens()).toStrictEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-2', 'Bearer tok-2']);
    expect(server.requests.find((r) => r.path === '/token')?.body).toBe('grant_type=client_credentials&scope=vault.read+vault.write');
  });

  it('is asked for again after the API answers 401 with it', async () => {
    tokenAnswer = (index) => ({ body: { access_token: `tok-${index + 1}`, expires_in: 3600 } });
    const core = client();
    apiAnswer = () => ({ status: 401, body: { message: 'expired' } });
    await expect(core.request(spec, {}, {})).rejects.toMatchObject({ status: 401 });
    apiAnswer = () => ({ body: { ok: true } });
    await core.request(spec, {}, {});
    expect(tokenRequests).toBe(2);
  });

  it('can travel in the form instead of a basic header', async () => {
    server.requests.length = 0;
    await client({ clientAuth: 'body' }).request(spec, {}, {});
    const request = server.requests.find((r) => r.path === '/token');
    expect([request?.headers.authorization, request?.body]).toStrictEqual([undefined, `grant_type=client_credentials&client_id=app&client_secret=${SECRET}`]);
  });
});

describe('a token endpoint that fails', () => {
  /** The error of one call, and every text it shows. */
  async function failure(core: Core): Promise<{ error: CredentialError; shown: string }> {
    const error = (await core.request(spec, {}, {}).catch((e: unknown) => e)) as CredentialError;
    expect(error).toBeInstanceOf(CredentialError);
    return { error, shown: `${error.message} ${JSON.stringify(error)} ${String(error.stack)}` };
  }

  it.each<[string, Answer, string, number | undefined]>([
    [
      'a failure status, with its RFC 6749 code',
      { status: 401, body: { error: 'invalid_client', error_description: `bad secret ${SECRET}` } },
      'answered 401 (invalid_client)',
      401,
    ],
    ['garbage', { body: `<html>${SECRET}</html>` }, 'answered 200 without a JSON object', 200],
    ['no token', { body: { token_type: 'Bearer', note: SECRET } }, 'answered 200 without an access_token', 200],
    ['a token of another type', { body: { access_token: 'tok-mac', token_type: 'mac' } }, 'answered a token of type mac, not Bearer', 200],
  ])('%s: names the scheme and the status, never a secret', async (_name, answer, reason, status) => {
    tokenAnswer = () => answer;
    const { error, shown } = await failure(client());
    expect([error.message, error.scheme, error.status]).toStrictEqual([`getThing: security scheme OAuth: the token endpoint ${reason}`, 'OAuth', status]);
    expect(shown).not.toContain(SECRET);
    expect(shown).not.toContain('tok-mac');
  });

  it('that hangs: given up after the time limit, no request sent to the API', async () => {
    server.requests.length = 0;
    tokenAnswer = () => ({ hang: true });
    const { error, shown } = await failure(client({}, { timeoutMs: 150 }));
    expect(error.message).toBe('getThing: security scheme OAuth: the token endpoint did not answer within 150 ms');
    expect(shown).not.toContain(SECRET);
    expect(sentTokens()).toStrictEqual([]);
  });

  it('that cannot be reached: said so', async () => {
    const { error } = await failure(client({ tokenUrl: 'http://127.0.0.1:9/token' }));
    expect(error.message).toBe('getThing: security scheme OAuth: the token endpoint could not be reached');
  });

  it('is asked once per call that needs it: failures are not retried in a loop', async () => {
    tokenAnswer = () => ({ status: 503, body: {} });
    const core = client();
    await Promise.all([failure(core), failure(core), failure(core)]);
    await failure(core);
    expect(tokenRequests).toBe(2);
  });
});
