import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';

const OUT = join(ROOT, 'test', '.tmp', 'fixtures-mock-framing');

interface Mock {
  url: string;
  close(): Promise<void>;
}

// A response that lists Content-Length, Connection, Transfer-Encoding and Content-Encoding among its
// headers: the mock sent the example's values, and the client's HTTP parser refused the answer
// (HPE_INVALID_CONTENT_LENGTH, seven operations of VTEX's Payments Gateway).
describe('a response listing the headers that frame the message', () => {
  let mock: Mock;
  let fixture: { response: { headers: Record<string, string>; body: unknown } };
  beforeAll(async () => {
    rmSync(OUT, { recursive: true, force: true });
    await generate({ spec: join(FIXTURE_DOCS, 'corpus', 'framing-headers.yaml'), out: OUT });
    fixture = ((await import(pathToFileURL(join(OUT, 'fixtures', 'index.ts')).href)) as { fixtures: { listInstallments: typeof fixture } }).fixtures
      .listInstallments;
    mock = await ((await import(pathToFileURL(join(OUT, 'mock', 'index.ts')).href)) as { startMockServer(): Promise<Mock> }).startMockServer();
  });
  afterAll(async () => {
    await mock?.close();
    rmSync(OUT, { recursive: true, force: true });
  });

  it("is answered by the mock with the fixture's body and own headers, framed by the server", async () => {
    expect(Object.keys(fixture.response.headers)).toContain('Content-Length');
    const response = await fetch(`${mock.url}/installments`);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toStrictEqual(fixture.response.body);
    // Node frames the body itself (chunked, or by its own length).
    expect(response.headers.get('content-length') ?? String(Buffer.byteLength(text))).toBe(String(Buffer.byteLength(text)));
    expect(response.headers.get('content-encoding')).toBeNull();
    // The document's examples of its headers, the one described by content too.
    expect(response.headers.get('cache-control')).toBe('public, max-age=900');
    expect(response.headers.get('x-operation-id')).toBe('op-42');
  });

  it('is read by the generated client', async () => {
    const module = (await import(pathToFileURL(join(OUT, 'client.ts')).href)) as Record<string, unknown>;
    const create = Object.entries(module).find(([name]) => /^create\w+Client$/.test(name))?.[1] as (options: { baseUrl: string }) => {
      listInstallments(): Promise<unknown>;
    };
    const client = create({ baseUrl: mock.url });
    expect(await client.listInstallments()).toStrictEqual(fixture.response.body);
  });
});
