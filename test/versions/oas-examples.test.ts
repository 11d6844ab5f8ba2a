import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { batchFolder, removeBatch } from '../robustness/helpers/compile.js';
import { clientOnOwnMock, expectCompiles, expectGenerated, generateBatch } from './document-roundtrip.js';

const EXAMPLES = join(ROOT, 'node_modules', '@readme', 'oas-examples');

/** What fails today, with why and whose code it is; the test fails when one starts passing. */
const KNOWN: Record<string, string> = {
  // The document's own: a form body on a GET, which fetch refuses to send. Fixtures of incompatible allOf branches cannot be valid.
  '3.1/parameters-style formData_spaceDelimited_nonExploded': 'document: a request body on a GET (fetch cannot send one)',
  '3.1/schema-types quirks_entirelyIncompatibleAllOf': 'fixtures: an allOf no value satisfies (as for 3.0)',
  '3.1/schema-types quirks_partiallyUsableIncompatibleAllOf': 'fixtures: an allOf no value satisfies (as for 3.0)',
};

const DOCUMENTS = ['3.1'].flatMap((version) =>
  readdirSync(join(EXAMPLES, version, 'json'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: `${version}/${f.replace(/\.json$/, '')}`, spec: join(EXAMPLES, version, 'json', f) })),
);

describe('@readme/oas-examples 3.1: generate, compile with TypeScript 7 (no types), client on its own mock', () => {
  let batch: string;
  let generated = new Map<string, string>();
  let refused = new Map<string, string>();
  beforeAll(async () => {
    batch = batchFolder('versions');
    ({ generated, refused } = await generateBatch(batch, DOCUMENTS));
  }, 240_000);
  afterAll(() => removeBatch(batch));

  it('generates every document (except the known failures)', () => {
    expect(DOCUMENTS.length).toBeGreaterThanOrEqual(12);
    expectGenerated(generated, refused, KNOWN);
  });

  it('compiles every generated output under strict TypeScript 7 without `types`', () => {
    expectCompiles(batch, generated, KNOWN);
  }, 120_000);

  it("completes every operation's fixture with the generated client against the generated mock", async () => {
    const failures: string[] = [];
    for (const [name, out] of generated) {
      const { called, failed } = await clientOnOwnMock(out);
      if (name !== '3.1/webhooks') expect(called.length + failed.length, name).toBeGreaterThan(0);
      failures.push(...failed.map((f) => `${name} ${f}`).filter((f) => !KNOWN[f.slice(0, f.indexOf(':'))] && !KNOWN[`${name} *`]));
    }
    expect(failures).toStrictEqual([]);
  }, 120_000);

  it('types the webhooks of a 3.1 document (openapi-typescript prints them)', async () => {
    const { readFileSync } = await import('node:fs');
    const types = readFileSync(join(generated.get('3.1/webhooks') as string, 'types.ts'), 'utf8');
    expect(types).toMatch(/export interface webhooks \{\n\s+"?newPet"?: \{/);
    expect(types).toMatch(/requestBody\?*: \{\n\s+content: \{\n\s+"application\/json": components\["schemas"\]\["Pet"\];/);
  });
});
