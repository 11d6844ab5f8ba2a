import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isStale } from '../../../bin/build-state.js';
import { ROOT } from '../../helpers/paths.js';

const LOCK = join(ROOT, 'test', '.tmp', 'build.lock');

/**
 * Makes sure `dist/` is built from the current sources (what `node bin/podcast-gen.js` runs): builds
 * when a source is newer than the last build (bin/build-state.js, the same rule the command follows),
 * one test file at a time (a lock folder). The build swaps dist/ in whole, so tests running it
 * meanwhile are not disturbed.
 */
export async function ensureBuilt(): Promise<void> {
  await withLock(() => {
    if (!isStale(ROOT)) return;
    const built = spawnSync(process.execPath, [join(ROOT, 'bin', 'build.js')], { cwd: ROOT, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`the build failed; run \`npm run build\` to see why\n${built.stderr}`);
  });
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
