import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../helpers/paths.js';
import { TSC } from '../../helpers/tsc.js';

const SOURCES = ['generator', 'generated', 'templates', 'tsconfig.json', 'tsconfig.build.json', 'tsconfig.generated.json'];
const LOCK = join(ROOT, 'test', '.tmp', 'build.lock');

/**
 * Makes sure `dist/` is compiled from the current sources (what `node bin/podcast-gen.js` runs):
 * compiles when a source is newer than `dist/cli.js`. Compiles in place (no `rm -rf dist`, which
 * would pull it from under tests that are running it), one test file at a time (a lock folder), and
 * regardless of type errors elsewhere (`npm run typecheck` is the gate for those).
 */
export async function ensureBuilt(): Promise<void> {
  await withLock(() => {
    if (!isStale()) return;
    for (const project of ['tsconfig.build.json', 'tsconfig.generated.json']) {
      if (!existsSync(join(ROOT, project))) continue;
      spawnSync(process.execPath, [TSC, '-p', project], { cwd: ROOT, encoding: 'utf8' });
    }
    if (!existsSync(join(ROOT, 'dist', 'cli.js'))) throw new Error('the build did not produce dist/cli.js; run `npm run build` to see why');
  });
}

function isStale(): boolean {
  const cli = join(ROOT, 'dist', 'cli.js');
  if (!existsSync(cli)) return true;
  const built = statSync(cli).mtimeMs;
  return SOURCES.some((source) => newest(join(ROOT, source)) > built);
}

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

async function withLock(work: () => void): Promise<void> {
  mkdirSync(join(LOCK, '..'), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // A lock older than two minutes was left by a killed run.
      const held = statSync(LOCK, { throwIfNoEntry: false });
      if (held && (Date.now() > deadline || Date.now() - held.mtimeMs > 120_000)) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
