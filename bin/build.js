#!/usr/bin/env node
// Compiles generator/ to dist/ and the committed generated/ to dist/generated/ (what `podcast-gen mcp`
// and `podcast-gen mock` run) with the native TypeScript compiler (typescript@7, installed as
// "typescript-native"), then bundles the pipeline. Runs on `npm ci` (prepare) so that `npx podcast-gen`
// works right after set-up, and again by itself whenever the sources change (bin/build-state.js).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUILD_STAMP } from './build-state.js';

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

// The build reads the sources from now on: the stamp carries this time, so that a source edited
// while the build runs is newer than the stamp and the next run builds again.
const started = new Date();
// Built beside dist/ and swapped in whole, so that a run or a test using dist/ meanwhile never sees half a build.
const dist = join(root, 'dist');
const next = mkdtempSync(join(root, '.dist-'));
try {
  // generator/ is compiled with the templates it imports (rootDir is the repository's), into a tree
  // of its own: each module that imports a template gets it bundled inside, and then generator/'s
  // part of the tree becomes dist/ itself.
  const tree = join(next, '.tree');
  compile('tsconfig.build.json', tree);
  await withTemplatesInside(tree);
  for (const entry of readdirSync(join(tree, 'generator'))) renameSync(join(tree, 'generator', entry), join(next, entry));
  rmSync(tree, { recursive: true, force: true });
  compile('tsconfig.generated.json', join(next, 'generated'));
  // The generated data modules (`fixtures/fixtures-data.js`, `mcp/server-data.js`) are JavaScript
  // already, typed by the .d.ts beside them: tsc reads the declarations and copies neither. The
  // manifest names the document the shipped mock was made from.
  for (const file of readdirSync(join(root, 'generated'), { recursive: true, encoding: 'utf8' }).filter(
    (path) => path.endsWith('.js') || path.endsWith('.d.ts') || path === '.podcast-gen.json',
  )) {
    mkdirSync(dirname(join(next, 'generated', file)), { recursive: true });
    copyFileSync(join(root, 'generated', file), join(next, 'generated', file));
  }
  // The built-in templates, precompiled: a run then loads Handlebars' runtime only (generator/emit/templates.ts).
  const { precompileTemplates } = await import(pathToFileURL(join(next, 'emit', 'templates.js')).href);
  writeFileSync(join(next, 'precompiled-templates.cjs'), precompileTemplates());
  await bundle(next);
  writeFileSync(join(next, BUILD_STAMP), 'podcast-gen build\n');
  utimesSync(join(next, BUILD_STAMP), started, started);
  const old = `${dist}.old-${process.pid}`;
  rmSync(old, { recursive: true, force: true });
  try {
    renameSync(dist, old);
  } catch {
    // No dist/ yet.
  }
  renameSync(next, dist);
  rmSync(old, { recursive: true, force: true });
} catch (error) {
  rmSync(next, { recursive: true, force: true });
  console.error(`podcast-gen build: ${error.message}`);
  process.exit(1);
}

function compile(project, outDir) {
  const result = spawnSync(process.execPath, [tsc, '-p', project, '--outDir', outDir], { cwd: root, stdio: 'inherit' });
  // 2: type errors, with the JavaScript written all the same. `npm run typecheck` is the gate for
  // those; a build in the middle of an edit still runs the edited code.
  if (result.status === 2) console.error(`podcast-gen build: tsc -p ${project} found type errors (above); built all the same`);
  else if (result.status !== 0) throw new Error(`tsc -p ${project} failed`);
}

/**
 * The modules of generator/ that import code the output copies (templates/*.ts, which dist/ does not
 * hold), each bundled in place with that code inside, and only it: the generator runs the very code
 * the generated output runs, and no copy of it is kept anywhere.
 */
async function withTemplatesInside(tree) {
  const templates = join(tree, 'templates');
  const intoTemplates = (target) => target.startsWith(`${templates}${sep}`);
  const modules = readdirSync(join(tree, 'generator'), { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.js'));
  for (const path of modules) {
    const file = join(tree, 'generator', path);
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:from\s*|import\s*\(\s*)(['"])(\.\.?\/[^'"]+)\1/g)].map((match) => match[2]);
    if (specifiers.some((specifier) => intoTemplates(resolve(dirname(file), specifier))))
      await bundleInPlace(file, (target) => !intoTemplates(target), { workingDir: tree, templatesOnly: true });
  }
}

/**
 * Bundles `file` in place: what it imports is inside it, but for the relative imports `keepSeparate`
 * keeps as imports (given the imported file and the importer). The bundle's comments name each
 * module's file relative to `workingDir`. `templatesOnly`: packages stay imports too, so no
 * CommonJS comes in and the module needs no `require` of its own (a module of the pipeline is
 * bundled again below, and two such preambles would clash).
 */
async function bundleInPlace(file, keepSeparate, { workingDir = root, templatesOnly = false } = {}) {
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: workingDir,
    entryPoints: [file],
    outfile: file,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Loaded on first use through createRequire (emit/types/printer-modules.ts), and large.
    external: ['typescript', 'openapi-typescript'],
    ...(templatesOnly
      ? { packages: 'external' }
      : {
          // CommonJS dependencies inside an ES module bundle call require() (for node:fs and the like).
          banner: {
            js: "import { createRequire as __podcastGenCreateRequire } from 'node:module';\nconst require = __podcastGenCreateRequire(import.meta.url);",
          },
        }),
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

/**
 * Bundles in place the modules whose imports are many small files: Node's ES module loader reads,
 * resolves and links @redocly/openapi-core's 300 files one by one, and yargs' 30. The modules the
 * CLI and index.js share with the bundles stay separate files, so that all see one PodcastGenError
 * class and one package root.
 */
async function bundle(out) {
  const shared = new Set(['problems.js', 'options.js', 'package-root.js'].map((path) => join(out, path)));
  const inPlace = bundleInPlace;
  // The pipeline (which index.js imports) and the lint command's own stages, each with redocly inside,
  // and the side thread's entry (the model and the plugins it runs).
  await inPlace(join(out, 'pipeline.js'), (target) => shared.has(target));
  await inPlace(join(out, 'cli', 'lint-only.js'), (target) => shared.has(target));
  await inPlace(join(out, 'concurrency', 'side-worker.js'), (target) => shared.has(target));
  // The CLI's argument parser with yargs inside it; its imports of podcast-gen's own files stay as they are.
  const argsFile = join(out, 'cli', 'args.js');
  await inPlace(argsFile, (_target, importer) => importer === argsFile);
}
