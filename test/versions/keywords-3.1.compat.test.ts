import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { compileWithoutTypes, useGeneratedOutput } from './document-roundtrip.js';

/** Its fixtures, mock and MCP tools are checked in keywords-3.1.test.ts. */
describe('a 3.1 document using every JSON Schema 2020-12 keyword podcast-gen maps', () => {
  const output = useGeneratedOutput('keywords-3.1-compat', join(FIXTURE_DOCS, 'versions', 'keywords-3.1.yaml'));

  it('compiles under strict TypeScript 7 without `types`', () => {
    expect([...compileWithoutTypes(output.batch, [output.out])]).toStrictEqual([]);
  }, 120_000);
});
