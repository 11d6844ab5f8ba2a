/**
 * `require` of a large CommonJS module with a V8 code cache kept on disk: what Node 22's
 * `module.enableCompileCache()` does (bin/podcast-gen.js turns that on where it exists), for the
 * Node 20 this project supports. The TypeScript compiler is 9 MB of JavaScript that V8 parses and
 * compiles on every run; with its code cache, requiring it takes about 0.15 s instead of 0.30 s here.
 *
 * v8-compile-cache, the package made for this, hooks every `require` and breaks on `require()` of an
 * ES module, which openapi-typescript's CommonJS build does (parse-json); this covers one file at a time.
 *
 * The cache sits beside the module, in the `node_modules/.cache/podcast-gen` folder of the
 * `node_modules` that holds it (as babel-loader and ava keep theirs): owned by the user, never a
 * shared temporary folder, whose files another user could plant. It is keyed by Node's version,
 * the architecture, and the file's path, size and modification time; V8 checks the rest (its own
 * version and flags, the source's length) and rejects a cache that does not fit, which is then
 * made anew. Any failure to read or write it only costs the time it would have saved.
 * `NODE_DISABLE_COMPILE_CACHE=1` (Node's own switch) turns it off.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { Script, constants } from 'node:vm';
import { threadId } from 'node:worker_threads';

/** What a load did with the code cache: made it (none was there, or V8 rejected it) or used it. */
export type CodeCacheUse = 'made' | 'used';

type Wrapped = (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
type ModuleInternals = typeof Module & { _nodeModulePaths(from: string): string[]; wrap(source: string): string };

/** Requires `id` as `require` resolves it from `from` (a file URL or path), through the code cache. */
export function requireWithCodeCache(from: string | URL, id: string): unknown {
  const require = createRequire(from);
  const filename = require.resolve(id);
  const loaded = require.cache[filename];
  if (loaded) return loaded.exports;
  const cacheFile = codeCacheFile(filename);
  return cacheFile ? loadWithCodeCache(filename, cacheFile).exports : require(id);
}

/**
 * Where `filename`'s code cache lives, or undefined when none should be used: in the
 * `node_modules` that holds the file, or, for a file of a package that is not installed (podcast-gen
 * run from its own repository), in the `node_modules` of the nearest folder above it that has one.
 */
export function codeCacheFile(filename: string): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE || 'enableCompileCache' in Module) return undefined;
  const at = filename.lastIndexOf(`${sep}node_modules${sep}`);
  const modules = at >= 0 ? join(filename.slice(0, at), 'node_modules') : nearestNodeModules(dirname(filename));
  if (!modules) return undefined;
  try {
    const { size, mtimeMs } = statSync(filename);
    const key = createHash('sha256').update(JSON.stringify([process.version, process.arch, filename, size, mtimeMs])).digest('hex').slice(0, 32);
    return join(modules, '.cache', 'podcast-gen', `${key}.v8cache`);
  } catch {
    return undefined;
  }
}

function nearestNodeModules(folder: string): string | undefined {
  for (let at = folder; ; at = dirname(at)) {
    if (existsSync(join(at, 'node_modules'))) return join(at, 'node_modules');
    if (dirname(at) === at) return undefined;
  }
}

/**
 * Loads the CommonJS file `filename` (an absolute path) with the code cache in `cacheFile`. Its
 * `require` of an id in `provided` gets that value (an ES module this process has loaded already,
 * shared with the file rather than loaded again).
 */
export function loadWithCodeCache(filename: string, cacheFile: string, provided: Record<string, unknown> = {}): { exports: unknown; cache: CodeCacheUse } {
  const required = createRequire(filename);
  const require = Object.assign((id: string) => (Object.hasOwn(provided, id) ? provided[id] : required(id)), required) as NodeJS.Require;
  const internals = Module as ModuleInternals;
  const cachedData = readOrUndefined(cacheFile);
  const script = new Script(internals.wrap(readFileSync(filename, 'utf8')), {
    filename,
    ...(cachedData ? { cachedData } : {}),
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = new Module(filename);
  module.filename = filename;
  module.paths = internals._nodeModulePaths(dirname(filename));
  require.cache[filename] = module;
  try {
    (script.runInThisContext() as Wrapped).call(module.exports, module.exports, require, module, filename, dirname(filename));
  } catch (error) {
    delete require.cache[filename];
    throw error;
  }
  module.loaded = true;
  // Made at once (not at exit, which a terminated worker thread never reaches); a cache made after
  // the run, holding the functions it compiled lazily, measured no faster.
  const cache = !cachedData || script.cachedDataRejected ? 'made' : 'used';
  if (cache === 'made') writeQuietly(cacheFile, () => script.createCachedData());
  return { exports: module.exports, cache };
}

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Writes through a temporary file and a rename, so that a reader never sees half a cache. The
 * temporary name is the writer's own (process and thread): two runs, or the main thread and the
 * types worker, may make the same cache at once, and each renames only what it wrote whole.
 */
function writeQuietly(file: string, data: () => Buffer): void {
  const temporary = `${file}.${process.pid}-${threadId}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, data());
    renameSync(temporary, file);
  } catch {
    // A read-only node_modules: the next run compiles again, as it would without a cache.
  }
}
