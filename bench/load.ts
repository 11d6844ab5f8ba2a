/**
 * `npm run bench:load`: `podcast-gen mock` and `podcast-gen mcp --http`, each its own process on
 * 127.0.0.1 as a user starts it, under four loads: 50 concurrent callers, a slow-headers attack
 * (sockets that send a header line now and then, never finishing, while callers keep calling),
 * oversized bodies (1 GiB declared or streamed without end, with and without the credential), and
 * malformed JSON-RPC (and malformed JSON to the mock). Each load is bounded in requests and time.
 * Reports requests per second, p99 latency, the answers' statuses and the server's resident memory
 * before, at its peak and after, and whether the server still answers; writes its section of
 * bench/RESULTS.md.
 *
 *   npm run bench:load              the full loads; figures into bench/RESULTS.md
 *   npm run bench:load -- --small   the small version test/mcp/load.compat.test.ts runs; printed only
 */
import { existsSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rssMb, startTarget, startUpstream, stopTarget } from './load-servers.js';
import { callers, malformed, oversized, send, slowHeaders, type LoadScale, type Target } from './load-traffic.js';
import { writeSection } from './sections.js';

export type { LoadScale } from './load-traffic.js';

export const FULL: LoadScale = {
  callers: 50,
  requests: 20_000,
  slowSockets: 200,
  slowMs: 15_000,
  slowCallers: 10,
  oversized: 40,
  oversizedAtOnce: 4,
  oversizedBytes: 64 * 1024 * 1024,
  malformed: 10_000,
  malformedCallers: 20,
};
export const SMALL: LoadScale = {
  callers: 50,
  requests: 1_000,
  slowSockets: 50,
  slowMs: 1_500,
  slowCallers: 5,
  oversized: 8,
  oversizedAtOnce: 4,
  oversizedBytes: 16 * 1024 * 1024,
  malformed: 500,
  malformedCallers: 10,
};

/** One server under one load. */
export interface LoadResult {
  server: 'mock' | 'mcp --http';
  load: string;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p99Ms: number;
  /** Answers by status (`error` for a connection that failed without one). */
  statuses: Record<string, number>;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  /** The server's process is running and answers a normal request after the load. */
  alive: boolean;
  note?: string;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const QUOTA = '/open/podcast/v1/quota/summary';

/** Runs every load against both servers, each started fresh; resolves with one result per pair. */
export async function runLoads(options: { scale: LoadScale; log?(line: string): void }): Promise<LoadResult[]> {
  const log = options.log ?? (() => {});
  const upstream = await startUpstream();
  const results: LoadResult[] = [];
  try {
    for (const name of ['mock', 'mcp --http'] as const) {
      const target = await startTarget(name, upstream.url);
      try {
        // Warm: the figures are of a server that has loaded its code and compiled its hot paths.
        await callers({ target, callers: 10, requests: 200, next: () => target.normal });
        for (const [load, run] of loads(options.scale)) {
          const result = await measure(target, load, () => run(target));
          log(
            `  ${name.padEnd(10)} ${load.padEnd(30)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${result.p99Ms.toFixed(1).padStart(7)} ms  RSS ${result.rssBeforeMb.toFixed(0)} -> ${result.rssPeakMb.toFixed(0)} -> ${result.rssAfterMb.toFixed(0)} MB  ${JSON.stringify(result.statuses)}${result.alive ? '' : '  DOWN'}`,
          );
          results.push(result);
          if (!result.alive) break;
        }
      } finally {
        await stopTarget(target);
      }
    }
  } finally {
    await upstream.close();
  }
  return results;
}

type Run = (target: Target) => Promise<{ latencies: number[]; statuses: Record<string, number>; note?: string }>;

function loads(scale: LoadScale): [string, Run][] {
  const concurrent: Run = (t) => callers({ target: t, callers: scale.callers, requests: scale.requests, next: () => t.normal });
  return [
    [`${scale.callers} concurrent callers`, concurrent],
    ['slow headers', (t) => slowHeaders(t, scale)],
    ['oversized bodies', (t) => oversized(t, scale)],
    ['malformed JSON-RPC', (t) => malformed(t, scale)],
    // The first load again: a server that kept something of the others would show it here.
    [`${scale.callers} concurrent callers, again`, concurrent],
  ];
}

/** Runs `run`, sampling the server's memory, and checks it still answers afterwards. */
async function measure(target: Target, load: string, run: () => ReturnType<Run>): Promise<LoadResult> {
  const pid = target.child.pid as number;
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), 100);
  const started = performance.now();
  const { latencies, statuses, note } = await run();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const rssAfterMb = rssMb(pid);
  rssPeakMb = Math.max(rssPeakMb, rssAfterMb);
  const alive =
    target.child.exitCode === null &&
    (await send(target, target.normal, new Agent()).then(
      (r) => r.status === 200,
      () => false,
    ));
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    server: target.name,
    load,
    requests: latencies.length,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    p99Ms: sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0,
    statuses,
    rssBeforeMb,
    rssPeakMb,
    rssAfterMb,
    alive,
    ...(note ? { note } : {}),
  };
}

const BEGIN = '<!-- load: written by `npm run bench:load` -->';
const END = '<!-- load: end -->';

/** The Markdown section of the results. */
export function renderLoadSection(results: LoadResult[], scale: LoadScale): string {
  const machine = `${cpus().length} CPU(s) (${cpus()[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB memory, Node ${process.version}, ${process.platform}`;
  const statuses = (s: Record<string, number>) =>
    Object.entries(s)
      .sort()
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
  return [
    BEGIN,
    '## Servers under load',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}, by \`npm run bench:load\`: \`podcast-gen mock\` and \`podcast-gen mcp --http\` (each tool call answered by a stub of the API on loopback), each its own process on 127.0.0.1, started fresh and run through the four loads in turn. Memory is the server process's resident set (RSS) before the load, at its peak (sampled every 100 ms) and 0.5 s after. Each server first answers 200 requests, so that the figures are of a warm process. The machine's load average was ${loadavg()[0]?.toFixed(1) ?? '?'} when the run ended (other work on it slows the rates).`,
    '',
    `- ${scale.callers} concurrent callers: ${scale.requests.toLocaleString('en')} requests on kept-alive connections (the mock: \`GET ${QUOTA}\`; the MCP server: a \`tools/call\` of \`podcast_quota_summary\`).`,
    `- Slow headers: ${scale.slowSockets} sockets that send a header line every 500 ms and never finish, for ${(scale.slowMs / 1000).toFixed(1)} s, while ${scale.slowCallers} callers keep calling (the figures are theirs).`,
    `- Oversized bodies: ${scale.oversized} POSTs, ${scale.oversizedAtOnce} at once, of 1 GiB declared (without and with the credential) or streamed without a length (with it), each sending up to ${(scale.oversizedBytes / 1024 ** 2).toFixed(0)} MiB until answered.`,
    `- Malformed JSON-RPC: ${scale.malformed.toLocaleString('en')} POSTs from ${scale.malformedCallers} callers with the credential: truncated JSON, no body, \`null\`, an empty batch, a batch of 150, 50,000 nested arrays, a tool name that is an object, arguments that are a string, an unknown tool, a wrong Content-Type, and one well-formed \`tools/list\` with a 100,000-character id. The MCP server answers a well-formed call to an unknown tool or with wrong arguments 200 with a JSON-RPC error, as the protocol has it; the mock answers every one 400.`,
    `- Then the ${scale.callers} concurrent callers again, after the abuse: the memory and rate of a server that kept nothing of it.`,
    '',
    '| server | load | requests | req/s | p99 ms | statuses | RSS before MB | RSS peak MB | RSS after MB | answers after |',
    '|---|---|---:|---:|---:|---|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.server} | ${r.load} | ${r.requests.toLocaleString('en')} | ${r.requestsPerSecond.toFixed(0)} | ${r.p99Ms.toFixed(1)} | ${statuses(r.statuses)} | ${r.rssBeforeMb.toFixed(0)} | ${r.rssPeakMb.toFixed(0)} | ${r.rssAfterMb.toFixed(0)} | ${r.alive ? 'yes' : '**no**'} |`,
    ),
    '',
    ...results.filter((r) => r.note).map((r) => `- ${r.server}, ${r.load}: ${r.note}.`),
    END,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const small = process.argv.includes('--small');
  if (!existsSync(join(ROOT, 'dist', 'cli.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  const { ensureBuilt } = await import('../test/cli/helpers/build.js');
  await ensureBuilt();
  const scale = small ? SMALL : FULL;
  console.log(`podcast-gen bench:load (${small ? 'small' : 'full'} loads)`);
  const results = await runLoads({ scale, log: (line) => console.log(line) });
  const section = renderLoadSection(results, scale);
  if (!small) writeSection(join(ROOT, 'bench', 'RESULTS.md'), 'load', section);
  console.log(`\n${section}`);
  if (results.some((r) => !r.alive)) process.exitCode = 1;
}
