import { createRequire } from 'node:module';
import { requireWithCodeCache } from '../../code-cache.js';

export type OpenapiTypescript = typeof import('openapi-typescript');
export type TypeScript = typeof import('typescript');

/** openapi-typescript and the TypeScript compiler it prints with. */
export interface PrinterModules {
  ots: OpenapiTypescript;
  ts: TypeScript;
}

/**
 * Loads openapi-typescript's CommonJS build, and the compiler through `require`. Imported as ES
 * modules, Node first scans TypeScript's 9 MB CommonJS file for its export names (cjs-module-lexer)
 * before running it: measured here, `import('openapi-typescript')` takes 0.70 s and `require` of
 * the same package 0.37 s. Both builds are the same code (its package.json exports both).
 */
export function loadPrinterModules(): PrinterModules {
  // The compiler first, through its code cache: openapi-typescript's own require then finds it loaded.
  const ts = requireWithCodeCache(import.meta.url, 'typescript') as TypeScript;
  return { ots: createRequire(import.meta.url)('openapi-typescript') as OpenapiTypescript, ts };
}
