import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../../generator/cli.js';
import { ROOT, SPEC } from '../../helpers/paths.js';

/** What a run of the CLI printed and returned. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options of {@link runCli}. */
export interface RunCliOptions {
  cwd: string;
  isTTY?: boolean;
  env?: NodeJS.ProcessEnv;
  stopSignal?: AbortSignal;
  /** Receives stdout and stderr text as it is printed (for `--watch`, which only ends when stopped). */
  onOutput?(text: string): void;
}

/** Runs `main(argv)` in this process with captured output. */
export async function runCli(argv: string[], options: RunCliOptions): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    cwd: options.cwd,
    isTTY: options.isTTY ?? false,
    env: options.env ?? {},
    ...(options.stopSignal ? { stopSignal: options.stopSignal } : {}),
    stdout: (text) => {
      stdout += text;
      options.onOutput?.(text);
    },
    stderr: (text) => {
      stderr += text;
      options.onOutput?.(text);
    },
  });
  return { code, stdout, stderr };
}

/** A fresh project folder inside the repo's ignored `test/.tmp/` (so the repo's tsx is found from it). */
export function tempProject(prefix: string): string {
  const base = join(ROOT, 'test', '.tmp');
  mkdirSync(base, { recursive: true });
  return mkdtempSync(join(base, `${prefix}-`));
}

/** A temp project holding a copy of the podcast document (and its lint config) as `api/podcast.yaml`. */
export function projectWithSpec(prefix: string): { dir: string; spec: string } {
  const dir = tempProject(prefix);
  mkdirSync(join(dir, 'api'));
  cpSync(SPEC, join(dir, 'api', 'podcast.yaml'));
  cpSync(join(ROOT, 'spec', 'redocly.yaml'), join(dir, 'api', 'redocly.yaml'));
  return { dir, spec: 'api/podcast.yaml' };
}

/** Every file below `dir` with its bytes and inode, to prove a folder was left as it was. */
export function snapshotFolder(dir: string): Record<string, { text: string; ino: number; mtimeMs: number }> {
  const result: Record<string, { text: string; ino: number; mtimeMs: number }> = {};
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else {
        const stat = statSync(join(dir, rel));
        result[rel] = { text: readFileSync(join(dir, rel), 'utf8'), ino: stat.ino, mtimeMs: stat.mtimeMs };
      }
    }
  };
  walk('');
  return result;
}

/** Removes a temp project. */
export function removeProject(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Polls `condition` every 50 ms until it holds; rejects with `what` after `timeoutMs`. */
export async function waitFor(what: string, condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
