/**
 * The native TypeScript compiler (TypeScript 7, a command with no JS API), when one is installed:
 * it checks the usage files several times faster than the compiler API, so the `types` proof runs it
 * on a temporary folder holding the virtual files and reads its errors from its output. Without
 * one, or with `PODCAST_GEN_PROOF_COMPILER=api`, the proof compiles in memory (compile-usage.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { PACKAGE_ROOT } from '../../package-root.js';

/** The compiler's entry script, from the user's project first, then podcast-gen's; undefined when neither has TypeScript 7 or later. */
export function nativeCompiler(cwd: string): string | undefined {
  if (process.env.PODCAST_GEN_PROOF_COMPILER === 'api') return undefined;
  for (const [from, name] of [
    [cwd, 'typescript'],
    [PACKAGE_ROOT, 'typescript'],
    [PACKAGE_ROOT, 'typescript-native'],
  ] as const) {
    try {
      const manifest = createRequire(join(from, 'package.json')).resolve(`${name}/package.json`);
      const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version ?? '';
      if (Number(version.split('.')[0]) >= 7) return join(dirname(manifest), 'bin', 'tsc');
    } catch {
      // Not installed there: the next place.
    }
  }
  return undefined;
}

/** One error as the compiler prints it: the file relative to the checked folder. */
export interface NativeDiagnostic {
  file: string;
  code: string;
  line: number;
  message: string;
}

/**
 * Writes `texts` (relative path -> text) to a temporary folder beside a link to the folder `zod`
 * resolves from, checks `roots` there with the options the in-memory compile uses, and returns the
 * errors in `roots`; undefined when the compiler could not run (the caller compiles in memory).
 */
export function nativeDiagnostics(compiler: string, texts: ReadonlyMap<string, string>, roots: readonly string[]): NativeDiagnostic[] | undefined {
  const folder = mkdtempSync(join(tmpdir(), 'podcast-gen-proof-'));
  try {
    for (const [path, text] of texts) {
      const target = join(folder, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
    symlinkSync(modulesFolder(), join(folder, 'node_modules'), 'dir');
    const compilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: 'es2022',
      module: 'esnext',
      moduleResolution: 'bundler',
      lib: ['es2022'],
      types: [],
    };
    writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: roots }));
    const run = spawnSync(process.execPath, [compiler, '-p', 'tsconfig.json', '--pretty', 'false', '--checkers', '2'], {
      cwd: folder,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    // Two checkers: on a busy machine more contend for the cores without finishing sooner.
    // 0: no errors, 1 or 2: errors reported; anything else (or no exit) is a compiler that did not run.
    if (run.error || run.status === null || run.status > 2) return undefined;
    const wanted = new Set(roots.map((root) => root.split(sep).join('/')));
    return parseDiagnostics(run.stdout).filter((d) => wanted.has(d.file));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** `file(line,col): error TS1234: message`, its message's further lines indented below it (joined as the API flattens them). */
export function parseDiagnostics(output: string): NativeDiagnostic[] {
  const found: NativeDiagnostic[] = [];
  for (const line of output.split(/\r?\n/)) {
    const head = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    if (head) found.push({ file: head[1]!.split('\\').join('/'), line: Number(head[2]), code: head[4]!, message: head[5]! });
    else if (line.startsWith(' ') && found.length > 0) found[found.length - 1]!.message += ` ${line}`;
  }
  return found;
}

/** The `node_modules` folder `zod` (what the generated output imports) resolves from, for podcast-gen. */
function modulesFolder(): string {
  const manifest = createRequire(join(PACKAGE_ROOT, 'package.json')).resolve('zod/package.json');
  let folder = dirname(manifest);
  while (!folder.endsWith(`${sep}node_modules`) && dirname(folder) !== folder) folder = dirname(folder);
  return folder;
}
