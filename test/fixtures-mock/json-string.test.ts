import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';

const OUT = join(ROOT, 'test', '.tmp', 'fixtures-mock-json-string');

interface Mock {
  url: string;
  close(): Promise<void>;
}

// MailboxValidator's answers: the mock sent a JSON string as text, and the client read the object
// written in it (`expected string, received object`).
describe('an answer that is a JSON string', () => {
  let mock: Mock;
  beforeAll(async () => {
    rmSync(OUT, { recursive: true, force: true });
    await generate({ spec: join(FIXTURE_DOCS, 'corpus', 'json-string.yaml'), out: OUT });
    mock = await ((await import(pathToFileURL(join(OUT, 'mock', 'index.ts')).href)) as { startMockServer(): Promise<Mock> }).startMockServer();
  });
  afterAll(async () => {
    await mock?.close();
    rmSync(OUT, { recursive: true, force: true });
  });

  it('carries its media type in its fixture, and is sent quoted', async () => {
    const fixture = JSON.parse(readFileSync(join(OUT, 'fixtures', 'checkFree.json'), 'utf8')) as { response: { headers: Record<string, string>; body: string } };
    expect(fixture.response).toStrictEqual({ status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"email_address":"","is_free":""}' });
    const answer = await fetch(`${mock.url}/email/free`);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await answer.json()).toBe('{"email_address":"","is_free":""}');
  });

  it('is read by the client as the string it is', async () => {
    expect(await clientOnOwnMock(OUT)).toStrictEqual({ called: ['checkFree', 'getVersion'], failed: [] });
  });
});
