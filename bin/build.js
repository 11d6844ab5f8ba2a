#!/usr/bin/env node
// Compiles generator/ to dist/ and the committed generated/ to dist/generated/ (what `podcast-gen mcp`
// and `podcast-gen mock` run) with the native TypeScript compiler (typescript@7, installed as
// "typescript-native"). Runs on `npm ci` (prepare) so that `npx podcast-gen` works right after set-up.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
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
// The built-in templates, precompiled: a run then loads Handlebars' runtime only (generator/emit/templates.ts).
const { precompileTemplates, PRECOMPILED_FILE } = await import(new URL('../dist/emit/templates.js', import.meta.url).href);
writeFileSync(PRECOMPILED_FILE, precompileTemplates());

const { build } = await import('esbuild');
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/**
 * Bundles the compiled module `file` in place with what it imports, but for podcast-gen's own files
 * for which `keepSeparate` says so (imported from their places, relative to `file`), typescript and
 * openapi-typescript (which the types worker loads).
 */
async function bundleInPlace(file, keepSeparate, { outfile = file, format = 'esm' } = {}) {
  await build({
    entryPoints: [file],
    outfile,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format,
    target: 'node20',
    external: ['typescript', 'openapi-typescript'],
    ...(format === 'esm'
      ? // CommonJS dependencies inside an ES module bundle call require() (for node:fs and the like).
        { banner: { js: "import { createRequire as __podcastGenCreateRequire } from 'node:module';\nconst require = __podcastGenCreateRequire(import.meta.url);" } }
      : // A CommonJS bundle has no import.meta: its modules' own URL is the bundle's.
        { banner: { js: "const __podcastGenUrl = require('node:url').pathToFileURL(__filename).href;" }, define: { 'import.meta.url': '__podcastGenUrl' } }),
    logLevel: 'warning',
    plugins: [
      {
        name: 'keep-separate',
        setup(esbuild) {
          esbuild.onResolve({ filter: /^\.\.?\// }, (args) => {
            const target = resolve(dirname(args.importer), args.path);
            if (!keepSeparate(target, args.importer)) return undefined;
            const path = relative(dirname(file), target).split(sep).join('/');
            return { path: path.startsWith('.') ? path : `./${path}`, external: true };
          });
        },
      },
    ],
  });
}

// The pipeline (dist/pipeline.js, which index.js imports once a run has started) and the lint
// command's own pipeline, each bundled with @redocly/openapi-core and the rest of what it imports:
// Node 20's ES module loader reads, resolves and links redocly's 300 files one by one, 0.2 s of a
// small document's 0.7 s run. The modules the CLI and index.js share with them stay separate
// files, so all see one PodcastGenError class.
const shared = new Set(['problems.js', 'options.js', join('emit', 'side-thread', 'side-thread.js')].map((path) => join(dist, path)));
// The pipeline also as one CommonJS file, which index.js requires through a V8 code cache on Node
// 20 (generator/load-pipeline.ts): compiling it takes 70 ms of every run otherwise. Its requires of
// the shared modules get index.js's own ES modules.
await bundleInPlace(join(dist, 'pipeline.js'), (target) => shared.has(target), { outfile: join(dist, 'pipeline.cjs'), format: 'cjs' });
await bundleInPlace(join(dist, 'pipeline.js'), (target) => shared.has(target));
await bundleInPlace(join(dist, 'cli', 'lint-only.js'), (target) => shared.has(target));
// The side thread's lint (lint/beside.ts), which loads redocly in that thread.
await bundleInPlace(join(dist, 'lint', 'beside-worker.js'), (target) => shared.has(target));

// The CLI's argument parser with yargs inside it (yargs and its helpers are 30 small ES modules:
// 40 ms of every command, `--version` included). Its imports of podcast-gen's own files stay as
// they are, so the file keeps its place and its neighbours.
const argsFile = join(dist, 'cli', 'args.js');
await bundleInPlace(argsFile, (_target, importer) => importer === argsFile);
