#!/usr/bin/env node
// The command's entry: the compiled CLI in dist/ (built by `npm run build`, which `npm ci` runs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// Node 22 and newer keep V8's compiled code of every module on disk, as TypeScript's own tsc does.
module.enableCompileCache?.();

const root = fileURLToPath(new URL('..', import.meta.url));
// In a clone of the repository, sources edited since the last build are built first: a run never
// serves stale code. The installed package has no sources, and its dist/ is what was published.
if (existsSync(new URL('../generator', import.meta.url))) {
  const { isRepository, isStale } = await import('./build-state.js');
  if (isRepository(root) && isStale(root)) {
    process.stderr.write('podcast-gen: the sources changed since the last build; building dist/ first\n');
    const built = spawnSync(process.execPath, [fileURLToPath(new URL('build.js', import.meta.url))], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}
const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('podcast-gen: dist/ is missing; run `npm run build` (npm ci does it) and try again.');
  process.exit(1);
}
const { main } = await import(cli.href);
process.exitCode = await main(process.argv.slice(2));
