/**
 * The esbuild plugin that serves files held in memory (`verify` without an output folder): an
 * import of `memory:<path>` and every relative import from such a file are answered from the map,
 * as a folder on disk would answer them (`./runtime.js` is `runtime.ts` where only that is there).
 */
import { posix } from 'node:path';
import type { Loader, Plugin } from 'esbuild';

/** The namespace of in-memory files; an entry is imported as `memory:<path>`. */
export const MEMORY = 'memory';

/** The plugin over `files` (path -> text, paths relative to the output folder, `/`-separated). */
export function memoryFiles(files: ReadonlyMap<string, string>): Plugin {
  return {
    name: 'podcast-gen-memory-files',
    setup(build) {
      build.onResolve({ filter: /^memory:/ }, (args) => found(files, args.path.slice(MEMORY.length + 1)));
      build.onResolve({ filter: /^\.\.?\//, namespace: MEMORY }, (args) => found(files, posix.join(posix.dirname(args.importer), args.path)));
      build.onLoad({ filter: /.*/, namespace: MEMORY }, (args) => ({ contents: files.get(args.path) ?? '', loader: loaderOf(args.path) }));
    },
  };
}

/** The in-memory file `path` names, as TypeScript's resolution under `nodenext` finds it. */
function found(files: ReadonlyMap<string, string>, path: string) {
  const candidates = path.endsWith('.js') ? [path.replace(/\.js$/, '.ts'), path] : [path];
  const hit = candidates.find((candidate) => files.has(candidate));
  if (hit !== undefined) return { path: hit, namespace: MEMORY };
  return { errors: [{ text: `no generated file ${path} in memory` }] };
}

function loaderOf(path: string): Loader {
  if (path.endsWith('.json')) return 'json';
  if (/\.[cm]?ts$/.test(path)) return 'ts';
  return 'js';
}
