#!/usr/bin/env node
// The command's entry: the compiled CLI in dist/ (built by `npm run build`, which `npm ci` runs).
import { existsSync } from 'node:fs';
import module from 'node:module';

// Node 22 and newer keep V8's compiled code of every module on disk (as TypeScript's own tsc does);
// on Node 20, generator/code-cache.ts does it for the TypeScript compiler alone.
module.enableCompileCache?.();

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('podcast-gen: dist/ is missing; run `npm run build` (npm ci does it) and try again.');
  process.exit(1);
}
// A generation (`generate`, the default, or `check`; not a request for help) starts its side thread
// now, so that it loads the types printer while the CLI loads (generator/emit/side-thread/).
const [command] = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const asksForHelp = process.argv.slice(2).some((arg) => /^(-h|--help|-v|--version)$/.test(arg));
if (!asksForHelp && !['lint', 'mcp', 'mock'].includes(command)) {
  (await import(new URL('../dist/emit/side-thread/side-thread.js', import.meta.url).href)).startSideThreadEarly();
}
const { main } = await import(cli.href);
process.exitCode = await main(process.argv.slice(2));
