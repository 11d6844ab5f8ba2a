import { describe, it } from 'vitest';
import { expectCompiles, useGeneratedBatch } from './document-roundtrip.js';
import { KNOWN_3_1 as KNOWN, readmeExamples } from './readme-examples.js';

/** Generated, and run against their mocks, in oas-examples.test.ts. */
describe('@readme/oas-examples 3.1: compile with TypeScript 7 (no types)', () => {
  const output = useGeneratedBatch('versions-compat', readmeExamples('3.1'));

  it('compiles every generated output under strict TypeScript 7 without `types`', () => {
    expectCompiles(output.batch, output.generated, KNOWN);
  }, 120_000);
});
