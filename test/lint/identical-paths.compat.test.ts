import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { ROOT } from '../helpers/paths.js';
import { batchFolder, removeBatch, typecheck, writeOutput } from '../robustness/helpers/compile.js';

const DOCUMENTS = join(ROOT, 'test', 'lint', 'documents');

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
