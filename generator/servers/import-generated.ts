/**
 * Imports modules of a generated output folder (`<out>/mock/index.js` or `.ts`) from outside the
 * test runner: compiled JavaScript as it is; TypeScript through the project's own tsx when it has
 * one; else the whole folder is transformed by esbuild (a dependency of podcast-gen: types
 * erased, imports kept as written) into a temporary folder beside it, imported from there, and
 * removed. The whole
 * folder, because the generated files import each other (`./server.js` is `server.ts` on disk).
 * Generated files held in memory (`verify` without an output folder) go the same way.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, posix, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { findTsx, importModule } from '../cli/import-module.js';
import { listFiles } from '../write/list-files.js';

/** Imports `entry`, a file inside the generated folder `root`. */
export async function importGenerated(entry: string, root: string, cwd: string): Promise<Record<string, unknown>> {
  const [module] = await importGeneratedModules([entry], root, cwd);
  return module as Record<string, unknown>;
}

/** Imports `entries`, files inside the generated folder `root`, in one pass over the folder. */
export async function importGeneratedModules(entries: readonly string[], root: string, cwd: string): Promise<Record<string, unknown>[]> {
  if (!entries.some((entry) => entry.endsWith('.ts')) || findTsx(root)) return Promise.all(entries.map((entry) => importModule(entry, cwd)));
  return importTranspiled({
    near: dirname(root),
    prefix: basename(root),
    paths: filesBelow(root),
    // JSON files and JavaScript data modules (`fixtures/fixtures-data.js`) are imported as they are.
    copy: (path, target) => cpSync(join(root, path), target),
    read: (path) => readFileSync(join(root, path), 'utf8'),
    entries: entries.map((entry) => relative(root, entry).split(sep).join('/')),
  });
}

/** Set once tsx's loader is registered for the process. */
let tsxRegistered: Promise<void> | undefined;

/**
 * Imports `entries` of the generated folder `root` as one program, whose shared modules
 * (`runtime.ts`) load once: an error class the client throws is then the one the MCP server checks
 * for. With the project's tsx, its loader is registered for the rest of the process (each of its
 * one-off imports would load its own copy); without it, as {@link importGeneratedModules}.
 */
export async function importGeneratedTogether(entries: readonly string[], root: string, cwd: string): Promise<Record<string, unknown>[]> {
  const tsx = entries.some((entry) => entry.endsWith('.ts')) ? findTsx(root) : undefined;
  if (!tsx) return importGeneratedModules(entries, root, cwd);
  tsxRegistered ??= import(pathToFileURL(tsx).href).then((api: { register(): unknown }) => void api.register());
  await tsxRegistered;
  const modules: Record<string, unknown>[] = [];
  for (const entry of entries) modules.push((await import(pathToFileURL(entry).href)) as Record<string, unknown>);
  return modules;
}

/**
 * Imports `entries` (paths such as `index.ts`) of generated files held in memory, through a
 * temporary folder inside `near`, a folder from which the generated code's imports (`zod`) resolve.
 */
export async function importGeneratedFiles(
  files: readonly { path: string; content: string }[],
  entries: readonly string[],
  near: string,
): Promise<Record<string, unknown>[]> {
  const byPath = new Map(files.map((file) => [file.path, file.content]));
  return importTranspiled({
    near,
    prefix: 'generated',
    paths: [...byPath.keys()].filter((path) => path.endsWith('.json') || path.endsWith('.js') || (path.endsWith('.ts') && !path.endsWith('.d.ts'))),
    copy: (path, target) => writeFileSync(target, byPath.get(path) ?? ''),
    read: (path) => byPath.get(path) ?? '',
    entries,
  });
}

/** Every import kept as written but those marked `type`, as TypeScript's `verbatimModuleSyntax` does. */
const VERBATIM = { compilerOptions: { verbatimModuleSyntax: true } };

interface TranspileJob {
  near: string;
  prefix: string;
  paths: readonly string[];
  copy(path: string, target: string): void;
  read(path: string): string;
  entries: readonly string[];
}

async function importTranspiled(job: TranspileJob): Promise<Record<string, unknown>[]> {
  const temp = mkdtempSync(join(job.near, `.${job.prefix}.podcast-gen-`));
  try {
    // The project's package.json may make .js CommonJS; the generated code is ESM.
    writeFileSync(join(temp, 'package.json'), '{ "type": "module" }\n');
    // Only the files the entries import, directly or not (a type-only import is gone once transpiled).
    const available = new Set(job.paths);
    const pending = [...job.entries];
    const done = new Set<string>();
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (done.has(file) || !available.has(file)) continue;
      done.add(file);
      const target = join(temp, file);
      mkdirSync(dirname(target), { recursive: true });
      if (file.endsWith('.json')) job.copy(file, target);
      else if (file.endsWith('.js')) {
        job.copy(file, target);
        pending.push(...importedBy(file, job.read(file), available));
      } else {
        // A large document's files are many megabytes: esbuild takes a fraction of what TypeScript's transpiler does (bench/RESULTS.md).
        const { code } = transformSync(job.read(file), { loader: 'ts', format: 'esm', target: 'es2022', sourcefile: file, tsconfigRaw: VERBATIM });
        writeFileSync(target.replace(/\.ts$/, '.js'), code);
        pending.push(...importedBy(file, code, available));
      }
    }
    // Once imported, the modules live in memory: the generated code imports nothing later.
    const modules: Record<string, unknown>[] = [];
    for (const entry of job.entries) modules.push((await import(pathToFileURL(join(temp, entry).replace(/\.ts$/, '.js')).href)) as Record<string, unknown>);
    return modules;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** The generated files `code` (of `file`) imports by a relative specifier: `./x.js` is `x.ts` or `x.js`, as there is. */
function importedBy(file: string, code: string, available: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const path = posix.normalize(posix.join(posix.dirname(file), match[1] as string));
    const candidates = path.endsWith('.js') ? [path.replace(/\.js$/, '.ts'), path] : [path];
    const source = candidates.find((candidate) => available.has(candidate));
    if (source) found.push(source);
  }
  return found;
}

/** The .ts (not .d.ts), .js and .json files below `root`, relative to it; hidden folders and node_modules skipped. */
function filesBelow(root: string): string[] {
  const skipped = (path: string) =>
    path
      .split('/')
      .slice(0, -1)
      .some((folder) => folder.startsWith('.') || folder === 'node_modules');
  return listFiles(root).filter(
    (path) => !skipped(path) && ((path.endsWith('.ts') && !path.endsWith('.d.ts')) || path.endsWith('.js') || path.endsWith('.json')),
  );
}
