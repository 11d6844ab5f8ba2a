import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { generateFiles } from '../../../generator/index.js';
import { createBatch, type Batch } from '../../corpus/compile.js';
import { FIXTURE_DOCS } from '../../helpers/paths.js';

/**
 * Two shapes of public documents whose annotated validators did not compile in `tsc --init`'s
 * project (declaration: true): HSBC's product document (TS7056: nested `minItems: 1` arrays, each a
 * tuple that writes its item's type out twice, were counted once) and Bing Entity Search's (TS2322:
 * openapi-typescript narrows a discriminator's tag to a literal that the validator does not check).
 */
const SHAPES = ['zod-nested-nonempty-arrays', 'zod-annotated-discriminator-tags'] as const;

/** The batch the shapes' outputs are written to (`out/<shape>/`), and each one's schemas.ts. */
interface ShapesOutput {
  batch: Batch;
  schemas: Map<string, string>;
}

/**
 * Registers, in the calling `describe`, the generation of each shape into a fresh batch, with the
 * file `uses.ts` of `uses[shape]` where given (`beforeAll`, after which `batch` is set and the map
 * filled), and its removal.
 */
export function useShapes(prefix: string, uses: Partial<Record<(typeof SHAPES)[number], string>> = {}): Readonly<ShapesOutput> {
  const state = { schemas: new Map<string, string>() } as ShapesOutput;
  beforeAll(async () => {
    state.batch = createBatch(prefix);
    for (const name of SHAPES) {
      const { files } = await generateFiles({ spec: join(FIXTURE_DOCS, 'corpus', `${name}.yaml`) });
      state.schemas.set(name, files.find((f) => f.path === 'schemas.ts')?.content ?? '');
      const own = uses[name];
      state.batch.write(name, own === undefined ? files : [...files, { path: 'uses.ts', content: own }]);
    }
  }, 120_000);
  afterAll(() => state.batch?.remove());
  return state;
}
