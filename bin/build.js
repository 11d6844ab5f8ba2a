#!/usr/bin/env node
// Compiles generator/ to dist/ with the native TypeScript compiler (typescript@7, installed as
// "typescript-native"). Runs on `npm ci` (prepare) so that `npx podcast-gen` works right after set-up.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
let tsc;
try {
  tsc = require.resolve('typescript-native/bin/tsc');
} catch {
  console.error('podcast-gen build: the dev dependency "typescript-native" is missing; run `npm ci` first.');
  process.exit(1);
}
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
