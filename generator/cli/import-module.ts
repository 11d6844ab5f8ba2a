import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EXIT_USAGE, fail } from '../problems.js';

/**
 * Imports a JavaScript or TypeScript module by path. TypeScript goes through the project's own
 * `tsx` when it is installed there (podcast-gen does not ship a TypeScript runtime), else through
 * Node's built-in type stripping where the Node version has it, else fails with what to do.
 */
export async function importModule(file: string, cwd: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(file).href;
  if (!/\.[mc]?ts$/.test(file)) return (await import(url)) as Record<string, unknown>;
  const tsx = findTsx(cwd);
  if (tsx) {
    const api = (await import(pathToFileURL(tsx).href)) as { tsImport(specifier: string, parent: string): Promise<Record<string, unknown>> };
    return unwrapDefault(await api.tsImport(url, import.meta.url));
  }
  if ((process.features as { typescript?: unknown }).typescript) return (await import(url)) as Record<string, unknown>;
  fail(
    {
      code: 'config/typescript',
      file: relative(cwd, file),
      message: 'a TypeScript config needs tsx to load on this Node version',
      hint: 'run `npm install -D tsx`, or rename it podcast-gen.config.mjs',
    },
    EXIT_USAGE,
  );
}

/** The ESM entry of `tsx/esm/api` as installed in the user's project (require.resolve would give the CommonJS one). */
function findTsx(cwd: string): string | undefined {
  try {
    const manifest = createRequire(join(cwd, 'package.json')).resolve('tsx/package.json');
    const exports = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: Record<string, { import?: { default?: string } }> }).exports;
    const entry = exports?.['./esm/api']?.import?.default;
    return entry ? join(dirname(manifest), entry) : undefined;
  } catch {
    return undefined;
  }
}

/** tsx may wrap a module's exports once more under `default` (CommonJS interop); take the real ones. */
function unwrapDefault(module: Record<string, unknown>): Record<string, unknown> {
  const inner = module.default as Record<string, unknown> | undefined;
  if (inner && typeof inner === 'object' && 'default' in inner && Object.keys(module).every((k) => k === 'default' || k in inner)) return inner;
  return module;
}
