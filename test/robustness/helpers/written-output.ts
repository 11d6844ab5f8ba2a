import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { generateFiles, type ApiModel, type GeneratedFile } from '../../../generator/index.js';
import { batchFolder, removeBatch, writeOutput } from './compile.js';

/** A document's model and files, written to `<batch>/out`. */
export interface WrittenOutput {
  model: ApiModel;
  files: GeneratedFile[];
  batch: string;
  out: string;
}

/**
 * Registers, in the calling `describe`, the generation of `spec` with the defaults, written to
 * `<batch>/out` of a fresh batch folder (`beforeAll`, after which the fields are set), and its removal.
 */
export function useWrittenOutput(prefix: string, spec: string): Readonly<WrittenOutput> {
  const state = { batch: '', out: '', files: [] } as unknown as WrittenOutput;
  beforeAll(async () => {
    ({ model: state.model, files: state.files } = await generateFiles({ spec, name: 'podcast' }));
    state.batch = batchFolder(prefix);
    state.out = join(state.batch, 'out');
    writeOutput(state.out, state.files);
  });
  afterAll(() => {
    if (state.batch) removeBatch(state.batch);
  });
  return state;
}
