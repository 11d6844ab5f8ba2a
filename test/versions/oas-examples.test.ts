import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientOnOwnMock, expectGenerated, useGeneratedBatch } from './document-roundtrip.js';
import { KNOWN_3_1 as KNOWN, readmeExamples } from './readme-examples.js';

const DOCUMENTS = readmeExamples('3.1');

/** Compiled with TypeScript 7 in oas-examples.compat.test.ts. */
describe('@readme/oas-examples 3.1: generate, client on its own mock', () => {
  const output = useGeneratedBatch('versions', DOCUMENTS);

  it('generates every document (except the known failures)', () => {
    expect(DOCUMENTS.length).toBeGreaterThanOrEqual(12);
    expectGenerated(output.generated, output.refused, KNOWN);
  });

  it("completes every operation's fixture with the generated client against the generated mock", async () => {
    const failures: string[] = [];
    for (const [name, out] of output.generated) {
      const { called, failed } = await clientOnOwnMock(out);
      if (name !== '3.1/webhooks') expect(called.length + failed.length, name).toBeGreaterThan(0);
      failures.push(...failed.map((f) => `${name} ${f}`).filter((f) => !KNOWN[f.slice(0, f.indexOf(':'))] && !KNOWN[`${name} *`]));
    }
    expect(failures).toStrictEqual([]);
  }, 120_000);

  it('types the webhooks of a 3.1 document (openapi-typescript prints them)', async () => {
    const { readFileSync } = await import('node:fs');
    const types = readFileSync(join(output.generated.get('3.1/webhooks') as string, 'types.ts'), 'utf8');
    expect(types).toMatch(/export interface webhooks \{\n\s+"?newPet"?: \{/);
    expect(types).toMatch(/requestBody\?*: \{\n\s+content: \{\n\s+"application\/json": components\["schemas"\]\["Pet"\];/);
  });
});
