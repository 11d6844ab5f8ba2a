import { createRequire } from 'node:module';
import { requireWithCodeCache } from '../../code-cache.js';
import { installQuickPointers, type QuickPointers } from './quick-pointers.js';

type OpenapiTypescriptPackage = typeof import('openapi-typescript');
export type TypeScript = typeof import('typescript');

/** The parts of openapi-typescript podcast-gen prints with (transform-document.ts, exact-types.ts). */
export const OTS_PARTS = ['astToString', 'NEVER', 'QUESTION_TOKEN', 'tsIntersection', 'tsPropertyIndex', 'tsUnion', 'resolveRef', 'scanDiscriminators', 'transformSchema', 'transformSchemaObject'] as const;
export type OpenapiTypescript = Pick<OpenapiTypescriptPackage, (typeof OTS_PARTS)[number]>;

/** openapi-typescript and the TypeScript compiler it prints with. */
export interface PrinterModules {
  ots: OpenapiTypescript;
  ts: TypeScript;
  /** `parts` when loaded from the files that hold them, `package` when from the package's entry. */
  loadedFrom: 'parts' | 'package';
  /** The quick pointer functions openapi-typescript calls (quick-pointers.ts), when put in place. */
  quickPointers: QuickPointers | undefined;
}

/**
 * Loads openapi-typescript's CommonJS build, and the compiler through `require`. Imported as ES
 * modules, Node first scans TypeScript's 9 MB CommonJS file for its export names (cjs-module-lexer)
 * before running it: measured here, `import('openapi-typescript')` takes 0.70 s and `require` of
 * the same package 0.37 s.
 *
 * Of openapi-typescript, only the files that hold the parts are required: its entry also loads its
 * own copy of @redocly/openapi-core 1.x (for `openapiTS()`, which podcast-gen does not call), 0.15 s
 * of the 0.2 s it takes. Its package exports every file (`"./*"`); should a later version move a
 * part, the package's entry is loaded instead (test/unit/printer-modules.test.ts notices).
 */
export function loadPrinterModules(): PrinterModules {
  // The compiler first, through its code cache: openapi-typescript's own require then finds it loaded.
  const ts = requireWithCodeCache(import.meta.url, 'typescript') as TypeScript;
  const require = createRequire(import.meta.url);
  const parts = otsParts(require);
  const ots = parts ?? (require('openapi-typescript') as OpenapiTypescriptPackage);
  return { ots, ts, loadedFrom: parts ? 'parts' : 'package', quickPointers: quickenPointers(require) };
}

/**
 * Puts quick-pointers.ts's functions into the @redocly/openapi-core that openapi-typescript's own
 * files require (its own 1.x copy, which nothing else podcast-gen runs uses) and into
 * openapi-typescript's `lib/utils.cjs`; a layout that does not resolve leaves openapi-typescript as
 * it is, only slower.
 */
function quickenPointers(require: NodeJS.Require): QuickPointers | undefined {
  try {
    const utilsPath = require.resolve('openapi-typescript/dist/lib/utils.cjs');
    const fromOts = createRequire(utilsPath);
    return installQuickPointers(fromOts('@redocly/openapi-core/lib/ref-utils.js') as Record<string, unknown>, require(utilsPath) as Record<string, unknown>);
  } catch {
    return undefined;
  }
}

function otsParts(require: NodeJS.Require): OpenapiTypescript | undefined {
  try {
    const file = (path: string) => require(`openapi-typescript/dist/${path}`) as Record<string, unknown>;
    const parts: Record<string, unknown> = {
      ...file('lib/ts.cjs'),
      ...file('lib/utils.cjs'),
      transformSchema: file('transform/index.cjs'),
      transformSchemaObject: file('transform/schema-object.cjs').default,
    };
    return OTS_PARTS.every((name) => parts[name] !== undefined) ? (parts as unknown as OpenapiTypescript) : undefined;
  } catch {
    return undefined;
  }
}
