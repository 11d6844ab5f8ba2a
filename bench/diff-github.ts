/**
 * The change report on GitHub's document, 22.0.0 against 23.0.2 (`npx tsx bench/diff-github.ts`):
 * the comparison without the proof, three runs (the fastest counts), then, with `--proof`, one run
 * with the validators proof alone (the `--no-types` report) and one with both (the old usage
 * compiled against the new output too). `--both-proofs` runs only the last, after one comparison
 * to warm up, so that the process's peak memory is that report's; `--ungrouped` makes every report
 * the one before grouping (one change per operation a change reaches), to compare with. Prints
 * wall and CPU times (the CPU time holds still on a loaded machine), peak memory and the counts per
 * level and surface for bench/RESULTS.md.
 */
import { createRequire } from 'node:module';
import { diffDocuments } from '../generator/diff/diff-documents.js';
import { operationCounts, reportCounts } from '../test/diff/report-counts.js';

const resolve = createRequire(import.meta.url).resolve;
const sides = {
  old: { spec: resolve('@octokit/openapi-22/generated/api.github.com.json'), label: 'api.github.com.json@22.0.0' },
  new: { spec: resolve('@octokit/openapi/generated/api.github.com.json'), label: 'api.github.com.json@23.0.2' },
};

/** CPU seconds of the process (every thread: the side thread of a large document's generation included) since `from`. */
function cpuSince(from: NodeJS.CpuUsage): string {
  const used = process.cpuUsage(from);
  return `${((used.user + used.system) / 1e6).toFixed(1)} s CPU`;
}

const grouped = !process.argv.includes('--ungrouped');
const onlyBoth = process.argv.includes('--both-proofs');
const times: number[] = [];
let counts: Record<string, number> = {};
let lastCpu = '';
for (let run = 0; run < (onlyBoth ? 1 : 3); run++) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const report = await diffDocuments({ ...sides, grouped });
  times.push(performance.now() - started);
  lastCpu = cpuSince(cpu);
  counts = { changes: report.changes.length, ...reportCounts(report) };
}
console.log(
  `without the proof: ${times.map((t) => (t / 1000).toFixed(1)).join(' s, ')} s (fastest ${(Math.min(...times) / 1000).toFixed(1)} s; the last ${lastCpu})`,
);
console.log(`counts: ${JSON.stringify(counts)}`);
console.log(`peak memory so far: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
const runs = [
  ['the validators proof alone (--no-types)', { types: false, validators: true }],
  ['both proofs', { types: true, validators: true }],
] as const;
if (process.argv.includes('--proof') || onlyBoth) {
  for (const [what, proof] of onlyBoth ? runs.slice(1) : runs) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const report = await diffDocuments({ ...sides, proof, grouped });
    console.log(`with ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s (${cpuSince(cpu)}), unjudged ${JSON.stringify(report.unjudged)}`);
    console.log(`counts${grouped ? '' : ' (before grouping)'}: ${JSON.stringify({ changes: report.changes.length, ...reportCounts(report) })}`);
    console.log(`by operation: ${JSON.stringify(operationCounts(report))}`);
    console.log(`peak memory so far: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  }
}
