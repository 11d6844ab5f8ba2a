import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { generatedProject } from './helpers/generated-project.js';

// types.ts types a `type: array` body with `properties` beside its items as an array (of arrays);
// spreading those properties into the input picked them from it (TS2344 in VTEX's Payments Gateway).
describe('an array body with properties beside its items', () => {
  const project = generatedProject('array-body-with-properties', join(FIXTURE_DOCS, 'corpus', 'types-array-body-with-properties.yaml'), [
    "import type { PodcastParams } from './client.js';",
    "type Params = PodcastParams<'sendAdditionalData'>;",
    "export const params: Params = { transactionId: 't', body: [['cart', '{}']] };",
    '// @ts-expect-error the body is an array, passed whole',
    "export const spread: Params = { transactionId: 't', name: 'cart', value: '{}' };",
    '// @ts-expect-error the body holds arrays of strings',
    "export const objects: Params = { transactionId: 't', body: [{ name: 'cart', value: '{}' }] };",
  ]);

  it('compiles, and the input takes the array whole as its body', () => {
    expect(project.diagnostics()).toStrictEqual([]);
  }, 120_000);
});
