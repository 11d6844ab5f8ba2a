import type { OpenApiDocument } from '../../load/read-spec.js';
import { exactTypeOptions } from './exact-types.js';
import { inlinePathRefs, printingFacts } from './inline-path-refs.js';
import { printTypeNodes } from './print-type-nodes.js';
import { loadPrinterModules } from './printer-modules.js';
import { transformDocument } from './transform-document.js';

/**
 * openapi-typescript and the TypeScript compiler it prints with, loaded when this module is: they
 * are the heaviest modules podcast-gen loads, so this module is itself imported only on first use
 * (side-thread/side-thread.ts), and a worker thread that imports it loads them while the main thread lints.
 */
const modules = loadPrinterModules();

/**
 * The document's types as openapi-typescript prints them (`paths`, `components`, `operations`),
 * without a banner. openapi-typescript changes a document with discriminators (it writes their
 * enums in), so such a document is printed from a copy, unless the caller owns it (`owned`: the
 * worker thread's own copy, received as a message, read by nobody else): copying GitHub's took 0.15 s.
 */
export function printTypes(document: OpenApiDocument, { owned = false }: { owned?: boolean } = {}): string {
  const facts = printingFacts(document);
  const printable = inlinePathRefs(document, { owned, facts });
  // The document was linted and bundled once already: openapiTS() would do both again (transform-document.ts).
  const nodes = transformDocument(modules, printable as unknown as Parameters<typeof transformDocument>[1], {
    discriminators: facts.discriminators,
    alphabetize: false,
    exportType: false,
    // Tuples for bounded arrays, open empty objects, exact "exactly one of" unions: as the zod validators.
    ...exactTypeOptions(modules),
  });
  // TypeScript's printer (what astToString() calls) only for nodes the direct printer does not cover.
  return printTypeNodes(modules.ts, nodes) ?? modules.ots.astToString(nodes);
}
