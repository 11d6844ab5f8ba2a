import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { generate, type Problem } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { batchFolder, removeBatch } from '../robustness/helpers/compile.js';

/**
 * The 3.2 documents written for these tests: every 3.2 addition, each used at least once; one has
 * only a `query` operation (openapi-typescript then prints no `operations` of its own).
 */
export const DOCUMENTS = ['minimal-3.2.yaml', 'query-3.2.yaml', 'only-query-3.2.yaml', 'features-3.2.yaml', 'more-3.2.yaml'];

/** The batch folder and each document's output folder and problems, by file name. */
interface Oas32Outputs {
  batch: string;
  outs: Map<string, string>;
  problems: Map<string, Problem[]>;
}

/**
 * Registers, in the calling `describe`, the generation of every document with the defaults into a
 * fresh batch folder (`beforeAll`, after which `batch` is set and the maps filled) and its removal.
 */
export function useOas32Outputs(prefix: string): Readonly<Oas32Outputs> {
  const state: Oas32Outputs = { batch: '', outs: new Map(), problems: new Map() };
  beforeAll(async () => {
    state.batch = batchFolder(prefix);
    for (const name of DOCUMENTS) {
      const out = join(state.batch, name.replace(/\.yaml$/, ''));
      const result = await generate({ spec: join(FIXTURE_DOCS, 'versions', name), out, name: 'podcast' });
      state.outs.set(name, out);
      state.problems.set(name, result.problems);
    }
  }, 120_000);
  afterAll(() => {
    if (state.batch) removeBatch(state.batch);
  });
  return state;
}
