/**
 * The one loader of code (generator/code-import/) on what it loads (`npx tsx bench/code-import.ts`,
 * not part of `npm run bench`): GitHub's generated MCP server and client imported from an output
 * folder outside any project, as `podcast-gen mcp --out` does, each run a fresh Node process on the
 * built code (dist/); and `podcast-gen lint` cold with a TypeScript, a JavaScript and a JSON config
 * (lint, because a generating command loads the TypeScript compiler anyway).
 * Writes its section of bench/RESULTS.md. `--runs N` (default 5).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isStale } from '../bin/build-state.js';
import { generateFiles } from '../generator/index.js';
import { writeSection } from './sections.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const GITHUB = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const CLI = pathToFileURL(join(ROOT, 'dist', 'cli.js')).href;

/** `podcast-gen args` from dist/ as the installed package runs it (the repository's bin first checks the sources are built). */
const podcastGen = (args: string[]) => [
  '--input-type=module',
  '-e',
  `const { main } = await import(${JSON.stringify(CLI)}); process.exitCode = await main(${JSON.stringify(args)});`,
];

/** Runs `node args` in `cwd` `RUNS` times; each run's wall time in seconds, or the time it prints. */
function timed(args: string[], cwd: string, printed = false): number[] {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const run = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${run.status}: ${run.stderr}`);
    times.push(printed ? Number(run.stdout.trim()) / 1000 : (performance.now() - started) / 1000);
  }
  return times.sort((a, b) => a - b);
}

/** `min to max s (median m)` of sorted times. */
const range = (times: readonly number[]) =>
  `${times[0]?.toFixed(2)} to ${times.at(-1)?.toFixed(2)} s (median ${((times[Math.floor((times.length - 1) / 2)]! + times[Math.ceil((times.length - 1) / 2)]!) / 2).toFixed(2)})`;

if (isStale(ROOT)) spawnSync(process.execPath, [join(ROOT, 'bin', 'build.js')], { stdio: 'inherit' });
const work = mkdtempSync(join(tmpdir(), 'podcast-gen-bench-code-import-'));
try {
  // GitHub's output, written outside any project: its packages come from podcast-gen's own install.
  const { files } = await generateFiles({ spec: GITHUB, outputs: ['mcp'] });
  const out = join(work, 'github');
  for (const file of files) {
    mkdirSync(join(out, file.path, '..'), { recursive: true });
    writeFileSync(join(out, file.path), file.content);
  }
  const megabytes = files.filter((file) => file.path.endsWith('.ts')).reduce((sum, file) => sum + Buffer.byteLength(file.content), 0) / 1e6;
  const loader = pathToFileURL(join(ROOT, 'dist', 'code-import', 'import-output.js')).href;
  const script = [
    `const { importOutput } = await import(${JSON.stringify(loader)});`,
    'const started = performance.now();',
    `await importOutput({ entries: [${JSON.stringify(join(out, 'mcp', 'server.ts'))}, ${JSON.stringify(join(out, 'client.ts'))}], root: ${JSON.stringify(out)}, cwd: ${JSON.stringify(work)} });`,
    'console.log(performance.now() - started);',
  ].join('\n');
  const github = timed(['--input-type=module', '-e', script], work, true);

  // The podcast document linted with a config of each kind.
  const project = join(work, 'project');
  mkdirSync(project);
  cpSync(join(ROOT, 'spec', 'podcast.openapi.yaml'), join(project, 'api.yaml'));
  const config = JSON.stringify({ spec: 'api.yaml', out: 'src/api' });
  const configs: [string, string][] = [
    ['podcast-gen.config.ts', `const config: { spec: string; out: string } = ${config};\nexport default config;\n`],
    ['podcast-gen.config.mjs', `export default ${config};\n`],
    ['podcast-gen.config.json', config],
  ];
  const lint = new Map<string, number[]>();
  for (const [name, text] of configs) {
    writeFileSync(join(project, name), text);
    lint.set(name, timed(podcastGen(['lint', '--quiet']), project));
    rmSync(join(project, name));
  }

  const section = [
    '<!-- code-import: written by `npx tsx bench/code-import.ts` -->',
    '## Loading generated TypeScript and configs (issue 39)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npx tsx bench/code-import.ts\` on the built code, ${RUNS} runs each, each a fresh Node process; the machine (2 CPUs, shared) had a load average (1 minute) of ${loadavg()[0]?.toFixed(1) ?? '?'} when the section was written. generator/code-import/ bundles the entries with esbuild in memory and imports the bundle from a \`data:\` URL; packages resolve from the project, else from podcast-gen's own install.`,
    '',
    '| what | time |',
    '|---|---:|',
    `| GitHub's generated \`mcp/server.ts\` and \`client.ts\` with what they import (${megabytes.toFixed(1)} MB of TypeScript in the output), imported from a folder outside any project | ${range(github)} |`,
    ...[...lint].map(([name, times]) => `| \`podcast-gen lint\` on the podcast document, \`${name}\`, cold | ${range(times)} |`),
    '<!-- code-import: end -->',
  ].join('\n');
  writeSection(join(ROOT, 'bench', 'RESULTS.md'), 'code-import', section);
  console.log(section);
} finally {
  rmSync(work, { recursive: true, force: true });
}
