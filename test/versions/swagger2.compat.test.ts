import { describe, it } from 'vitest';
import { expectCompiles, useGeneratedBatch } from './document-roundtrip.js';
import { KNOWN_2_0 as KNOWN, readmeExamples, SWAGGER2_FIXTURE } from './readme-examples.js';

/** Generated, and run against their mocks and a real server, in swagger2.test.ts. */
describe('Swagger 2.0: @readme/oas-examples and a document of every 2.0 feature, compiled with TypeScript 7 (no types)', () => {
  const output = useGeneratedBatch('swagger2-compat', [...readmeExamples('2.0'), SWAGGER2_FIXTURE]);

  it('compiles every generated output under strict TypeScript 7 without `types`', () => {
    expectCompiles(output.batch, output.generated, KNOWN);
  }, 120_000);
});
