import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { batchFolder, removeBatch } from '../robustness/helpers/compile.js';
import { compileWithoutTypes } from '../versions/document-roundtrip.js';

// openapi-typescript types Cause as WithRequired<PlaidError, ...>; its own helper's constraint,
// `keyof T`, is never for a nullable PlaidError (TS2344 in Plaid's document).
describe('an allOf member that is nullable, whose properties the parent requires', () => {
  let batch: string;
  let out: string;
  beforeAll(async () => {
    batch = batchFolder('required-nullable-member');
    out = join(batch, 'out');
    await generate({ spec: join(FIXTURE_DOCS, 'corpus', 'types-required-nullable-member.yaml'), out });
    writeFileSync(
      join(out, 'uses.ts'),
      [
        "import type { components } from './types.js';",
        "type Cause = components['schemas']['Cause'];",
        "export const cause: Cause = { item_id: 'i', error_type: 't', error_code: 'c' };",
        '// @ts-expect-error error_code is required',
        "export const missing: Cause = { item_id: 'i', error_type: 't' };",
        '// @ts-expect-error a cause is an object',
        'export const nothing: Cause = null;',
        '',
      ].join('\n'),
    );
  }, 120_000);
  afterAll(() => removeBatch(batch));

  it('compiles, and the type requires those properties and refuses null', () => {
    expect([...compileWithoutTypes(batch, [out])]).toStrictEqual([]);
  }, 120_000);
});
