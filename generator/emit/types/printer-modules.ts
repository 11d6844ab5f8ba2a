import { createRequire } from 'node:module';

type OpenapiTypescriptPackage = typeof import('openapi-typescript');
export type TypeScript = typeof import('typescript');

/** The parts of openapi-typescript podcast-gen prints with (transform-document.ts, exact-types.ts). */
export const OTS_PARTS = [
  'astToString',
  'createRef',
  'NEVER',
  'QUESTION_TOKEN',
  'tsIntersection',
  'tsPropertyIndex',
  'tsUnion',
  'resolveRef',
  'transformSchema',
  'transformSchemaObject',
] as const;
export type OpenapiTypescript = Pick<OpenapiTypescriptPackage, (typeof OTS_PARTS)[number]>;

/** openapi-typescript and the TypeScript compiler it prints with. */
export interface PrinterModules {
  ots: OpenapiTypescript;
  ts: TypeScript;
  /** `parts` when loaded from the files that hold them, `package` when from the package's entry. */
  loadedFrom: 'parts' | 'package';
  /** The exports of openapi-typescript's lib/utils.cjs, through which its transform calls `createRef` (create-ref-shortcut.ts); loaded from parts only. */
  utils?: { createRef: OpenapiTypescript['createRef'] };
}

/**
 * Loads openapi-typescript's CommonJS build, and the compiler, through `require`: imported as ES
 * modules, Node first scans TypeScript's large CommonJS file for its export names.
 *
 * Of openapi-typescript, only the files that hold the parts are required (its package exports every
 * file, `"./*"`): its entry also loads its own copy of @redocly/openapi-core 1.x for `openapiTS()`,
 * which podcast-gen does not call. The version is pinned in package.json; should a later version move
 * a part, the package's entry is loaded instead (test/unit/printer-modules.test.ts notices).
 */
export function loadPrinterModules(): PrinterModules {
  const require = createRequire(import.meta.url);
  const ts = require('typescript') as TypeScript;
  const parts = otsParts(require);
  return parts ? { ...parts, ts, loadedFrom: 'parts' } : { ots: require('openapi-typescript') as OpenapiTypescriptPackage, ts, loadedFrom: 'package' };
}

function otsParts(require: NodeJS.Require): Pick<PrinterModules, 'ots' | 'utils'> | undefined {
  try {
    const file = (path: string) => require(`openapi-typescript/dist/${path}`) as Record<string, unknown>;
    const utils = file('lib/utils.cjs');
    const parts: Record<string, unknown> = {
      ...file('lib/ts.cjs'),
      ...utils,
      transformSchema: file('transform/index.cjs'),
      transformSchemaObject: file('transform/schema-object.cjs').default,
    };
    return OTS_PARTS.every((name) => parts[name] !== undefined)
      ? { ots: parts as unknown as OpenapiTypescript, utils: utils as unknown as PrinterModules['utils'] }
      : undefined;
  } catch {
    return undefined;
  }
}
