/**
 * The client's wire checks (wire-checks.ts) and the MSW output's checks (msw-checks.ts) on every
 * runtime they are for: Node, Deno, Bun and workerd (Cloudflare Workers' runtime), from their npm
 * packages (`deno`, `bun`, `workerd`). The checks and the generated code are bundled as an app would
 * bundle them, two bundles run in each runtime. The wire checks call the generated clients (the
 * podcast document's, and those of the paging and events documents) against servers this test runs
 * in Node: the generated mocks and a server of hostile answers (a bad body, a redirect elsewhere, no
 * answer, an echoed key, an event stream that breaks off). The MSW checks answer requests with the
 * podcast document's generated handlers through msw's `getResponse`, which needs no `setupServer`,
 * and hold the answers to the generated zod validators and the generated client. A runtime whose
 * binary is missing is skipped, saying so.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';
import type { WireServers } from './wire-checks.js';
import { type Outcome, viaWorkerd } from './workerd.js';

const DIR = join(ROOT, 'test', '.tmp', 'runtimes');
const BIN = join(ROOT, 'node_modules', '.bin');
const N = 7;

interface Closable {
  url: string;
  close(): Promise<void>;
}
const running: Closable[] = [];
let servers: WireServers;

/** The server of hostile answers, by path; and a stream that breaks off after its first event, resumed only with Last-Event-ID. */
function startEdge(): Promise<Closable> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://edge').pathname;
    if (path.endsWith('/quota/summary')) return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":"zero","msg":"","data":{}}');
    if (path.endsWith('/subscription')) return void res.writeHead(302, { location: 'https://elsewhere.example/steal' }).end();
    if (path.endsWith('/voices/clone/allowance')) return; // never answered
    if (path.endsWith('/image_backgrounds'))
      return void res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 401, msg: `bad key ${req.headers['x-api-key']}` }));
    if (path === '/ticks') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (req.headers['last-event-id'] === '1') return void res.end('id: 2\ndata: {"symbol":"ACME","price":2}\n\n');
      res.write('retry: 100\nid: 1\ndata: {"symbol":"ACME","price":1}\n\n');
      setTimeout(() => res.socket?.destroy(), 50);
      return;
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())).then(() => server.closeAllConnections()),
      }),
    ),
  );
}

/** A list of N items of each paged operation of the paging document, as its mock serves them page by page. */
const PAGED = {
  listIssues: Array.from({ length: N }, (_, i) => ({ id: i + 1, title: `issue ${i + 1}` })),
  listCharges: { object: 'list', has_more: false, data: Array.from({ length: N }, (_, i) => ({ id: `ch_${i + 1}`, amount: i + 1 })) },
  listTracks: { total: N, items: Array.from({ length: N }, (_, i) => ({ name: `track ${i + 1}` })) },
  listEvents: { edges: Array.from({ length: N }, (_, i) => ({ name: `event ${i + 1}` })), pageInfo: {} },
  listAlbums: { albums: Array.from({ length: N }, (_, i) => ({ title: `album ${i + 1}` })) },
};

type StartMock = (options?: object) => Promise<Closable>;
const mockOf = async (folder: string) =>
  ((await import(pathToFileURL(join(folder, 'mock', 'index.ts')).href)) as { startMockServer: StartMock }).startMockServer;

/**
 * The entries each runtime runs, two bundles: the client's wire checks (the servers read from the
 * arguments, or in a worker from the request) and the MSW checks (no server: msw's getResponse).
 */
const WIRE_ENTRY = `import * as podcast from '../../../generated/index.js';
import { fixtures as podcastFixtures } from '../../../generated/fixtures/index.js';
import { operations as podcastOperations } from '../../../generated/operations.js';
import * as pager from './pager/index.js';
import * as ticker from './ticker/index.js';
import { runWireChecks } from '../../runtimes/wire-checks.js';

export function wireChecks(servers) {
  return runWireChecks(servers, { podcast, podcastFixtures, podcastOperations, pager, ticker });
}
`;
const MSW_ENTRY = `import { getResponse } from 'msw';
import * as podcast from './podcast/index.js';
import * as msw from './podcast/msw/index.js';
import { fixtures } from './podcast/fixtures/index.js';
import { operations } from './podcast/operations.js';
import { runMswChecks } from '../../runtimes/msw-checks.js';

export function mswChecks() {
  return runMswChecks({ getResponse, msw, podcast, fixtures, operations });
}
`;
const CLI = `import { wireChecks } from './wire.mjs';
import { mswChecks } from './msw.mjs';
const g = globalThis;
const servers = JSON.parse(g.Deno ? g.Deno.args[0] : g.process.argv[2]);
console.log(JSON.stringify({ wire: await wireChecks(servers), msw: await mswChecks() }));
`;
const WIRE_WORKER = `import { wireChecks } from './wire.mjs';
export default {
  async fetch(request) {
    return Response.json(await wireChecks(JSON.parse(new URL(request.url).searchParams.get('servers'))));
  },
};
`;
const MSW_WORKER = `import { mswChecks } from './msw.mjs';
export default {
  async fetch() {
    return Response.json(await mswChecks());
  },
};
`;

beforeAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  await generate({ spec: join(FIXTURE_DOCS, 'paging', 'styles.yaml'), out: join(DIR, 'pager'), name: 'pager' });
  await generate({ spec: join(FIXTURE_DOCS, 'streams', 'events-3.0.yaml'), out: join(DIR, 'ticker'), name: 'ticker' });
  // The MSW output is made only when chosen: the podcast document's, with its client, for the MSW checks.
  await generate({ out: join(DIR, 'podcast'), outputs: ['client', 'msw'] });
  const podcastMock = await mockOf(join(ROOT, 'generated'));
  const started = await Promise.all([
    podcastMock(),
    podcastMock({ faults: { kind: '429', every: 2 }, retryAfterSeconds: 1 }),
    (await mockOf(join(DIR, 'pager')))({
      fixtures: Object.fromEntries(Object.entries(PAGED).map(([id, body]) => [id, { response: { status: 200, headers: {}, body } }])),
    }),
    (await mockOf(join(DIR, 'ticker')))(),
    startEdge(),
  ]);
  running.push(...started);
  const [podcast, podcastFaults, pager, ticker, edge] = started.map((s) => s.url) as [string, string, string, string, string];
  servers = { podcast, podcastFaults, pager, ticker, edge };
  writeFileSync(join(DIR, 'wire-entry.ts'), WIRE_ENTRY);
  writeFileSync(join(DIR, 'msw-entry.ts'), MSW_ENTRY);
  await build({
    entryPoints: { wire: join(DIR, 'wire-entry.ts'), msw: join(DIR, 'msw-entry.ts') },
    outdir: DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
  });
  writeFileSync(join(DIR, 'cli.mjs'), CLI);
  writeFileSync(join(DIR, 'wire-worker.mjs'), WIRE_WORKER);
  writeFileSync(join(DIR, 'msw-worker.mjs'), MSW_WORKER);
}, 240_000);
afterAll(async () => {
  await Promise.all(running.map((server) => server.close()));
  rmSync(DIR, { recursive: true, force: true });
});

/** Runs a command to its end (killed past a minute), giving its output. */
function run(
  command: string,
  args: string[],
  options: { cwd?: string; stopWhen?: (output: string) => boolean } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd ?? DIR, env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' } });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The checks' outcome as one runtime's CLI printed it. */
async function viaCli(command: string, args: string[]): Promise<Outcome> {
  const result = await run(command, [...args, join(DIR, 'cli.mjs'), JSON.stringify(servers)]);
  expect(result.stderr.trim(), `${command} said on stderr`).toBe('');
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Outcome;
}

const RUNTIMES: [string, () => Promise<Outcome>, string][] = [
  ['node', () => viaCli(process.execPath, []), process.execPath],
  ['deno', () => viaCli(join(BIN, 'deno'), ['run', '--allow-net', '--no-prompt']), join(BIN, 'deno')],
  ['bun', () => viaCli(join(BIN, 'bun'), ['run']), join(BIN, 'bun')],
  ['workerd', () => viaWorkerd({ dir: DIR, bin: BIN, servers }), join(BIN, 'workerd')],
];

describe.each(RUNTIMES)('on %s', (name, run, binary) => {
  // Skipped where the runtime's binary is missing (its npm package is not installed).
  const missing = !existsSync(binary);
  // One run of the bundle gives both groups of checks.
  let outcome: Promise<Outcome> | undefined;
  const checks = () => {
    outcome ??= run().then((result) => {
      if (process.env.SHOW_WIRE_CHECKS) console.log(name, JSON.stringify(result));
      return result;
    });
    return outcome;
  };

  it.skipIf(missing)(
    'the client passes every wire check',
    async () => {
      const results = (await checks()).wire;
      expect(results.map((r) => r.name)).toHaveLength(10);
      expect(results.filter((r) => !r.ok)).toStrictEqual([]);
    },
    120_000,
  );

  it.skipIf(missing)(
    'the MSW handlers pass every check, through getResponse',
    async () => {
      const results = (await checks()).msw;
      expect(results.map((r) => r.name)).toHaveLength(3);
      expect(results.filter((r) => !r.ok)).toStrictEqual([]);
    },
    120_000,
  );
});
