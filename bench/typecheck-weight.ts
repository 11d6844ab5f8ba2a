/**
 * Part of `npm run bench` (alone: `npx tsx bench/typecheck-weight.ts`): what the output weighs on a
 * user's type checks. podcast-gen's full output (the defaults) and hey-api's (types, SDK, zod) for
 * the same documents are each type-checked by TypeScript 7, timed with their peak memory, in two
 * configurations: the project `tsc --init` makes (what a user starts from: `skipLibCheck`, no
 * `types`) and a stricter one that also checks every library's declarations (`strict` alone, no
 * skipLibCheck). And their bytes: TypeScript source (`.ts`, declarations included) apart from data
 * (`.json` files and the `.js` data modules that a `.d.ts` types in one line). Writes its section
 * of bench/RESULTS.md. CPU-heavy (hey-api takes minutes on GitHub's document): run it alone.
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
  /** Checked in the project `tsc --init` makes. */
  check: Sample;
  /** Checked with every library's declarations too (no skipLibCheck). */
  checkLibs: Sample;
  tsBytes: number;
  dataBytes: number;
}

/**
 * The compiler options of the project TypeScript 7's `tsc --init` writes (its comments left out),
 * checking only, with one change: `module: preserve` (bundler resolution) for its `nodenext`, since
 * hey-api's output imports its modules without extensions, which `nodenext` cannot resolve.
 */
export const INIT_OPTIONS = {
  module: 'preserve',
  target: 'esnext',
  types: [],
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  strict: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noUncheckedSideEffectImports: true,
  moduleDetection: 'force',
  skipLibCheck: true,
  noEmit: true,
};
/** Strict, and the libraries' declarations checked as well. */
const LIBS_OPTIONS = { strict: true, noEmit: true };

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
      const checkWith = (label: string, compilerOptions: object): Sample => {
        const config = `tsconfig.${document.name}-${generator}-${label}.json`;
        writeFileSync(join(work, config), `${JSON.stringify({ compilerOptions, include: [`${document.name}-${generator}/**/*.ts`] }, null, 2)}\n`);
        const check = runOnce(process.execPath, [join(options.root, 'node_modules', 'typescript-native', 'bin', 'tsc'), '-p', config, '--pretty', 'false'], {
          cwd: work,
          timeoutMs: 600_000,
        });
        console.log(`  tsc ${label.padEnd(5)} ${document.name.padEnd(10)} ${generator.padEnd(12)} ${shown(check)}`);
        return check;
      };
      row[generator] = { check: checkWith('init', INIT_OPTIONS), checkLibs: checkWith('libs', LIBS_OPTIONS), ...bytesOf(out) };
    }
    results.set(document.name, row);
  }
  rmSync(work, { recursive: true, force: true });
  return results;
}

/** A check's figures; one that reports type errors still took its time and memory, and says so. */
const shown = (check: Sample) => {
  if (check.error?.startsWith('timed out')) return check.error;
  const figures = `${check.seconds.toFixed(1)} s, ${check.peakMb?.toFixed(0) ?? '?'} MB`;
  return check.ok ? figures : `${figures}, with type errors`;
};

/**
 * The output's TypeScript bytes and its data bytes. A `.js` file is data when, past its comments,
 * it only exports a value by default and a `.d.ts` beside it declares it (podcast-gen's fixtures
 * and tool list); any other `.js` is counted as source.
 */
function bytesOf(dir: string): { tsBytes: number; dataBytes: number } {
  let tsBytes = 0;
  let dataBytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, entry);
    if (entry.endsWith('.ts')) tsBytes += statSync(path).size;
    else if (entry.endsWith('.json') && !entry.endsWith('.podcast-gen.json')) dataBytes += statSync(path).size;
    else if (entry.endsWith('.js')) {
      const code = readFileSync(path, 'utf8').replace(/^(\/\/.*\n|\s*\n)*/, '');
      if (code.startsWith('export default ') && existsSync(path.replace(/\.js$/, '.d.ts'))) dataBytes += statSync(path).size;
      else tsBytes += statSync(path).size;
    }
  }
  return { tsBytes, dataBytes };
}

const BEGIN = '<!-- typecheck-weight: written by `npm run bench` (bench/typecheck-weight.ts) -->';
const END = '<!-- typecheck-weight: end -->';

/** The Markdown section of the results. */
export function renderWeightSection(
  results: Map<string, Record<Generator, Weight>>,
  documents: readonly WeightDocument[],
  versions: Record<string, string>,
): string {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  const rows = documents.flatMap((d) => {
    const row = results.get(d.name);
    return row
      ? GENERATORS.map(
          (g) =>
            `| ${d.name} (${d.operations} operations) | ${g} | ${shown(row[g].check)} | ${shown(row[g].checkLibs)} | ${mb(row[g].tsBytes)} | ${mb(row[g].dataBytes)} |`,
        )
      : [];
  });
  const github = results.get('github');
  const verdict = (met: boolean) => (met ? 'met' : '**missed**');
  const checkTargets = (label: string, pick: (w: Weight) => Sample, ours: Weight, theirs: Weight) => {
    const [mine, peer] = [pick(ours), pick(theirs)];
    return [
      `- ${label}, no slower than hey-api's output: ${verdict(mine.ok && mine.seconds <= peer.seconds * WEIGHT_TARGETS.timeRatio)} (${mine.seconds.toFixed(1)} s against ${peer.seconds.toFixed(1)} s); in at most 1 GB: ${verdict(mine.ok && (mine.peakMb ?? Infinity) <= WEIGHT_TARGETS.peakMb)} (${mine.peakMb?.toFixed(0) ?? '?'} MB).`,
    ];
  };
  const targets = github
    ? [
        "Targets (issue 19), GitHub's output:",
        '',
        ...checkTargets('checked in the project `tsc --init` makes', (w) => w.check, github['podcast-gen'], github['hey-api']),
        ...checkTargets("checked with the libraries' declarations", (w) => w.checkLibs, github['podcast-gen'], github['hey-api']),
        `- TypeScript source at most twice hey-api's: ${verdict(github['podcast-gen'].tsBytes <= github['hey-api'].tsBytes * WEIGHT_TARGETS.tsBytesRatio)} (${mb(github['podcast-gen'].tsBytes)} against ${mb(github['hey-api'].tsBytes)}, ${(github['podcast-gen'].tsBytes / github['hey-api'].tsBytes).toFixed(1)}x). Data files are reported, not bounded.`,
      ]
    : [];
  return [
    BEGIN,
    '## Type-checking the output',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\`: each generator's full output for the document (podcast-gen's defaults: types, client, zod, MCP server, fixtures, mock; hey-api ${versions['@hey-api/openapi-ts'] ?? ''}: types, fetch SDK, zod), type-checked alone by TypeScript 7's \`tsc\` (\`--noEmit\`) in a fresh ESM project, one compiler at a time: wall time and peak memory (/usr/bin/time's maximum resident set). Two configurations: the one TypeScript 7's \`tsc --init\` writes (strict, \`noUncheckedIndexedAccess\`, \`exactOptionalPropertyTypes\`, no \`types\`, \`skipLibCheck\`), which is where a user starts, with \`module: preserve\` for its \`nodenext\` (hey-api's output imports its modules without extensions, which \`nodenext\` does not resolve); and \`strict\` alone, which also checks every library's declarations (zod's, the MCP SDK's, Node's). Bytes: TypeScript source (\`.ts\`, declarations included) and data (\`.json\` files and \`.js\` modules that only export a value a one-line \`.d.ts\` declares: the fixtures and the MCP tool list). One run each; the machine's load average (1 minute) was ${loadavg()[0]?.toFixed(1) ?? '?'} when the section was written.`,
    '',
    "| document | output | check, `tsc --init` project (time, peak memory) | check with libraries' declarations | .ts | data |",
    '|---|---|---:|---:|---:|---:|',
    ...rows,
    '',
    "Where the checker's work goes, GitHub's output part by part (`tsc --extendedDiagnostics`, each part with what it imports; types created, peak memory), measured by hand on a machine shared with other work (so no times): before issue 19's work on it (df01aea), `types.ts` 60K types, 169 MB; `schemas.ts` 717K, 1,083 MB; `client.ts` 1,176K, 1,839 MB; `fixtures/index.ts` 142K, 354 MB; `mcp/server.ts` 1,449K, 2,244 MB; `mock/` 1,394K, 2,131 MB; the whole output 1,615K types, 2,563 MB. Validators registered through `_meta()` and `<method>Schemas` typed `OperationSchemas` (1a89640): `schemas.ts` 400K, 666 MB; `client.ts` 481K, 873 MB; the whole output 870K, 1,496 MB. Fixtures read from JSON text (be46054): `fixtures/index.ts` 84K, 222 MB; the whole output 815K, 1,444 MB. hey-api's whole output: 299K, 656 to 704 MB. Checked back to back at 10:20 on the same day (load 3 to 6): before 69 s, 2,536 MB; after 14 to 15 s; hey-api 8 to 18 s. Checking the libraries' declarations (the MCP SDK's, zod's, Node's) is a fixed part that does not grow with the document: podcast's own `mcp/server.ts` creates 320K types with them, 31K with skipLibCheck. After the data modules (fc6462a), with skipLibCheck: the whole output about 493K types, of which `schemas.ts` alone makes about 335K (zod/mini's generic functions, instantiated at each call of each validator; without the annotations, `_meta(...)`, about 300K), `types.ts` alone 25K, `operations.ts` 30K. With `schemas.ts` opening with `// @ts-nocheck` (4c86509; the checker infers a validator's type only where it is used): the whole output about 148K types. Other ways measured that day, whole output, `tsc --init` project, wall time against 9.3 s before: the annotations left out, 8.6 s; and the `z.infer` type aliases too, 7.9 s; the directive, 3.1 to 3.8 s; the directive on the client's, the MCP server's and the mock's files as well, 1.6 s (not done: their code stays checked in the user's own settings, where an error would otherwise show only at run time).",
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
  return Object.values((document.paths ?? {}) as Record<string, Record<string, unknown>>).reduce(
    (n, item) => n + Object.keys(item ?? {}).filter((k) => methods.has(k)).length,
    0,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const peers = join(tmpdir(), 'podcast-gen-bench', 'peers');
  const versions = installPeers(peers);
  const documents = weightDocuments({ root, peers, dir: join(tmpdir(), 'podcast-gen-bench', 'docs') });
  console.log(benchTypecheckWeight({ root, peers, versions, documents }));
}
