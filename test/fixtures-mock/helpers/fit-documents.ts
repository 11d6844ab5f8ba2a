import { join } from 'node:path';
import { beforeAll } from 'vitest';
import { generateFiles, type GeneratedFile, type Problem } from '../../../generator/index.js';
import type { ApiModel } from '../../../generator/model/types.js';
import { FIXTURE_DOCS } from '../../helpers/paths.js';

/** Each document and the warnings it must give (one per part left out), in order. */
export const DOCUMENTS: Record<string, RegExp[]> = {
  'fixtures-discriminated-branches': [],
  'fixtures-any-of-objects': [],
  'fixtures-defaults': [],
  'fixtures-empty-body-beside-parameters': [],
  'fixtures-amz-headers': [],
  'fixtures-ref-into-property': [],
  'fixtures-wide-nested': [],
  'fixtures-additional-and-named-properties': [/putSettings: its params are left out: .* at params\.settings\.mode\b/],
  'fixtures-undeclared-required': [
    /createSectionForProject: its params are left out: no value fits both the schema and the generated types at params\.data\.project\b/,
    /createSectionForProject: its 400 error is left out: .* at errors\.0\.body\.request_id\b/,
    /listPackageVersions: no fixture: .* at response\.body\.0\.metadata\.docker\.tags\b/,
  ],
  'fixtures-closed-parts': [/getDefault: no fixture: .* at response\.body\b/],
  'fixtures-contradictory': [
    /getCode: no fixture: .* at response\.body\b/,
    /plantTree: its params are left out: .* at params\.(parent\.)+parent\b/,
    /plantTree: its 409 error is left out: .* at errors\.0\.body\.code\b/,
  ],
};

/** A document's output of the mock, which brings in what it reads: the fixtures, the types and the validators. */
interface FitOutput {
  model: ApiModel;
  files: GeneratedFile[];
  /** The `fixtures/` warnings. */
  warnings: Problem[];
}

/** Registers, in the calling file or `describe`, the generation of every document (`beforeAll`, after which the map is filled). */
export function useFitOutputs(): ReadonlyMap<string, FitOutput> {
  const outputs = new Map<string, FitOutput>();
  beforeAll(async () => {
    for (const name of Object.keys(DOCUMENTS)) {
      const { model, files, problems } = await generateFiles({ spec: join(FIXTURE_DOCS, 'corpus', `${name}.yaml`), outputs: ['mock'] });
      outputs.set(name, { model, files, warnings: problems.filter((p) => p.code.startsWith('fixtures/')) });
    }
  }, 240_000);
  return outputs;
}
