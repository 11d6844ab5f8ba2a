import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Imports a JavaScript or TypeScript module by path. TypeScript goes through the project's own
 * `tsx` when it is installed where the file is (it follows the file's imports of other TypeScript
 * files), else through the `typescript` package that podcast-gen depends on (the file alone,
 * transpiled), so a `.ts` config loads on every supported Node version without a TypeScript runtime.
 */
export async function importModule(file: string, cwd: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(file).href;
  if (!/\.[mc]?ts$/.test(file)) return (await import(url)) as Record<string, unknown>;
  const tsx = findTsx(dirname(file));
  if (tsx) {
    const api = (await import(pathToFileURL(tsx).href)) as { tsImport(specifier: string, parent: string): Promise<Record<string, unknown>> };
    return unwrapDefault(await api.tsImport(url, import.meta.url));
  }
  return unwrapDefault(await (await import('./transpile-module.js')).importTranspiled(file, cwd));
}

/** The ESM entry of `tsx/esm/api` as resolved from `folder` (require.resolve would give the CommonJS one). */
export function findTsx(folder: string): string | undefined {
  try {
    const manifest = createRequire(join(folder, 'package.json')).resolve('tsx/package.json');
    const exports = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: Record<string, { import?: { default?: string } }> }).exports;
    const entry = exports?.['./esm/api']?.import?.default;
    return entry ? join(dirname(manifest), entry) : undefined;
  } catch {
    return undefined;
  }
}

/** CommonJS interop (tsx, a `.cts` file) may wrap a module's exports once more under `default`; take the real ones. */
function unwrapDefault(module: Record<string, unknown>): Record<string, unknown> {
  const inner = module.default as Record<string, unknown> | undefined;
  if (inner && typeof inner === 'object' && 'default' in inner && Object.keys(module).every((k) => k === 'default' || k in inner)) return inner;
  return module;
}
