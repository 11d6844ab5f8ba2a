import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { GeneratedFile } from '../../../generator/index.js';
import { checkedContent } from '../../helpers/checked-validators.js';
import { ROOT } from '../../helpers/paths.js';

import { TSC as tsc } from '../../helpers/tsc.js';

/** The strict compiler options generated code is held to (as test/generated/tsconfig.json). */
export const STRICT_OPTIONS = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  types: ['node'],
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noImplicitOverride: true,
  noUnusedLocals: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  resolveJsonModule: true,
  skipLibCheck: true,
  noEmit: true,
};

/**
 * A fresh folder inside the repo's ignored `test/.tmp/` (inside, so that `zod` and the MCP SDK
 * resolve from the repo's node_modules), marked as ESM like a user's project.
 */
export function batchFolder(prefix: string): string {
  const base = join(ROOT, 'test', '.tmp');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, `${prefix}-`));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  return dir;
}

/** Writes generated files below `dir` (each path was already checked to stay inside by the caller). */
export function writeOutput(dir: string, files: readonly GeneratedFile[]): void {
  for (const file of files) {
    const target = join(dir, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, checkedContent(file));
  }
}

/**
 * Type-checks every `.ts` file below the given folders in ONE tsc run (one process start and one
 * load of the libraries for the whole batch). Returns tsc's diagnostics per folder, relative to the batch.
 */
export function typecheck(batch: string, folders: readonly string[]): { ok: boolean; output: string; failed: Map<string, string[]> } {
  const config = { compilerOptions: STRICT_OPTIONS, include: folders.map((f) => `${relative(batch, f).replace(/\\/g, '/')}/**/*.ts`) };
  writeFileSync(join(batch, 'tsconfig.json'), `${JSON.stringify(config, null, 2)}\n`);
  const result = spawnSync(process.execPath, [tsc, '-p', join(batch, 'tsconfig.json')], { encoding: 'utf8', cwd: batch, maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout}${result.stderr}`;
  const failed = new Map<string, string[]>();
  for (const line of output.split('\n').filter((l) => /\(\d+,\d+\): error/.test(l))) {
    const folder = folders.find((f) => line.startsWith(`${relative(batch, f).replace(/\\/g, '/')}/`)) ?? '?';
    failed.set(folder, [...(failed.get(folder) ?? []), line]);
  }
  return { ok: result.status === 0, output, failed };
}

/** Removes a batch folder. */
export function removeBatch(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
