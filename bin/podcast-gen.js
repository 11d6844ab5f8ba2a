#!/usr/bin/env node
// The command's entry: the compiled CLI in dist/ (built by `npm run build`, which `npm ci` runs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';

// Node 22 and newer keep V8's compiled code of every module on disk, as TypeScript's own tsc does.
module.enableCompileCache?.();
// V8 lets a heap grow to four times what a full collection left live before collecting again. Most
// of what a generation makes is soon garbage (flattened or written text), and on a large document two
// heaps hold it at once (the side thread's and the main thread's), so each grows by half at most:
// a lower peak for about the same CPU (bench/RESULTS.md, "A side thread").
v8.setFlagsFromString('--heap-growing-percent=50');
// V8 optimizes a function once it has run for a budget of work. A run is short and runs much code
// once (TypeScript's 9 MB, redocly's, the pipeline's): at the default budget the optimizing compiler
// spends seconds of a second core on code that ends soon after, the core the side thread
// (generator/concurrency/side-thread.ts) works on. Eight times the budget optimizes what stays hot;
// bench/RESULTS.md ("A side thread") has the figures.
if (!process.env.PODCAST_GEN_DEFAULT_BUDGET) v8.setFlagsFromString('--interrupt-budget=1048576');

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
