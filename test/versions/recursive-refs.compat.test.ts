import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { compileWithoutTypes, useGeneratedOutput } from './document-roundtrip.js';

const SPEC = join(FIXTURE_DOCS, 'versions', 'recursive-refs-3.1.yaml');

/**
 * Values typed by the validators annotated with a self-referring alias: the type is the alias as zod
 * infers it (an optional property admits undefined), not one that gives up (any, unknown).
 */
const USES = `import type * as S from './schemas.js';
export const json: S.Json = { list: [1, 'a', null, { deep: [true] }] };
// @ts-expect-error undefined is no JSON value
export const notJson: S.Json = { list: [undefined] };
export const rally: S.Ping = ['a', [1, ['b']]];
// @ts-expect-error a Ping's array holds Pongs: strings and arrays
export const badRally: S.Ping = [true];
export const outline: S.Outline = [{ title: 'a' }, [{ title: undefined }]];
`;

// The type check of recursive-refs.test.ts's document: schemas reaching themselves through unions
// and arrays, and references into a schema's `definitions`.
describe('a document whose references openapi-typescript prints as indexes that do not compile', () => {
  const output = useGeneratedOutput('recursive-refs-tsc', SPEC);
  beforeAll(() => writeFileSync(join(output.out, 'uses.ts'), USES));

  it('compiles under strict TypeScript 7 without `types`, with values typed by its recursive validators', () => {
    expect([...compileWithoutTypes(output.batch, [output.out])]).toStrictEqual([]);
  }, 120_000);
});
