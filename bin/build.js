#!/usr/bin/env node
// Compiles generator/ to dist/ and the committed generated/ to dist/generated/ (what `podcast-gen mcp`
// and `podcast-gen mock` run) with the native TypeScript compiler (typescript@7, installed as
// "typescript-native"). Runs on `npm ci` (prepare) so that `npx podcast-gen` works right after set-up.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
let tsc;
try {
  // The package's `exports` do not list bin/tsc, so find it beside its package.json.
  tsc = fileURLToPath(new URL('bin/tsc', pathToFileURL(require.resolve('typescript-native/package.json'))));
} catch {
  console.error('podcast-gen build: the dev dependency "typescript-native" is missing; run `npm ci` first.');
  process.exit(1);
}
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
for (const project of ['tsconfig.build.json', 'tsconfig.generated.json']) {
  const result = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The built-in templates, precompiled beside the compiled templates.js: a run then loads Handlebars'
// runtime only (generator/emit/templates.ts).
const { precompileTemplates } = await import(new URL('../dist/emit/templates.js', import.meta.url).href);
writeFileSync(new URL('../dist/emit/precompiled-templates.cjs', import.meta.url), precompileTemplates());
