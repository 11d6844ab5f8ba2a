import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { batchFolder, removeBatch } from '../robustness/helpers/compile.js';
import { compileWithoutTypes } from '../versions/document-roundtrip.js';

// types.ts types a `type: array` body with `properties` beside its items as an array (of arrays);
// spreading those properties into the input picked them from it (TS2344 in VTEX's Payments Gateway).
describe('an array body with properties beside its items', () => {
  let batch: string;
  let out: string;
  beforeAll(async () => {
    batch = batchFolder('array-body-with-properties');
    out = join(batch, 'out');
    await generate({ spec: join(FIXTURE_DOCS, 'corpus', 'types-array-body-with-properties.yaml'), out });
    writeFileSync(
      join(out, 'uses.ts'),
      [
        "import type { PodcastParams } from './client.js';",
        "type Params = PodcastParams<'sendAdditionalData'>;",
        "export const params: Params = { transactionId: 't', body: [['cart', '{}']] };",
        '// @ts-expect-error the body is an array, passed whole',
        "export const spread: Params = { transactionId: 't', name: 'cart', value: '{}' };",
        '// @ts-expect-error the body holds arrays of strings',
        "export const objects: Params = { transactionId: 't', body: [{ name: 'cart', value: '{}' }] };",
        '',
      ].join('\n'),
    );
  }, 120_000);
  afterAll(() => removeBatch(batch));

  it('compiles, and the input takes the array whole as its body', () => {
    expect([...compileWithoutTypes(batch, [out])]).toStrictEqual([]);
  }, 120_000);
});
