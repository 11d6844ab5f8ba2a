import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { generate } from '../../../generator/index.js';
import { batchFolder, removeBatch } from '../../robustness/helpers/compile.js';
import { compileWithoutTypes } from '../../versions/document-roundtrip.js';

/** A generated output in a project of its own, for the tests of one `describe`. */
export interface GeneratedProject {
  /** The output folder (set once the describe's `beforeAll` has run). */
  readonly out: string;
  /** Type errors of the output and its `uses.ts` under strict TypeScript 7 without `types`. */
  diagnostics(): string[];
}

/**
 * Registers, in the calling `describe`, the generation of `spec` into a temporary project (with
 * `uses` written beside the output as `uses.ts`, code that uses its types) and the project's removal.
 */
export function generatedProject(name: string, spec: string, uses: readonly string[] = []): GeneratedProject {
  let batch = '';
  let out = '';
  beforeAll(async () => {
    batch = batchFolder(name);
    out = join(batch, 'out');
    // Named as the podcast document is, so that `uses` may name PodcastParams whatever the document's title.
    await generate({ spec, out, name: 'podcast' });
    if (uses.length > 0) writeFileSync(join(out, 'uses.ts'), [...uses, ''].join('\n'));
  }, 120_000);
  afterAll(() => removeBatch(batch));
  return {
    get out() {
      return out;
    },
    diagnostics: () => [...compileWithoutTypes(batch, [out]).values()].flat(),
  };
}
