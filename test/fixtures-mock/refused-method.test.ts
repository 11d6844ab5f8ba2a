import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { generatedMock } from './helpers/generated-mock.js';

type Api = Record<'getAnything' | 'traceAnything', () => Promise<unknown>>;

// httpbin's TRACE operations: fetch refuses the method, and the client's error said the connection failed.
describe('a method fetch refuses', () => {
  const generated = generatedMock('fixtures-mock-trace-method', 'trace-method.yaml');

  it('is warned of when generated, naming the client method', async () => {
    const { problems } = await generateFiles({ spec: join(FIXTURE_DOCS, 'corpus', 'trace-method.yaml') });
    expect(problems.filter((p) => p.code === 'model/method-refused').map((p) => p.message)).toStrictEqual([
      "TRACE /anything: fetch refuses the TRACE method, so the client's `traceAnything` (and its MCP tool) fails before sending anything; the mock answers it",
    ]);
  });

  it('fails in the client before anything is sent, while the others work; the mock answers it', async () => {
    const { createPodcastClient } = await generated.load<{ createPodcastClient(options: object): Api }>('client.ts');
    const api = createPodcastClient({ baseUrl: generated.mock.url });
    await expect(api.getAnything()).resolves.toBeUndefined();
    await expect(api.traceAnything()).rejects.toThrow(/TRACE/);
    expect(generated.mock.requests.map((r) => r.operationId)).toStrictEqual(['getAnything']);
    // node:http sends what fetch will not.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      request(`${generated.mock.url}/anything`, { method: 'TRACE' }, (res) => resolve(res.resume().statusCode))
        .on('error', reject)
        .end(),
    );
    expect(status).toBe(200);
    expect(generated.mock.requests.at(-1)?.operationId).toBe('traceAnything');
  });
});
