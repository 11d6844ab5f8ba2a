import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { ROOT } from '../helpers/paths.js';
import { batchFolder, removeBatch, typecheck, writeOutput } from '../robustness/helpers/compile.js';

const DOCUMENTS = join(ROOT, 'test', 'lint', 'documents');

/** The names operation-ids.test.ts asserts, compiled. */
describe('operationIds that collide', () => {
  it('the output of a made-up operationId beside the one the document gives compiles under strict tsc', async () => {
    const { files } = await generateFiles({ spec: join(DOCUMENTS, 'derived-operation-id.yaml') });
    const batch = batchFolder('lint-operation-ids');
    try {
      writeOutput(join(batch, 'out'), files);
      expect(typecheck(batch, [join(batch, 'out')]).output).toBe('');
    } finally {
      removeBatch(batch);
    }
  });
});
