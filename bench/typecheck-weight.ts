/**
 * Part of `npm run bench` (alone: `npx tsx bench/typecheck-weight.ts`): what the output weighs on a
 * user's type checks. podcast-gen's full output (the defaults) and hey-api's (types, SDK, zod) for
 * the same documents are each type-checked by TypeScript 7 in a fresh project with its defaults and
 * `strict` (no `types`, no skipLibCheck: the libraries' declarations are checked too), timed with
 * their peak memory; and their bytes, `.ts` and `.json` apart. Writes its section of bench/RESULTS.md.
 * CPU-heavy (hey-api takes minutes on GitHub's document): run it alone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseYaml } from '@redocly/openapi-core';
import { runOnce, type Sample } from './measure.js';
import { installPeers, tools } from './peers.js';
import { writeSection } from './sections.js';

/** One document's figures for one generator. */
export interface Weight {
  check: Sample;
  tsBytes: number;
  jsonBytes: number;
}

/** The documents measured, by name: podcast's own and GitHub's REST document. */
export interface WeightDocument {
  name: string;
  file: string;
  operations: number;
}

const GENERATORS = ['podcast-gen', 'hey-api'] as const;
type Generator = (typeof GENERATORS)[number];

/** Issue 19's targets for GitHub's output, against hey-api's. */
export const WEIGHT_TARGETS = { peakMb: 1024, timeRatio: 1, tsBytesRatio: 2 };

/**
 * Generates both outputs of every document into a folder under the repository's ignored `.tmp/`
 * (so that zod, the MCP SDK and Node's types resolve from its node_modules, as from a user's), then
 * checks each output alone, one compiler at a time.
 */
export function measureTypecheckWeight(options: { root: string; peers: string; documents: readonly WeightDocument[] }): Map<string, Record<Generator, Weight>> {
  const work = join(options.root, '.tmp', 'typecheck-weight');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'package.json'), '{ "type": "module", "private": true }\n');
  const byName = new Map(tools({ root: options.root, peers: options.peers }).map((t) => [t.name, t]));
  const results = new Map<string, Record<Generator, Weight>>();
  for (const document of options.documents) {
    const row = {} as Record<Generator, Weight>;
    for (const generator of GENERATORS) {
      const out = join(work, `${document.name}-${generator}`);
      const { program, args } = (byName.get(generator) as NonNullable<ReturnType<typeof byName.get>>).command(document.file, out);
      const made = spawnSync(program, args, { cwd: work, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      if (made.status !== 0) throw new Error(`${generator} failed on ${document.name}: ${made.stderr.slice(-2000)}`);
      const config = `tsconfig.${document.name}-${generator}.json`;
      writeFileSync(join(work, config), `${JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: [`${document.name}-${generator}/**/*.ts`] }, null, 2)}\n`);
      const check = runOnce(process.execPath, [join(options.root, 'node_modules', 'typescript-native', 'bin', 'tsc'), '-p', config, '--pretty', 'false'], { cwd: work, timeoutMs: 600_000 });
      row[generator] = { check, ...bytesOf(out) };
      const shown = check.ok ? `${check.seconds.toFixed(1)} s, ${check.peakMb?.toFixed(0) ?? '?'} MB` : `FAILED: ${check.error}`;
      console.log(`  tsc ${document.name.padEnd(10)} ${generator.padEnd(12)} ${shown}`);
    }
    results.set(document.name, row);
  }
  rmSync(work, { recursive: true, force: true });
  return results;
}

function bytesOf(dir: string): { tsBytes: number; jsonBytes: number } {
  let tsBytes = 0;
  let jsonBytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, entry);
    if (entry.endsWith('.ts')) tsBytes += statSync(path).size;
    else if (entry.endsWith('.json') && !entry.endsWith('.podcast-gen.json')) jsonBytes += statSync(path).size;
  }
  return { tsBytes, jsonBytes };
}

const BEGIN = '<!-- typecheck-weight: written by `npm run bench` (bench/typecheck-weight.ts) -->';
const END = '<!-- typecheck-weight: end -->';

/** The Markdown section of the results. */
export function renderWeightSection(results: Map<string, Record<Generator, Weight>>, documents: readonly WeightDocument[], versions: Record<string, string>): string {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  const check = (w: Weight) => (w.check.ok ? `${w.check.seconds.toFixed(1)} s, ${w.check.peakMb?.toFixed(0) ?? '?'} MB` : `failed: ${w.check.error ?? ''}`);
  const rows = documents.flatMap((d) => {
    const row = results.get(d.name);
    return row ? GENERATORS.map((g) => `| ${d.name} (${d.operations} operations) | ${g} | ${check(row[g])} | ${mb(row[g].tsBytes)} | ${mb(row[g].jsonBytes)} |`) : [];
  });
  const github = results.get('github');
  const verdict = (met: boolean) => (met ? 'met' : '**missed**');
  const targets = github
    ? (() => {
        const ours = github['podcast-gen'];
        const theirs = github['hey-api'];
        return [
          'Targets (issue 19), GitHub\'s output:',
          '',
          `- type-checks no slower than hey-api's output: ${verdict(ours.check.ok && ours.check.seconds <= theirs.check.seconds * WEIGHT_TARGETS.timeRatio)} (${ours.check.seconds.toFixed(1)} s against ${theirs.check.seconds.toFixed(1)} s).`,
          `- in at most 1 GB: ${verdict(ours.check.ok && (ours.check.peakMb ?? Infinity) <= WEIGHT_TARGETS.peakMb)} (${ours.check.peakMb?.toFixed(0) ?? '?'} MB).`,
          `- TypeScript source at most twice hey-api's: ${verdict(ours.tsBytes <= theirs.tsBytes * WEIGHT_TARGETS.tsBytesRatio)} (${mb(ours.tsBytes)} against ${mb(theirs.tsBytes)}, ${(ours.tsBytes / theirs.tsBytes).toFixed(1)}x). JSON data files are reported, not bounded.`,
        ];
      })()
    : [];
  return [
    BEGIN,
    '## Type-checking the output',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\`: each generator's full output for the document (podcast-gen's defaults: types, client, zod, MCP server, fixtures, mock; hey-api ${versions['@hey-api/openapi-ts'] ?? ''}: types, fetch SDK, zod), type-checked alone by TypeScript 7's \`tsc\` in a fresh ESM project with its defaults and \`strict\` (no \`types\`, no skipLibCheck: zod's, the MCP SDK's and Node's declarations are checked too), one compiler at a time: wall time and peak memory (/usr/bin/time's maximum resident set), and the output's bytes. One run each; the machine's load average (1 minute) was ${loadavg()[0]?.toFixed(1) ?? '?'} when the section was written.`,
    '',
    '| document | output | TypeScript 7 check (time, peak memory) | .ts | .json |',
    '|---|---|---:|---:|---:|',
    ...rows,
    '',
    'Where the checker\'s work goes, GitHub\'s output part by part (`tsc --extendedDiagnostics`, each part with what it imports; types created, peak memory), measured by hand on a machine shared with other work (so no times): before issue 19\'s work on it (df01aea), `types.ts` 60K types, 169 MB; `schemas.ts` 717K, 1,083 MB; `client.ts` 1,176K, 1,839 MB; `fixtures/index.ts` 142K, 354 MB; `mcp/server.ts` 1,449K, 2,244 MB; `mock/` 1,394K, 2,131 MB; the whole output 1,615K types, 2,563 MB. Validators registered through `_meta()` and `<method>Schemas` typed `OperationSchemas` (1a89640): `schemas.ts` 400K, 666 MB; `client.ts` 481K, 873 MB; the whole output 870K, 1,496 MB. Fixtures read from JSON text (be46054): `fixtures/index.ts` 84K, 222 MB; the whole output 815K, 1,444 MB. hey-api\'s whole output: 299K, 656 to 704 MB. Checked back to back at 10:20 on the same day (load 3 to 6): before 69 s, 2,536 MB; after 14 to 15 s; hey-api 8 to 18 s. Checking the libraries\' declarations (the MCP SDK\'s, zod\'s, Node\'s) is a fixed part that does not grow with the document: podcast\'s own `mcp/server.ts` creates 320K types with them, 31K with skipLibCheck.',
    '',
    ...targets,
    END,
  ].join('\n');
}

/** Measures, writes the section into bench/RESULTS.md and returns it. */
export function benchTypecheckWeight(options: { root: string; peers: string; versions: Record<string, string>; documents: readonly WeightDocument[] }): string {
  const results = measureTypecheckWeight(options);
  const section = renderWeightSection(results, options.documents, options.versions);
  writeSection(join(options.root, 'bench', 'RESULTS.md'), 'typecheck-weight', section);
  return section;
}

/** podcast's document and, when the peers' install holds it, GitHub's, as JSON files under `dir`. */
export function weightDocuments(options: { root: string; peers: string; dir: string }): WeightDocument[] {
  mkdirSync(options.dir, { recursive: true });
  const podcast = parseYaml(readFileSync(join(options.root, 'spec', 'podcast.openapi.yaml'), 'utf8')) as Record<string, unknown>;
  const documents = [{ name: 'podcast', value: podcast }];
  const github = join(options.peers, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
  if (existsSync(github)) documents.push({ name: 'github', value: JSON.parse(readFileSync(github, 'utf8')) as Record<string, unknown> });
  return documents.map(({ name, value }) => {
    const file = join(options.dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(value));
    return { name, file, operations: countOperations(value) };
  });
}

function countOperations(document: Record<string, unknown>): number {
  const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);
  return Object.values((document.paths ?? {}) as Record<string, Record<string, unknown>>).reduce((n, item) => n + Object.keys(item ?? {}).filter((k) => methods.has(k)).length, 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const peers = join(tmpdir(), 'podcast-gen-bench', 'peers');
  const versions = installPeers(peers);
  const documents = weightDocuments({ root, peers, dir: join(tmpdir(), 'podcast-gen-bench', 'docs') });
  console.log(benchTypecheckWeight({ root, peers, versions, documents }));
}
