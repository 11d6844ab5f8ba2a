/**
 * Bundles modules into one ES module text with esbuild, in memory (`write: false`): the entries and
 * every file they import relatively, types erased; packages left as imports of their absolute
 * `file:` URLs (package-imports.ts). One bundle holds one copy of each file, so entries bundled
 * together share their modules (the client's error classes are the ones the MCP server checks).
 */
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BuildFailure, build, type Message } from 'esbuild';
import { PACKAGE_ROOT } from '../package-root.js';
import { CodeImportError } from './code-import-error.js';
import { filePlaces } from './file-places.js';
import { MEMORY, memoryFiles } from './memory-files.js';
import { type MissingPackage, packageImports } from './package-imports.js';

/** What to bundle (see import-code.ts for each field). */
export interface BundleRequest {
  entries: readonly string[];
  files?: ReadonlyMap<string, string>;
  resolveFrom: readonly string[];
  projectTsconfig?: boolean;
  cwd?: string;
  hint: string;
}

/** The export name of entry `i` in the bundle's namespace. */
export const entryExport = (i: number) => `entry${i}`;

/** The bundle's text; a CodeImportError naming the file and line when esbuild cannot make it. */
export async function bundleCode(request: BundleRequest): Promise<string> {
  const { entries, files, resolveFrom } = request;
  const specifier = (entry: string) => (files ? `${MEMORY}:${entry}` : entry);
  const base = files ? (resolveFrom[0] ?? process.cwd()) : dirname(entries[0] ?? '.');
  try {
    const result = await build({
      stdin: {
        contents: entries.map((entry, i) => `export * as ${entryExport(i)} from ${JSON.stringify(specifier(entry))};`).join('\n'),
        // `.mjs`: an entry in CommonJS (a `.cts` config) is imported as Node imports one, `module.exports` as the default.
        sourcefile: 'podcast-gen-entries.mjs',
        resolveDir: base,
        loader: 'js',
      },
      absWorkingDir: base,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // Node's conditions, without the `module` one esbuild adds for bundlers.
      conditions: [],
      charset: 'utf8',
      logLevel: 'silent',
      // Generated code is compiled the same wherever it sits; a config as its project's tsconfig says.
      ...(request.projectTsconfig ? {} : { tsconfigRaw: {} }),
      // CommonJS code in the bundle (a `.cts` config) requires packages by their resolved paths.
      banner: {
        js: `import { createRequire as __podcastGenRequire } from 'node:module';\nconst require = __podcastGenRequire(${JSON.stringify(pathToFileURL(join(base, 'bundle.js')).href)});`,
      },
      plugins: [...(files ? [memoryFiles(files)] : [filePlaces()]), packageImports(resolveFrom)],
    });
    return result.outputFiles[0]?.text ?? '';
  } catch (error) {
    const [first] = (error as Partial<BuildFailure>).errors ?? [];
    if (!first) throw error;
    throw importError(first, { base, ...request });
  }
}

/** esbuild's message as a CodeImportError: the file and line it names, and what to do. */
function importError(message: Message, context: { base: string; resolveFrom: readonly string[]; cwd?: string; hint: string }): CodeImportError {
  const { base, resolveFrom, cwd, hint } = context;
  const location = message.location;
  const shown = (path: string) => (cwd === undefined ? path : relative(cwd, path) || '.');
  const inMemory = location?.file.startsWith(`${MEMORY}:`);
  const file = location ? (inMemory ? location.file.slice(MEMORY.length + 1) : shown(resolve(base, location.file))) : undefined;
  const place = { ...(file === undefined ? {} : { file }), ...(location ? { line: location.line, column: location.column + 1 } : {}) };
  const missing = (message.detail as Partial<MissingPackage> | undefined)?.missingPackage;
  if (missing !== undefined) {
    const named = (folder: string) => (resolve(folder) === resolve(PACKAGE_ROOT) ? "podcast-gen's own install" : shown(folder));
    const where = resolveFrom.length > 0 ? `, looked for from ${[...new Set(resolveFrom.map(named))].join(' and ')}` : '';
    return new CodeImportError({ ...place, reason: `${message.text}${where}`, hint: `run \`npm install ${missing}\`` });
  }
  return new CodeImportError({ ...place, reason: message.text, hint });
}
