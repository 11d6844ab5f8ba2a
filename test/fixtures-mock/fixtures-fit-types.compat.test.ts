/**
 * Fixtures fit both of their judges (issue 17, "Fixtures that fit their types"): ajv on the
 * document's own schemas, and the generated types under TypeScript 7 (strict, over the fixtures and
 * what reads them: types, validators and the mock). One small document per class of failure seen in
 * public documents (test/fixtures/corpus/fixtures-*.yaml). What no value fits is left out with a
 * warning that names the operation and the place, never emitted wrong.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../generator/index.js';
import { batchFolder, removeBatch, typecheck, writeOutput } from '../robustness/helpers/compile.js';
import { DOCUMENTS, useFitOutputs } from './helpers/fit-documents.js';

// Judged by ajv, and their warnings checked, in fixtures-fit-types.test.ts.
const generated = useFitOutputs();
let batch: string;
let compiled: ReturnType<typeof typecheck>;

beforeAll(() => {
  batch = batchFolder('fixtures-fit');
  for (const [name, { files }] of generated) {
    writeOutput(join(batch, name), files);
    // fixtures/index.ts reads its values from JSON text, which tsc does not look into: the emitted
    // .json files, as literals, are checked against the same `Fixtures` type here.
    writeFileSync(join(batch, name, 'fixtures', 'fit.ts'), fitModule(files));
  }
  compiled = typecheck(
    batch,
    Object.keys(DOCUMENTS).map((name) => join(batch, name)),
  );
}, 240_000);
afterAll(() => {
  if (batch) removeBatch(batch);
});

/** A module that assigns every emitted fixture file, as a literal, to its type in `Fixtures`. */
function fitModule(files: readonly GeneratedFile[]): string {
  const entries = files
    .filter((f) => f.path.startsWith('fixtures/') && f.path.endsWith('.json'))
    .map((f) => `  ${JSON.stringify((JSON.parse(f.content) as { operationId: string }).operationId)}: ${f.content.trim()},`);
  return `import type { Fixtures } from './index.js';\n\nexport const fit: Fixtures = {\n${entries.join('\n')}\n};\n`;
}

describe.each(Object.keys(DOCUMENTS))('fixtures of %s', (name) => {
  it('type-check against the generated types, with the mock that serves them (TypeScript 7, strict)', () => {
    expect(compiled.failed.get(join(batch, name)) ?? []).toStrictEqual([]);
    expect(compiled.failed.get('?') ?? []).toStrictEqual([]);
  });
});
