import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { generatedProject } from './helpers/generated-project.js';

// openapi-typescript types Cause as WithRequired<PlaidError, ...>; its own helper's constraint,
// `keyof T`, is never for a nullable PlaidError (TS2344 in Plaid's document).
describe('an allOf member that is nullable, whose properties the parent requires', () => {
  const project = generatedProject('required-nullable-member', join(FIXTURE_DOCS, 'corpus', 'types-required-nullable-member.yaml'), [
    "import type { components } from './types.js';",
    "type Cause = components['schemas']['Cause'];",
    "export const cause: Cause = { item_id: 'i', error_type: 't', error_code: 'c' };",
    '// @ts-expect-error error_code is required',
    "export const missing: Cause = { item_id: 'i', error_type: 't' };",
    '// @ts-expect-error a cause is an object',
    'export const nothing: Cause = null;',
  ]);

  it('compiles, and the type requires those properties and refuses null', () => {
    expect(project.diagnostics()).toStrictEqual([]);
  }, 120_000);
});
