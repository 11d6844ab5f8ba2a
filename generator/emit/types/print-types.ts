import type ts from 'typescript';
import type { ApiModel } from '../../model/types.js';
import { exactTypeOptions } from './exact-types.js';
import { inlinePathRefs, printingFacts } from './inline-path-refs.js';
import { loadPrinterModules, type PrinterModules } from './printer-modules.js';
import { extraOperationsDocument, needs32Printing, printable32 } from './oas32-printable.js';
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
  const oas32 = needs32Printing(document);
  const source = oas32 ? printable32(document) : document;
  const facts = printingFacts(source);
  const printable = inlinePathRefs(source, { facts, owned: oas32 });
  const options = {
    discriminators: facts.discriminators,
    alphabetize: false,
    exportType: false,
    // Tuples for bounded arrays, open empty objects, exact "exactly one of" unions: as the zod validators.
    ...exactTypeOptions(modules),
  };
  type Printed = Parameters<typeof transformDocument>[1];
  // The document was linted and bundled once already: openapiTS() would do both again (transform-document.ts).
  const nodes = transformDocument(modules, printable as unknown as Printed, options);
  const extra = oas32 ? extraOperationsDocument(printable as Record<string, unknown>) : undefined;
  if (extra) mergeOperations(modules, nodes, transformDocument(modules, extra as unknown as Printed, options));
  return modules.ots.astToString(nodes);
}

/** `operations` of `nodes` with the entries of `extra`'s `operations` added (3.2's query and additional operations). */
function mergeOperations({ ts }: PrinterModules, nodes: ts.Node[], extra: ts.Node[]): void {
  const isOperations = (node: ts.Node): node is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
    (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && node.name.text === 'operations';
  const added = extra.find(isOperations);
  const at = nodes.findIndex(isOperations);
  if (!added || !ts.isInterfaceDeclaration(added) || at < 0) return;
  const own = nodes[at] as ts.InterfaceDeclaration | ts.TypeAliasDeclaration;
  nodes[at] = ts.isInterfaceDeclaration(own)
    ? ts.factory.updateInterfaceDeclaration(own, own.modifiers, own.name, own.typeParameters, own.heritageClauses, [...own.members, ...added.members])
    : added;
}
