import type { ApiModel } from '../../model/types.js';
import { exactTypeOptions } from './exact-types.js';
import { inlinePathRefs, printingFacts } from './inline-path-refs.js';
import { loadPrinterModules, type PrinterModules } from './printer-modules.js';
import { transformDocument } from './transform-document.js';

/** openapi-typescript and TypeScript, the heaviest modules podcast-gen loads: loaded on the first print. */
let modules: PrinterModules | undefined;

/**
 * The document's types as openapi-typescript prints them (`paths`, `components`, `operations`),
 * without a banner. openapi-typescript writes discriminator enums into the document it prints, so
 * such a document is printed from a copy.
 */
export function printTypes(document: ApiModel['document']): string {
  modules ??= loadPrinterModules();
  const facts = printingFacts(document);
  const printable = inlinePathRefs(document, { facts });
  // The document was linted and bundled once already: openapiTS() would do both again (transform-document.ts).
  const nodes = transformDocument(modules, printable as unknown as Parameters<typeof transformDocument>[1], {
    discriminators: facts.discriminators,
    alphabetize: false,
    exportType: false,
    // Tuples for bounded arrays, open empty objects, exact "exactly one of" unions: as the zod validators.
    ...exactTypeOptions(modules),
  });
  return modules.ots.astToString(nodes);
}
