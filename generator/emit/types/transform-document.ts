import type { OpenAPI3, OpenAPITSOptions } from 'openapi-typescript';
import type ts from 'typescript';
import type { OpenapiTypescript, PrinterModules, TypeScript } from './printer-modules.js';

/**
 * openapi-typescript's `openapiTS()` without its own redocly pass: the document was already read, linted
 * and bundled, so this builds the context `openapiTS()` builds (its defaults, version 7.13) and calls
 * `transformSchema` directly, for the same nodes without a second parse, lint and bundle.
 * `discriminators: false` (printable-refs.ts `printingFacts`) skips a scan that would find none.
 */
export function transformDocument(
  modules: Pick<PrinterModules, 'ots' | 'ts'>,
  document: OpenAPI3,
  options: Pick<OpenAPITSOptions, 'arrayLength' | 'emptyObjectsUnknown' | 'transform' | 'alphabetize' | 'exportType'> & { discriminators?: boolean },
): ts.Node[] {
  const { ots } = modules;
  const ctx = {
    additionalProperties: false,
    alphabetize: options.alphabetize ?? false,
    arrayLength: options.arrayLength ?? false,
    defaultNonNullable: true,
    discriminators: options.discriminators === false ? { objects: {}, refsHandled: [] } : ots.scanDiscriminators(document, { silent: true }),
    emptyObjectsUnknown: options.emptyObjectsUnknown ?? false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: options.exportType ?? false,
    immutable: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter: operationsFooter(modules.ts),
    pathParamsAsTypes: false,
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    redoc: undefined,
    silent: true,
    inject: undefined,
    transform: options.transform,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve: ($ref: string) => ots.resolveRef(document, $ref, { silent: true }),
  };
  const nodes = ots.transformSchema(document, ctx as unknown as Parameters<OpenapiTypescript['transformSchema']>[1]);
  ctx.injectFooter.close();
  return nodes;
}

/** openapi-typescript's footer nodes, with the `operations` interface's members gathered in one list. */
type OperationsFooter = ts.Node[] & { close(): void };

/**
 * The footer openapi-typescript injects nodes into. For every operation it finds its `operations`
 * interface there and sets `members` to a copy of them all with the new one added: a copy of
 * thousands of members per operation, quadratic in the operations (most of the types' time on a
 * document of 20,000). Here that interface's `members` reads as empty while the transform runs and
 * a set adds what it is given to one list; `close()` makes that list its members, as the copies
 * would have ended (test/unit/transform-document.test.ts holds the printed types to `openapiTS()`'s).
 */
function operationsFooter(tsModule: TypeScript): OperationsFooter {
  const footer = [] as unknown as OperationsFooter;
  const gathered: { node: ts.InterfaceDeclaration; members: ts.TypeElement[] }[] = [];
  const push = footer.push;
  footer.push = (...nodes: ts.Node[]) => {
    for (const node of nodes) {
      if (!tsModule.isInterfaceDeclaration(node) || node.name.text !== 'operations') continue;
      const members = [...node.members];
      gathered.push({ node, members });
      Object.defineProperty(node, 'members', {
        configurable: true,
        enumerable: true,
        get: () => NO_MEMBERS,
        set: (value: readonly ts.TypeElement[]) => void members.push(...value),
      });
    }
    return push.apply(footer, nodes);
  };
  footer.close = () => {
    for (const { node, members } of gathered)
      Object.defineProperty(node, 'members', { configurable: true, enumerable: true, writable: true, value: tsModule.factory.createNodeArray(members) });
  };
  return footer;
}

const NO_MEMBERS: readonly ts.TypeElement[] = Object.freeze([]);
