/**
 * An operation whose only requirement is one no client can send (mutual TLS:
 * test/fixtures/security/gate.yaml), kept apart from an operation anyone may call: the generated
 * client refuses it before sending, naming why, and the generated mock never lets it in.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { startLoopback } from '../helpers/loopback.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';

const OUT = join(ROOT, 'test', '.tmp', 'unsatisfiable-client');
const REASON = 'every security requirement needs what the client cannot send: mutual TLS (ClientCert)';

type Client = Record<string, () => Promise<unknown>>;
let create: (options: Record<string, unknown>) => Client;
let CredentialError: new (...args: never[]) => Error;
let mock: { url: string; close(): Promise<void> };
let api: Awaited<ReturnType<typeof startLoopback>>;

beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true });
  await generate({ spec: join(FIXTURE_DOCS, 'security', 'gate.yaml'), out: OUT, name: 'gate' });
  const index = (await import(pathToFileURL(join(OUT, 'index.ts')).href)) as { createGateClient: typeof create; CredentialError: typeof CredentialError };
  create = index.createGateClient;
  CredentialError = index.CredentialError;
  mock = await ((await import(pathToFileURL(join(OUT, 'mock', 'index.ts')).href)) as { startMockServer: () => Promise<typeof mock> }).startMockServer();
  api = await startLoopback(() => ({ body: { id: 1 } }));
}, 60_000);
afterAll(async () => {
  await mock?.close();
  await api?.close();
  rmSync(OUT, { recursive: true, force: true });
});

describe('the client', () => {
  it('refuses an operation no credential it sends can meet, before sending, naming why', async () => {
    const client = create({ baseUrl: api.url, auth: { ApiKey: 'gk-31d7', Bearer: 'bt-31d7' }, maxRetries: 0 });
    const before = api.requests.length;
    const error = (await client.byCertificate?.().catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(CredentialError);
    expect(error.message).toBe(`byCertificate cannot be called by this client: ${REASON}`);
    expect(api.requests.length).toBe(before);
  });

  it('calls a public operation without a credential, and the others with theirs', async () => {
    const client = create({ baseUrl: api.url, auth: { ApiKey: 'gk-31d7', Bearer: 'bt-31d7' }, maxRetries: 0 });
    await client.publicInfo?.();
    expect([api.requests.at(-1)?.headers['x-gate-key'], api.requests.at(-1)?.headers.authorization]).toStrictEqual([undefined, undefined]);
    await client.byBearer?.();
    expect(api.requests.at(-1)?.headers.authorization).toBe('Bearer bt-31d7');
  });
});

describe('the mock', () => {
  it('never lets in an operation no request can meet, whatever it carries', async () => {
    for (const headers of [{}, { 'x-gate-key': 'gk-31d7', authorization: 'Bearer bt-31d7' }] as Record<string, string>[]) {
      const answer = await fetch(`${mock.url}/certs`, { headers });
      expect([answer.status, ((await answer.json()) as { message: string }).message]).toStrictEqual([401, `this operation cannot be called here: ${REASON}`]);
    }
  });

  it('lets in a public operation without a credential, and refuses the others without theirs', async () => {
    expect((await fetch(`${mock.url}/public`)).status).toBe(200);
    expect((await fetch(`${mock.url}/items`)).status).toBe(401);
    expect((await fetch(`${mock.url}/items`, { headers: { 'x-gate-key': 'gk-31d7' } })).status).toBe(200);
  });
});
