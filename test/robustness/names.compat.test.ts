import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { typecheck } from './helpers/compile.js';
import { useWrittenOutput } from './helpers/written-output.js';

/** The outputs whose names names.test.ts checks and runs, compiled. */
describe('hostile names (reserved words, punctuation, non-ASCII, digits, collisions, built-ins)', () => {
  const output = useWrittenOutput('names-compat', join(FIXTURE_DOCS, 'names', 'hostile-names.yaml'));

  it('every output compiles under strict tsc', () => {
    const result = typecheck(output.batch, [output.out]);
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  });
});

describe('operationIds named like Object.prototype members', () => {
  const output = useWrittenOutput('proto-names-compat', join(FIXTURE_DOCS, 'names', 'prototype-names.yaml'));

  it('every output compiles under strict tsc', () => {
    expect(typecheck(output.batch, [output.out]).output).toBe('');
  });
});
