import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';

const OUT = join(ROOT, 'test', '.tmp', 'fixtures-mock-form-body-whole');

interface Mock {
  url: string;
  close(): Promise<void>;
}

// GitLab's notes: the mock read only spread fields from a form body, so a body taken whole arrived
// empty (`body.body: expected string, received undefined`).
describe('a form body taken whole', () => {
  let mock: Mock;
  beforeAll(async () => {
    rmSync(OUT, { recursive: true, force: true });
    await generate({ spec: join(FIXTURE_DOCS, 'corpus', 'form-body-whole.yaml'), out: OUT });
    mock = await ((await import(pathToFileURL(join(OUT, 'mock', 'index.ts')).href)) as { startMockServer(): Promise<Mock> }).startMockServer();
  });
  afterAll(async () => {
    await mock?.close();
    rmSync(OUT, { recursive: true, force: true });
  });

  it('is read by the mock, each key to its property type', async () => {
    expect(await clientOnOwnMock(OUT)).toStrictEqual({ called: ['createNote'], failed: [] });
    const post = (form: string) => fetch(`${mock.url}/projects/p1/notes`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    expect((await post('body=hello&line=3&labels=a')).status).toBe(201);
    expect((await post('body=hello&line=x')).status).toBe(400);
    expect((await post('line=3')).status).toBe(400);
  });
});
