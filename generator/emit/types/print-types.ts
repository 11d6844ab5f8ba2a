import type ts from 'typescript';
import type { ApiModel } from '../../model/types.js';
import { directPrinterFor, type DirectPrinter, typescriptNodePrinter } from './direct-printer.js';
import { scanDiscriminators } from './discriminator-scan.js';
import { dropDuplicateProperties } from './duplicate-properties.js';
import { exactTypeOptions } from './exact-types.js';
import { printableRefs, printingFacts } from './printable-refs.js';
import { loadPrinterModules, type PrinterModules } from './printer-modules.js';
import { extraOperationsDocument, needs32Printing, printable32 } from './oas32-printable.js';
import { separateObjectEnums } from './object-enums.js';
import { recursiveAliases } from './recursive-aliases.js';
import { transformDocument } from './transform-document.js';

/** openapi-typescript and TypeScript, the heaviest modules podcast-gen loads: loaded on the first print. */
let modules: PrinterModules | undefined;

/**
 * The document's types as openapi-typescript prints them (`paths`, `components`, `operations`),
 * without a banner. `printer: 'typescript'` prints with TypeScript's own printer, the judge of the
 * direct printer (direct-printer.ts), which a test may also pass in to see what it handed over.
 */
export function printTypes(
  document: ApiModel['document'],
  { operationsAsMade = true, printer }: { operationsAsMade?: boolean; printer?: DirectPrinter | 'typescript' } = {},
): string {
  modules ??= loadPrinterModules();
  const oas32 = needs32Printing(document);
  const source = oas32 ? printable32(document) : document;
  const facts = printingFacts(source);
  const referable = printableRefs(source, { facts });
  const printable = facts.objectEnums ? separateObjectEnums(referable) : referable;
  const options = {
    alphabetize: false,
    exportType: false,
    // Tuples for bounded arrays, open empty objects, exact "exactly one of" unions: as the zod validators.
    ...exactTypeOptions(modules),
  };
  type Printed = Parameters<typeof transformDocument>[1];
  // Each operation's type printed as it is made (not where 3.2's extra operations join them later).
  const direct = printer === 'typescript' ? undefined : (printer ?? directPrinterFor(modules.ts));
  const operations = oas32 || !operationsAsMade ? undefined : operationPrinter(direct ? direct.printNode : typescriptNodePrinter(modules.ts));
  // The scan writes discriminator enums into what is printed (3.2's copy shares examples and
  // extensions with the run's document): each write is undone once everything is printed, 3.2's
  // extra operations included, which are printed with the first scan's enums in place.
  const scans: ReturnType<typeof scanDiscriminators>[] = [];
  const { ots } = modules;
  const scanned = (document: unknown) => {
    if (!facts.discriminators) return undefined;
    const scan = scanDiscriminators(ots, document);
    scans.push(scan);
    return scan;
  };
  let nodes: ts.Node[];
  try {
    // The document was linted and bundled once already: openapiTS() would do both again (transform-document.ts).
    nodes = transformDocument(modules, printable as unknown as Printed, { ...options, discriminators: scanned(printable), takeOperation: operations?.take });
    const extra = oas32 ? extraOperationsDocument(printable as Record<string, unknown>) : undefined;
    if (extra) {
      mergeOperations(modules, nodes, transformDocument(modules, extra as unknown as Printed, { ...options, discriminators: scanned(extra) }));
      addExtraMethods(modules, nodes, printable as Record<string, unknown>);
    }
  } finally {
    for (const scan of scans.reverse()) scan.undo();
  }
  if (facts.discriminators) dropDuplicateProperties(modules, nodes);
  // A component that reaches itself with no object type between does not compile as an index.
  recursiveAliases(modules, nodes);
  withRequiredOfNullable(modules, nodes);
  const text = direct ? direct.printFile(nodes) : modules.ots.astToString(nodes);
  return twoSpaceIndent(operations ? operations.into(text) : text);
}

/**
 * The members of the `operations` interface printed one by one as openapi-typescript makes them, so
 * that a large document's operations are never all held as syntax (on Microsoft Graph's they are
 * most of it), and put into the interface printed empty. TypeScript's printer indents every line
 * it starts with text, so a member printed alone and indented one level reads as printed inside
 * (test/unit/transform-document.test.ts compares both ways).
 */
function operationPrinter(printNode: (node: ts.Node) => string): { take(member: ts.TypeElement): void; into(text: string): string } {
  const printed: string[] = [];
  return {
    take: (member) => void printed.push(printNode(member).replace(/^(?=.)/gm, '    ')),
    into(text) {
      if (printed.length === 0) return text;
      const empty = '\nexport interface operations {\n}\n';
      const at = text.indexOf(empty);
      if (at < 0) throw new Error('the printed types have no empty operations interface to put the operations into');
      return `${text.slice(0, at)}\nexport interface operations {\n${printed.join('\n')}\n}\n${text.slice(at + empty.length)}`;
    },
  };
}

/**
 * openapi-typescript's helper for an `allOf` member whose properties the parent requires,
 * `WithRequired<T, K extends keyof T>`, does not compile for a nullable member (`keyof (X | null)` is
 * `never`: TS2344; test/types/required-nullable-member.compat.test.ts). The same helper over the member
 * without its null: the
 * intersection with the required keys' object excluded null already.
 */
function withRequiredOfNullable({ ts }: PrinterModules, nodes: ts.Node[]): void {
  const at = nodes.findIndex((node) => ts.isTypeAliasDeclaration(node) && node.name.text === 'WithRequired');
  if (at < 0) return;
  const text = 'type WithRequired<T, K extends keyof NonNullable<T>> = NonNullable<T> & { [P in K]-?: NonNullable<T>[P] };';
  nodes[at] = ts.createSourceFile('with-required.ts', text, ts.ScriptTarget.ESNext, false, ts.ScriptKind.TS).statements[0] as ts.Statement;
}

/**
 * TypeScript's printer indents by four spaces, the rest of the output by two, and indentation is much
 * of the types' bytes. Only the run of spaces a line starts with is structural (the printer
 * escapes line breaks inside strings, and a doc comment's text follows its ` * `), so halving each
 * whole group of four there changes nothing else.
 */
export function twoSpaceIndent(text: string): string {
  return text.replace(/^(?: {4})+/gm, (run) => ' '.repeat(run.length / 2));
}

/**
 * Each path item of `paths` with its 3.2 operations: `query: operations["search"]` and
 * `additionalOperations: { COPY: operations["copyItems"] }` (openapi-typescript prints neither).
 */
function addExtraMethods({ ts }: PrinterModules, nodes: ts.Node[], document: Record<string, unknown>): void {
  const at = nodes.findIndex((node) => ts.isInterfaceDeclaration(node) && node.name.text === 'paths');
  const paths = nodes[at];
  if (!paths || !ts.isInterfaceDeclaration(paths)) return;
  const f = ts.factory;
  const operation = (raw: unknown) => {
    const id = (raw as { operationId?: unknown } | undefined)?.operationId;
    return typeof id === 'string'
      ? f.createIndexedAccessTypeNode(f.createTypeReferenceNode('operations'), f.createLiteralTypeNode(f.createStringLiteral(id.replace(/#/g, '/'))))
      : undefined;
  };
  const items = (document.paths ?? {}) as Record<string, { query?: unknown; additionalOperations?: Record<string, unknown> }>;
  const members = paths.members.map((member) => {
    const name = member.name && (ts.isStringLiteral(member.name) || ts.isIdentifier(member.name)) ? member.name.text : undefined;
    const item = name === undefined ? undefined : items[name];
    if (!item || !ts.isPropertySignature(member) || !member.type || !ts.isTypeLiteralNode(member.type)) return member;
    const added: ts.TypeElement[] = [];
    const query = operation(item.query);
    if (query) added.push(f.createPropertySignature(undefined, 'query', undefined, query));
    const additional = Object.entries(item.additionalOperations ?? {}).flatMap(([method, raw]) => {
      const type = operation(raw);
      return type ? [f.createPropertySignature(undefined, f.createStringLiteral(method), undefined, type)] : [];
    });
    if (additional.length > 0) added.push(f.createPropertySignature(undefined, 'additionalOperations', undefined, f.createTypeLiteralNode(additional)));
    if (added.length === 0) return member;
    return f.updatePropertySignature(
      member,
      member.modifiers,
      member.name,
      member.questionToken,
      f.updateTypeLiteralNode(member.type, f.createNodeArray([...member.type.members, ...added])),
    );
  });
  nodes[at] = f.updateInterfaceDeclaration(paths, paths.modifiers, paths.name, paths.typeParameters, paths.heritageClauses, members);
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
