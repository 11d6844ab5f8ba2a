/**
 * `npm run bench`: podcast-gen's full generation beside @hey-api/openapi-ts, orval and
 * openapi-typescript on the same documents (each a cold process, median of several runs, the tools'
 * runs interleaved), time per operation as documents grow, peak memory, the client's per-call
 * overhead beside openapi-fetch, validation throughput and the client's bundle sizes
 * (bench/bundle-size.ts). Prints tables and writes bench/RESULTS.md.
 *
 *   npm run bench                 all documents, 3 runs each
 *   npm run bench -- --runs 5 --only podcast,petstore
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseYaml } from '@redocly/openapi-core';
import { benchBundleSize } from './bundle-size.js';
import { chartSvg } from './chart.js';
import { measureCallOverhead } from './call-overhead.js';
import { measureSideBySide, runOnce, type Sample } from './measure.js';
import { installPeers, tools } from './peers.js';
import { writeResults, type Row } from './report.js';
import { syntheticDocument } from './synthetic.js';
import { benchTypecheckWeight, weightDocuments } from './typecheck-weight.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const runs = Number(flag('runs') ?? 3);
/** A run that takes longer is stopped and reported as timed out (hey-api on 5,000 operations). */
const TIMEOUT_MS = Number(flag('timeout') ?? 300) * 1000;
const only = flag('only')?.split(',');
const work = join(tmpdir(), 'podcast-gen-bench');
const peersDir = join(work, 'peers');
const docs = join(work, 'docs');
mkdirSync(docs, { recursive: true });

console.log(`podcast-gen bench: ${runs} run(s) per measurement, work folder ${work}`);
const build = spawnSync(process.execPath, [join(ROOT, 'bin', 'build.js')], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) throw new Error('npm run build failed');
const versions = installPeers(peersDir);

/** The documents, as JSON files (every tool reads the same bytes). */
const documents: { name: string; file: string; operations: number; lintConfig?: string }[] = [];
const addJson = (name: string, value: Record<string, unknown>) => {
  const file = join(docs, `${name}.json`);
  writeFileSync(file, JSON.stringify(value));
  documents.push({ name, file, operations: countOperations(value) });
};
const { readFileSync } = await import('node:fs');
addJson('podcast', parseYaml(readFileSync(join(ROOT, 'spec', 'podcast.openapi.yaml'), 'utf8')) as Record<string, unknown>);
addJson(
  'petstore',
  JSON.parse(readFileSync(join(ROOT, 'node_modules', '@readme', 'oas-examples', '3.0', 'json', 'petstore.json'), 'utf8')) as Record<string, unknown>,
);
// The synthetic documents draw the curve of time and memory per operation as a document grows.
for (const size of [100, 1000, 5000, 10_000, 20_000]) addJson(`synthetic-${size}`, syntheticDocument(size));
const github = join(peersDir, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
if (existsSync(github)) {
  copyFileSync(github, join(docs, 'github.json'));
  documents.push({
    name: 'github',
    file: join(docs, 'github.json'),
    operations: countOperations(JSON.parse(readFileSync(github, 'utf8')) as Record<string, unknown>),
  });
}

// Every run writes a folder of its own, and the outputs are deleted only when the benchmark ends.
// Deleting one run's output right before the next run is made would measure the file system, not
// the generators: ext4 without a journal (as on the machine of RESULTS.md) skips inodes freed in the
// last minutes when it makes files, and 5,000 files made right after 5,000 were deleted took 3.5 s
// of kernel time instead of 0.2 s. It costs most whoever makes most files (podcast-gen: one fixture
// per operation). The previous benchmark's outputs are moved aside, not deleted, for the same reason.
const outputs = join(work, 'out');
const oldOutputs = join(work, `out-old-${process.pid}`);
if (existsSync(outputs)) renameSync(outputs, oldOutputs);
mkdirSync(outputs, { recursive: true });

const rows: Row[] = [];
/** A tool that timed out on a synthetic document, by tool: the operations of that document. A larger one it is not run on. */
const timedOut = new Map<string, number>();
for (const document of documents.filter((d) => !only || only.includes(d.name))) {
  const row: Row = { document: document.name, operations: document.operations, results: {} };
  const synthetic = document.name.startsWith('synthetic-');
  const skipped = (name: string) => synthetic && document.operations > (timedOut.get(name) ?? Number.POSITIVE_INFINITY);
  const all = tools({ root: ROOT, peers: peersDir }).filter((tool) => !skipped(tool.name));
  for (const tool of tools({ root: ROOT, peers: peersDir }).filter((t) => skipped(t.name))) {
    row.results[tool.name] = { seconds: 0, ok: false, error: `not run: timed out on ${timedOut.get(tool.name)} operations` };
  }
  const samples = measureSideBySide(runs, all, (tool, run) => {
    const out = join(outputs, `${document.name}-${tool.name}-${run + 1}`);
    const { program, args: argv, env } = tool.command(document.file, out, document.lintConfig);
    return runOnce(program, argv, { cwd: work, timeoutMs: TIMEOUT_MS, ...(env ? { env } : {}) });
  });
  for (const tool of all) {
    const sample = samples.get(tool) as Sample;
    row.results[tool.name] = sample;
    if (synthetic && sample.error?.startsWith('timed out')) timedOut.set(tool.name, document.operations);
    const shown = sample.ok ? `${sample.seconds.toFixed(2)} s, ${sample.peakMb?.toFixed(0) ?? '?'} MB` : `FAILED: ${sample.error}`;
    console.log(`  ${document.name.padEnd(16)} ${tool.name.padEnd(20)} ${shown}`);
  }
  rows.push(row);
}

const overhead = measureCallOverhead({ root: ROOT, peers: peersDir });
let validation: { zodOpsPerSec: number; ajvOpsPerSec: number } | undefined;
if (existsSync(join(ROOT, 'bench', 'validation.ts'))) {
  const module = (await import('./validation.js')) as { benchValidation?: () => Promise<{ zodOpsPerSec: number; ajvOpsPerSec: number }> };
  validation = await module.benchValidation?.();
}

const machine = `${cpus().length} CPU(s) (${cpus()[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB memory, Node ${process.version}, ${process.platform}`;
writeFileSync(join(ROOT, 'bench', 'chart.svg'), chartSvg(rows));
const text = writeResults({
  file: join(ROOT, 'bench', 'RESULTS.md'),
  machine,
  runs,
  versions,
  rows,
  overhead,
  timeoutSeconds: TIMEOUT_MS / 1000,
  ...(validation ? { validation } : {}),
});
console.log(`\n${text}`);
console.log(`\n${await benchBundleSize({ root: ROOT, peers: peersDir, versions })}`);
console.log(`\n${benchTypecheckWeight({ root: ROOT, peers: peersDir, versions, documents: weightDocuments({ root: ROOT, peers: peersDir, dir: docs }) })}`);

rmSync(outputs, { recursive: true, force: true });
rmSync(oldOutputs, { recursive: true, force: true });

function countOperations(document: Record<string, unknown>): number {
  const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
  return Object.values((document.paths ?? {}) as Record<string, Record<string, unknown>>).reduce(
    (n, item) => n + Object.keys(item ?? {}).filter((k) => methods.has(k)).length,
    0,
  );
}
