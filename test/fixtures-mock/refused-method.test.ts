import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { generatedApiOf } from '../../generator/verify/generated-api.js';
import { verifyServer } from '../../generator/verify/verify-server.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { generatedMock } from './helpers/generated-mock.js';

type Api = Record<'getAnything' | 'traceAnything', () => Promise<unknown>>;

// httpbin's TRACE operations: fetch refuses the method, and the client's error said the connection failed.
describe('a method fetch refuses', () => {
  const output = generatedMock('fixtures-mock-trace-method', 'trace-method.yaml');

  it('is warned of when generated, naming the client method', async () => {
    const { problems } = await generateFiles({ spec: join(FIXTURE_DOCS, 'corpus', 'trace-method.yaml') });
    expect(problems.filter((p) => p.code === 'model/method-refused').map((p) => p.message)).toStrictEqual([
      "TRACE /anything: fetch refuses the TRACE method, so the client's `traceAnything` (and its MCP tool) fails before sending anything; the mock answers it",
    ]);
  });

  it('fails in the client before anything is sent, while the others work; the mock answers it', async () => {
    const { createPodcastClient } = await output.load<{ createPodcastClient(options: object): Api }>('client.ts');
    const api = createPodcastClient({ baseUrl: output.mock.url });
    await expect(api.getAnything()).resolves.toBeUndefined();
    await expect(api.traceAnything()).rejects.toThrow(/TRACE/);
    expect(output.mock.requests.map((r) => r.operationId)).toStrictEqual(['getAnything']);
    // node:http sends what fetch will not.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      request(`${output.mock.url}/anything`, { method: 'TRACE' }, (res) => resolve(res.resume().statusCode))
        .on('error', reject)
        .end(),
    );
    expect(status).toBe(200);
    expect(output.mock.requests.at(-1)?.operationId).toBe('traceAnything');
  });

  it('is skipped by verify, with or without --unsafe, saying no client can call it (not a write, not a failure)', async () => {
    const { model } = await generateFiles({ spec: join(FIXTURE_DOCS, 'corpus', 'trace-method.yaml'), name: 'podcast' });
    const generated = generatedApiOf(await output.load('index.ts'), await output.load('fixtures/index.ts'), model);
    for (const unsafe of [false, true]) {
      const report = await verifyServer({ model, generated, baseUrl: output.mock.url, unsafe, cases: 1 });
      expect(report.operations.map((o) => [o.operationId, o.status, o.reason])).toStrictEqual([
        ['getAnything', 'pass', undefined],
        ['traceAnything', 'skipped', 'no client can call it: fetch refuses the TRACE method'],
      ]);
    }
  });
});
