/**
 * Type-checks generated output the way users' projects will: with nothing added to their tsconfig.
 * Issue 17 names the configurations; each is one `Check` below, run by a real compiler in a
 * temporary project under the repo's ignored `test/.tmp/` (there, `zod` and the MCP SDK resolve from
 * the repository's node_modules as they would from a user's).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { GeneratedFile } from '../../generator/index.js';
import { checkedContent } from '../helpers/checked-validators.js';
import { ROOT } from '../helpers/paths.js';
import { TSC as TSC_7 } from '../helpers/tsc.js';

/** TypeScript 5.9, the package's dependency (the JavaScript compiler). */
export const TSC_5_9 = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** The configurations of issue 17. */
export type ConfigName = 'init' | 'defaults' | 'bundler';

/** One compiler run: a configuration checked by one compiler. */
export interface Check {
  /** `config@compiler`, e.g. `init@5.9`. */
  name: string;
  config: ConfigName;
  compiler: '5.9' | '7';
}

/**
 * - `init`: what `tsc --init` of TypeScript 5.9 writes (nodenext, `"types": []`, strict,
 *   exactOptionalPropertyTypes, noUncheckedIndexedAccess, verbatimModuleSyntax, ...), read from the
 *   compiler itself, checked by 5.9 and by 7;
 * - `defaults`: TypeScript 7's defaults (no `types`, so none), strict;
 * - `bundler`: a strict bundler project.
 */
export const CHECKS: readonly Check[] = [
  { name: 'init@5.9', config: 'init', compiler: '5.9' },
  { name: 'init@7', config: 'init', compiler: '7' },
  { name: 'defaults@7', config: 'defaults', compiler: '7' },
  { name: 'bundler@7', config: 'bundler', compiler: '7' },
];

const COMPILER_OPTIONS: Record<Exclude<ConfigName, 'init'>, Record<string, unknown>> = {
  defaults: { strict: true },
  bundler: {
    module: 'esnext',
    moduleResolution: 'bundler',
    verbatimModuleSyntax: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    strict: true,
  },
};

/** One `error TS...` line of tsc, with the folder of the batch it belongs to. */
export interface Diagnostic {
  /** The output folder (relative to the batch) the file is in; `''` when tsc named no file of a folder. */
  folder: string;
  /** The file, relative to its output folder (`mcp/server.ts`); `''` for a global diagnostic. */
  file: string;
  /** `TS2590` */
  code: string;
  /** The whole first line, as tsc printed it (path relative to the output folder). */
  line: string;
}

/** What one check found. */
export interface CheckResult {
  check: Check;
  diagnostics: Diagnostic[];
  /** Wall-clock time of the compiler process. */
  ms: number;
  /** The compiler was stopped at the time limit; its diagnostics are then incomplete. */
  timedOut: boolean;
  /** Exit status, stderr and anything tsc printed that is not a diagnostic line (crashes, out of memory). */
  status: number | null;
  other: string;
}

/** A temporary project that output folders are written into and checked together. */
export interface Batch {
  dir: string;
  /** Writes one output under `name` (a relative folder name such as `github` or `azure.com/sql-usages`). */
  write(name: string, files: readonly GeneratedFile[]): void;
  /** Runs the checks over every folder written so far (one compiler process per check, in turn). */
  check(options?: { checks?: readonly Check[]; timeoutMs?: number }): Promise<CheckResult[]>;
  remove(): void;
}

/** A fresh project under `test/.tmp/`, ESM like a user's `"type": "module"` package. */
export function createBatch(prefix: string): Batch {
  const base = join(ROOT, 'test', '.tmp');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, `${prefix}-`));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  const folders: string[] = [];
  return {
    dir,
    write(name, files) {
      const folder = join('out', name).replace(/\\/g, '/');
      for (const file of files) {
        const target = join(dir, folder, file.path);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, checkedContent(file));
      }
      folders.push(folder);
    },
    async check(options = {}) {
      writeConfigs(dir, folders);
      const results: CheckResult[] = [];
      for (const check of options.checks ?? CHECKS) results.push(await runCheck({ dir, folders, check, timeoutMs: options.timeoutMs ?? 600_000 }));
      return results;
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The folder names given to `write`, for the folders named in diagnostics. */
export function outputName(folder: string): string {
  return folder.replace(/^out\//, '');
}

function writeConfigs(dir: string, folders: readonly string[]): void {
  const include = folders.map((f) => `${f}/**/*.ts`);
  // The `init` configuration is the compiler's own `--init` output, extended only to name the files
  // and to not write .js beside them.
  const init = join(dir, 'init');
  mkdirSync(init, { recursive: true });
  const made = spawnSync(process.execPath, [TSC_5_9, '--init'], { cwd: init, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`tsc --init failed: ${made.stdout}${made.stderr}`);
  if (!/"types":\s*\[\]/.test(readFileSync(join(init, 'tsconfig.json'), 'utf8')))
    throw new Error('tsc --init of TypeScript 5.9 no longer writes "types": []: check what the init configuration now means');
  writeFileSync(join(dir, 'tsconfig.init.json'), json({ extends: './init/tsconfig.json', compilerOptions: { noEmit: true }, include }));
  for (const [name, compilerOptions] of Object.entries(COMPILER_OPTIONS)) {
    writeFileSync(join(dir, `tsconfig.${name}.json`), json({ compilerOptions: { ...compilerOptions, noEmit: true }, include }));
  }
}

async function runCheck(options: { dir: string; folders: readonly string[]; check: Check; timeoutMs: number }): Promise<CheckResult> {
  const { dir, folders, check } = options;
  const compiler = check.compiler === '5.9' ? TSC_5_9 : TSC_7;
  const started = performance.now();
  const run = await runCompiler({ compiler, args: ['-p', `tsconfig.${check.config}.json`, '--pretty', 'false'], cwd: dir, timeoutMs: options.timeoutMs });
  const ms = performance.now() - started;
  const diagnostics: Diagnostic[] = [];
  const other: string[] = [];
  for (const line of run.stdout.split('\n')) {
    const found = /^(.+?)\(\d+,\d+\): error (TS\d+):/.exec(line) ?? /^()error (TS\d+):/.exec(line);
    if (found) diagnostics.push(diagnostic(folders, found[1] ?? '', found[2] ?? '', line));
    else if (line.trim() !== '' && !line.startsWith(' ')) other.push(line);
  }
  if (run.stderr) other.push(run.stderr);
  return { check, diagnostics, ms, timedOut: run.timedOut, status: run.status, other: other.join('\n') };
}

/** Compiler runs under way: stopped if the test process ends first (a killed worker, a timed-out test). */
const running = new Set<number>();
process.once('exit', () => {
  for (const pid of running) stop(pid);
});

function stop(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * TypeScript 7's `bin/tsc` is a Node script that starts the native compiler as its child: the run
 * gets its own process group, so that a time limit stops the compiler and not only the script.
 */
function runCompiler(options: {
  compiler: string;
  args: string[];
  cwd: string;
  timeoutMs: number;
}): Promise<{ stdout: string; stderr: string; status: number | null; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.compiler, ...options.args], { cwd: options.cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    if (child.pid !== undefined) running.add(child.pid);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) stop(child.pid);
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      if (child.pid !== undefined) running.delete(child.pid);
      resolve({ stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8'), status, timedOut });
    });
  });
}

function diagnostic(folders: readonly string[], path: string, code: string, line: string): Diagnostic {
  const folder = folders.find((f) => path.startsWith(`${f}/`)) ?? '';
  if (folder === '') return { folder, file: path, code, line };
  const file = relative(folder, path).replace(/\\/g, '/');
  return { folder: outputName(folder), file, code, line: line.slice(folder.length + 1) };
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
