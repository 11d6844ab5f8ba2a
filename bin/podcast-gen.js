#!/usr/bin/env node
// The command's entry: the compiled CLI in dist/ (built by `npm run build`, which `npm ci` runs).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('podcast-gen: dist/ is missing; run `npm run build` (npm ci does it) and try again.');
  process.exit(1);
}
const { main } = await import(cli.href);
process.exitCode = await main(process.argv.slice(2));
