import type { OpenAPI3, OpenAPITSOptions } from 'openapi-typescript';
import type ts from 'typescript';
import type { OpenapiTypescript, PrinterModules } from './printer-modules.js';

/**
 * openapi-typescript's `openapiTS()` without its own redocly pass. Given a document, `openapiTS()`
 * serializes it, builds a redocly config, lints it and bundles it again before transforming; the
 * document here was already read, linted and bundled once by podcast-gen's load and lint stages,
 * so this builds the same transform context `openapiTS()` builds (its defaults, version 7.13) and
 * calls `transformSchema` directly: the same nodes, without a second parse, lint and bundle
 * (on 1,000 operations: 0.2 s instead of 0.7 s). `discriminators: false` says the document has no
 * `discriminator` (inline-path-refs.ts `printingFacts`): openapi-typescript's scan for them, a
 * walk of the whole document, would find none.
 */
export function transformDocument(
  { ots, ts: compiler }: Pick<PrinterModules, 'ots' | 'ts'>,
  document: OpenAPI3,
  options: Pick<OpenAPITSOptions, 'arrayLength' | 'emptyObjectsUnknown' | 'transform' | 'alphabetize' | 'exportType'> & { discriminators?: boolean },
): ts.Node[] {
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
    injectFooter: footerWithLinearOperations(),
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
  ctx.injectFooter.finish((members) => compiler.factory.createNodeArray(members));
  return nodes;
}

/** The `operations` interface as openapi-typescript builds it: it reads and sets only `members`. */
interface OperationsInterface {
  name?: { escapedText?: unknown };
  members: readonly ts.Node[];
}

/**
 * openapi-typescript's `injectFooter` (the declarations printed after the root types), made so
 * that building `operations` takes linear time. openapi-typescript adds each operation by copying
 * the interface's members into a new array one longer (`members = [...members, next]`): 12.5
 * million copies for 5,000 operations, 0.3 s. Here the interface's `members` reads as empty while
 * the transform runs, so each copy holds the new member alone, which is appended to a list; once
 * the transform is done, `finish` sets the whole list in the same order. The printed text is the
 * same (test/unit/transform-document.test.ts prints both ways).
 */
function footerWithLinearOperations(): ts.Node[] & { finish(nodeArray: (members: ts.Node[]) => readonly ts.Node[]): void } {
  const footer: ts.Node[] = [];
  const collected: { node: OperationsInterface; members: ts.Node[] }[] = [];
  const push = (...nodes: ts.Node[]) => {
    for (const node of nodes) {
      const operations = node as unknown as OperationsInterface;
      if (operations.name?.escapedText === 'operations' && Array.isArray(operations.members) && !collected.some((c) => c.node === operations)) {
        const entry = { node: operations, members: [...operations.members] };
        collected.push(entry);
        Object.defineProperty(operations, 'members', {
          configurable: true,
          enumerable: true,
          get: () => [],
          set: (next: readonly ts.Node[]) => void entry.members.push(...next),
        });
      }
      Array.prototype.push.call(footer, node);
    }
    return footer.length;
  };
  return Object.assign(footer, {
    push,
    finish(nodeArray: (members: ts.Node[]) => readonly ts.Node[]) {
      for (const { node, members } of collected) {
        Object.defineProperty(node, 'members', { configurable: true, enumerable: true, writable: true, value: nodeArray(members) });
      }
    },
  });
}
