import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { syntheticDocument } from '../../bench/synthetic.js';
import { scanDiscriminators } from '../../generator/emit/types/discriminator-scan.js';
import { loadPrinterModules } from '../../generator/emit/types/printer-modules.js';
import { printingFacts } from '../../generator/emit/types/printable-refs.js';
import { transformDocument } from '../../generator/emit/types/transform-document.js';
import { printTypes } from '../../generator/emit/types/print-types.js';
import { ROOT } from '../helpers/paths.js';

/**
 * transformDocument() builds openapi-typescript's transform context itself (no second lint and
 * bundle), with the discriminators of podcast-gen's own scan (none in a document that has none). It
 * must leave the printed types exactly as openapi-typescript's own `openapiTS()` prints them, with
 * and without operationIds and discriminators: this fails when an upgrade of openapi-typescript
 * changes its context.
 */
describe('transformDocument', () => {
  const modules = loadPrinterModules();
  const openapiTS = (createRequire(import.meta.url)('openapi-typescript') as { default: typeof import('openapi-typescript').default }).default;
  const options = { alphabetize: false, exportType: false, silent: true };
  const example = (name: string) => () =>
    JSON.parse(readFileSync(join(ROOT, 'node_modules', '@readme', 'oas-examples', '3.0', 'json', name), 'utf8')) as Record<string, unknown>;
  const documents: [string, () => Record<string, unknown>][] = [
    ['the podcast document', () => parseYaml(readFileSync(join(ROOT, 'spec', 'podcast.openapi.yaml'), 'utf8')) as Record<string, unknown>],
    ['Petstore', example('petstore.json')],
    ['a document with discriminators in allOf and oneOf', example('polymorphism.json')],
    ['a document of 200 operations', () => syntheticDocument(200)],
    [
      'a document without operationIds',
      () => parseYaml(readFileSync(join(ROOT, 'test', 'fixtures', 'corpus', 'no-ids-no-tools.yaml'), 'utf8')) as Record<string, unknown>,
    ],
  ];

  for (const [name, read] of documents) {
    it(`prints ${name} as openapiTS() does`, async () => {
      // Each prints its own copy: openapi-typescript writes discriminator enums into what it prints.
      const document = read();
      const { discriminators } = printingFacts(document);
      const before = structuredClone(document);
      const scan = discriminators ? scanDiscriminators(modules.ots, document) : undefined;
      const ours = modules.ots.astToString(transformDocument(modules, document as never, { ...options, discriminators: scan }));
      const theirs = modules.ots.astToString(await openapiTS(read() as never, options));
      expect(ours).toBe(theirs);
      expect(ours).toMatch(/operations/);
      // What lets printTypes() print such a document without copying it first.
      if (!discriminators) expect(document).toStrictEqual(before);
    });
  }

  // GitHub's document, the same way: test/types/operations-as-made.compat.test.ts.
  for (const [name, read] of documents) {
    it(`prints the operations of ${name} one by one as made, as in one piece`, () => {
      expect(printTypes(read() as never)).toBe(printTypes(read() as never, { operationsAsMade: false }));
    });
  }

  it('finds discriminators wherever they are, and only there', () => {
    expect(documents.map(([name, read]) => [name, printingFacts(read()).discriminators])).toStrictEqual([
      ['the podcast document', false],
      ['Petstore', false],
      ['a document with discriminators in allOf and oneOf', true],
      ['a document of 200 operations', false],
      ['a document without operationIds', false],
    ]);
  });
});
