import type { OpenAPI3, OpenAPITSOptions } from 'openapi-typescript';
import type ts from 'typescript';
import { withCreateRefShortcut } from './create-ref-shortcut.js';
import type { Discriminators } from './discriminator-scan.js';
import { operationsFooter } from './operations-footer.js';
import type { OpenapiTypescript, PrinterModules } from './printer-modules.js';

/**
 * openapi-typescript's `openapiTS()` without its own redocly pass: the document was already read, linted
 * and bundled, so this builds the context `openapiTS()` builds (its defaults, version 7.13) and calls
 * `transformSchema` directly, for the same nodes without a second parse, lint and bundle.
 * The discriminators are scanned by the caller (discriminator-scan.ts), which undoes the scan's
 * writes into the document once the types are printed; without them, none are printed.
 */
export function transformDocument(
  modules: Pick<PrinterModules, 'ots' | 'ts' | 'utils'>,
  document: OpenAPI3,
  options: Pick<OpenAPITSOptions, 'arrayLength' | 'emptyObjectsUnknown' | 'transform' | 'alphabetize' | 'exportType'> & {
    discriminators?: Discriminators | undefined;
    /** Takes each member of the `operations` interface as it is made, which then stays empty (operations-footer.ts). */
    takeOperation?: ((member: ts.TypeElement) => void) | undefined;
  },
): ts.Node[] {
  const { ots } = modules;
  const ctx = {
    additionalProperties: false,
    alphabetize: options.alphabetize ?? false,
    arrayLength: options.arrayLength ?? false,
    defaultNonNullable: true,
    discriminators: options.discriminators ?? { objects: {}, refsHandled: [] },
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
    injectFooter: operationsFooter(modules.ts, options.takeOperation),
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
  const transform = () => ots.transformSchema(document, ctx as unknown as Parameters<OpenapiTypescript['transformSchema']>[1]);
  const nodes = modules.utils ? withCreateRefShortcut(modules.utils, transform) : transform();
  ctx.injectFooter.close();
  return nodes;
}
