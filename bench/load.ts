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
 *   npm run bench:load -- --small   the small version test/mcp/load.test.ts runs; printed only
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** How much of each load to run. */
export interface LoadScale {
  /** Concurrent callers of the first load, and the requests they make in all. */
  callers: number;
  requests: number;
  /** Sockets of the slow-headers attack, how long it lasts, and the callers calling meanwhile. */
  slowSockets: number;
  slowMs: number;
  slowCallers: number;
  /** Oversized requests, how many at once, and how many bytes each sends at most. */
  oversized: number;
  oversizedAtOnce: number;
  oversizedBytes: number;
  /** Malformed requests, and the callers sending them. */
  malformed: number;
  malformedCallers: number;
}

export const FULL: LoadScale = { callers: 50, requests: 20_000, slowSockets: 200, slowMs: 15_000, slowCallers: 10, oversized: 40, oversizedAtOnce: 4, oversizedBytes: 64 * 1024 * 1024, malformed: 10_000, malformedCallers: 20 };
export const SMALL: LoadScale = { callers: 50, requests: 1_000, slowSockets: 50, slowMs: 1_500, slowCallers: 5, oversized: 8, oversizedAtOnce: 4, oversizedBytes: 16 * 1024 * 1024, malformed: 500, malformedCallers: 10 };

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
const TOKEN = 'load-token';
const QUOTA = '/open/podcast/v1/quota/summary';
const AVATAR = '/open/podcast/v1/avatars/multi_camera';
const GIB = 1024 ** 3;

/** A request of a load: what to send, and to which server. */
interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** A running server process. */
interface Target {
  name: LoadResult['server'];
  url: URL;
  child: ChildProcess;
  /** A normal request (answered 200 by a healthy server). */
  normal: Call;
  /** Headers of an authorized request. */
  credential: Record<string, string>;
  /** Path that takes a body. */
  bodyPath: string;
}

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
          log(`  ${name.padEnd(10)} ${load.padEnd(24)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${result.p99Ms.toFixed(1).padStart(7)} ms  RSS ${result.rssBeforeMb.toFixed(0)} -> ${result.rssPeakMb.toFixed(0)} -> ${result.rssAfterMb.toFixed(0)} MB  ${JSON.stringify(result.statuses)}${result.alive ? '' : '  DOWN'}`);
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
  return [
    [`${scale.callers} concurrent callers`, (t) => callers({ target: t, callers: scale.callers, requests: scale.requests, next: () => t.normal })],
    ['slow headers', (t) => slowHeaders(t, scale)],
    ['oversized bodies', (t) => oversized(t, scale)],
    ['malformed JSON-RPC', (t) => malformed(t, scale)],
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
  const alive = target.child.exitCode === null && (await send(target, target.normal, new Agent()).then((r) => r.status === 200, () => false));
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

/** `callers` callers on kept-alive connections, each taking the next call until `requests` are made (or `until`). */
async function callers(options: { target: Target; callers: number; requests: number; until?: () => boolean; next(): Call }): Promise<{ latencies: number[]; statuses: Record<string, number> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.callers });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let made = 0;
  const caller = async () => {
    while (made < options.requests && !options.until?.()) {
      made++;
      const started = performance.now();
      const status = await send(options.target, options.next(), agent).then((r) => String(r.status), () => 'error');
      latencies.push(performance.now() - started);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: options.callers }, caller));
  agent.destroy();
  return { latencies, statuses };
}

/** Sockets that send one header line every 500 ms and never finish, while callers keep calling. */
async function slowHeaders(target: Target, scale: LoadScale): Promise<{ latencies: number[]; statuses: Record<string, number>; note: string }> {
  const started = Date.now();
  const cutAfter: number[] = [];
  const sockets: Socket[] = [];
  for (let i = 0; i < scale.slowSockets; i++) {
    const socket = connect(Number(target.url.port), target.url.hostname);
    socket.on('error', () => {});
    socket.on('close', () => cutAfter.push(Date.now() - started));
    socket.write(`POST ${target.bodyPath} HTTP/1.1\r\nHost: ${target.url.host}\r\n`);
    socket.resume();
    sockets.push(socket);
  }
  const drip = setInterval(() => {
    for (const socket of sockets) if (!socket.destroyed) socket.write(`X-Slow-${Date.now()}: 1\r\n`);
  }, 500);
  const deadline = Date.now() + scale.slowMs;
  const result = await callers({ target, callers: scale.slowCallers, requests: Number.MAX_SAFE_INTEGER, until: () => Date.now() > deadline, next: () => target.normal });
  clearInterval(drip);
  const cut = cutAfter.length;
  for (const socket of sockets) socket.destroy();
  const median = [...cutAfter].sort((a, b) => a - b)[Math.floor(cutAfter.length / 2)];
  return { ...result, note: `${cut} of ${scale.slowSockets} slow sockets cut by the server within ${(scale.slowMs / 1000).toFixed(1)} s${median !== undefined ? ` (median after ${(median / 1000).toFixed(1)} s)` : ''}` };
}

/** Bodies of 1 GiB declared (or streamed without a length), without and with the credential, never finished. */
async function oversized(target: Target, scale: LoadScale): Promise<{ latencies: number[]; statuses: Record<string, number>; note: string }> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let made = 0;
  let sentMost = 0;
  const worker = async () => {
    while (made < scale.oversized) {
      const kind = made++ % 3;
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(kind === 0 ? {} : target.credential), ...(kind === 2 ? {} : { 'content-length': String(GIB) }) };
      const started = performance.now();
      const answer = await postUnfinished(target, headers, scale.oversizedBytes);
      latencies.push(performance.now() - started);
      sentMost = Math.max(sentMost, answer.sentBytes);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: scale.oversizedAtOnce }, worker));
  return { latencies, statuses, note: `every answer came after at most ${(sentMost / 1024 ** 2).toFixed(1)} MiB of the 1 GiB had been written (into socket buffers)` };
}

/** Bodies that are not JSON, not JSON-RPC, or JSON-RPC of the wrong shape. */
async function malformed(target: Target, scale: LoadScale): Promise<{ latencies: number[]; statuses: Record<string, number> }> {
  const message = (value: unknown) => JSON.stringify(value);
  const bodies = [
    '{',
    '',
    'null',
    '[]',
    '"tools/list"',
    message({ jsonrpc: '2.0' }),
    message({ jsonrpc: '1.0', id: 1, method: 'tools/list' }),
    message({ jsonrpc: '2.0', id: { nested: true }, method: 'tools/list' }),
    message({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: { not: 'a string' } } }),
    message({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } }),
    message({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'podcast_quota_summary', arguments: 'not an object' } }),
    message(Array.from({ length: 150 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/list' }))),
    `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
    message({ jsonrpc: '2.0', id: 'x'.repeat(100_000), method: 'tools/list' }),
  ];
  let at = 0;
  return callers({
    target,
    callers: scale.malformedCallers,
    requests: scale.malformed,
    next: () => {
      const body = bodies[at++ % bodies.length] as string;
      const wrongType = at % bodies.length === 0;
      return { method: 'POST', path: target.bodyPath, headers: { ...target.credential, 'content-type': wrongType ? 'text/plain' : 'application/json', accept: 'application/json, text/event-stream' }, body };
    },
  });
}

function send(target: Target, call: Call, agent: Agent): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: target.url.hostname, port: target.url.port, path: call.path, method: call.method, headers: call.body === undefined ? call.headers : { ...call.headers, 'content-length': String(Buffer.byteLength(call.body)) }, agent, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(call.body);
  });
}

/** POSTs up to `bytes` of a body that is never finished; resolves with the answer and the bytes sent by then. */
function postUnfinished(target: Target, headers: Record<string, string>, bytes: number): Promise<{ status: string; sentBytes: number }> {
  return new Promise((resolve) => {
    const req = request({ host: target.url.hostname, port: target.url.port, path: target.bodyPath, method: 'POST', headers, agent: false });
    let sentBytes = 0;
    let settled = false;
    const finish = (status: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ status, sentBytes });
    };
    const timer = setTimeout(() => finish('no answer in 30 s'), 30_000);
    req.on('response', (res) => {
      const at = sentBytes;
      res.resume();
      res.on('end', () => {
        sentBytes = at;
        finish(String(res.statusCode));
      });
    });
    req.on('error', () => setTimeout(() => finish('error'), 500));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = (): void => {
      while (!settled && sentBytes < bytes) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
    };
    req.flushHeaders();
    pump();
  });
}

/** The podcast API as the MCP server's tools call it: every request answered with the quota summary's fixture. */
async function startUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const fixture = JSON.parse(readFileSync(join(ROOT, 'generated', 'fixtures', 'quotaSummary.json'), 'utf8')) as { response: { body: unknown } };
  const body = JSON.stringify(fixture.response.body);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Starts `podcast-gen mock` or `podcast-gen mcp --http` (the built CLI) on a free port. */
async function startTarget(name: Target['name'], upstream: string): Promise<Target> {
  const bin = join(ROOT, 'bin', 'podcast-gen.js');
  const args = name === 'mock' ? ['mock', '--port', '0', '--quiet'] : ['mcp', '--http', '--port', '0'];
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PODCAST_API_KEY: 'upstream-key', PODCAST_BASE_URL: upstream, PODCAST_MCP_TOKENS: `${TOKEN}=podcast.read asset.read podcast.generate` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<URL>((resolve, reject) => {
    let seen = '';
    const look = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (match?.[1]) resolve(new URL(match[1]));
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', (code) => reject(new Error(`podcast-gen ${name} exited with ${code}: ${seen}`)));
  });
  // Keep reading its output, so that a full pipe never stalls it.
  child.stdout?.resume();
  child.stderr?.resume();
  if (name === 'mock') {
    const credential = { 'x-api-key': 'load-key' };
    return { name, url, child, credential, bodyPath: AVATAR, normal: { method: 'GET', path: QUOTA, headers: credential } };
  }
  const credential = { authorization: `Bearer ${TOKEN}` };
  const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'podcast_quota_summary', arguments: {} } });
  return { name, url, child, credential, bodyPath: '/mcp', normal: { method: 'POST', path: '/mcp', headers: { ...credential, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: call } };
}

async function stopTarget(target: Target): Promise<void> {
  if (target.child.exitCode !== null) return;
  const exited = new Promise((resolve) => target.child.once('exit', resolve));
  target.child.kill('SIGTERM');
  const timer = setTimeout(() => target.child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** A process's resident memory in MB (Linux /proc, else `ps`). */
function rssMb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (match) return Number(match[1]) / 1024;
  } catch {
    // Not Linux: ask ps below.
  }
  try {
    return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
  } catch {
    return Number.NaN;
  }
}

const BEGIN = '<!-- load: written by `npm run bench:load` -->';
const END = '<!-- load: end -->';

/** The Markdown section of the results. */
export function renderLoadSection(results: LoadResult[], scale: LoadScale): string {
  const machine = `${cpus().length} CPU(s) (${cpus()[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB memory, Node ${process.version}, ${process.platform}`;
  const statuses = (s: Record<string, number>) => Object.entries(s).sort().map(([k, v]) => `${k}: ${v}`).join(', ');
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
    '',
    '| server | load | requests | req/s | p99 ms | statuses | RSS before MB | RSS peak MB | RSS after MB | answers after |',
    '|---|---|---:|---:|---:|---|---:|---:|---:|---|',
    ...results.map((r) => `| ${r.server} | ${r.load} | ${r.requests.toLocaleString('en')} | ${r.requestsPerSecond.toFixed(0)} | ${r.p99Ms.toFixed(1)} | ${statuses(r.statuses)} | ${r.rssBeforeMb.toFixed(0)} | ${r.rssPeakMb.toFixed(0)} | ${r.rssAfterMb.toFixed(0)} | ${r.alive ? 'yes' : '**no**'} |`),
    '',
    ...results.filter((r) => r.note).map((r) => `- ${r.server}, ${r.load}: ${r.note}.`),
    END,
  ].join('\n');
}

/** Puts `section` into RESULTS.md in place of the previous one (or at its end). */
export function writeLoadSection(file: string, section: string): void {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  const next = begin >= 0 && end > begin ? `${text.slice(0, begin)}${section}${text.slice(end + END.length)}` : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
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
  if (!small) writeLoadSection(join(ROOT, 'bench', 'RESULTS.md'), section);
  console.log(`\n${section}`);
  if (results.some((r) => !r.alive)) process.exitCode = 1;
}
