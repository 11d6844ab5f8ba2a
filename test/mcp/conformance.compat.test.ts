/**
 * The MCP conformance suite (`@modelcontextprotocol/conformance`, its server scenarios, on Node 22)
 * against `podcast-gen mcp --http` serving the podcast document, the API answered by a stub on
 * loopback. The suite's client sends no token: a loopback proxy of the test's adds one
 * (helpers/bearer-proxy.ts), so the server runs as users run it. Two versions run against the same
 * server: the root package's pinned release and the pre-release test/tools/node22 pins, which sends
 * protocol 2025-11-25 and adds the 2026-07-28 era's scenarios. Every scenario each lists is classified
 * (helpers/conformance-scenarios.ts): one that applies must not fail, and may warn only where the
 * classification says why; one that does not apply must end only for the reason given (a prompt, a
 * resource, an extension or a tool of the suite's reference server that this server does not have),
 * so that no other failure hides among them. docs/mcp.md lists the same.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/helpers/build.js';
import { ROOT } from '../helpers/paths.js';
import { node22 } from '../helpers/node22.js';
import { startBearerProxy } from './helpers/bearer-proxy.js';
import { PINNED_SCENARIOS, PRE_RELEASE_SCENARIOS, type Scenarios } from './helpers/conformance-scenarios.js';
import { startFakeApi } from './helpers/fake-api.js';

const API_KEY = 'sk-live-conformance-31f0';
const TOKEN = 'conformance-token';
/** One check of the suite's `checks.json`. */
interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
  details?: Record<string, unknown>;
}

/** Every string in a check's details, at any depth. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Runs the suite's CLI on Node 22; resolves with its exit code and output. */
function conformance(node: string, suite: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [suite, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** `podcast-gen mcp --http --port 0` as users run it, once it prints its address. */
async function startMcpHttp(apiUrl: string): Promise<{ url: URL; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'bin', 'podcast-gen.js'), 'mcp', '--http', '--port', '0'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PODCAST_API_KEY: API_KEY,
      PODCAST_BASE_URL: apiUrl,
      PODCAST_MCP_TOKENS: `${TOKEN}=podcast.read asset.read asset.write podcast.generate`,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<URL>((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match?.[1]) resolve(new URL(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`podcast-gen mcp --http exited with ${code}: ${seen}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, stop };
}

/** One version of the suite: where it is, and its server scenarios classified. */
interface Suite {
  /** Which of the two: the root package's pinned release, or the pre-release test/tools/node22 pins. */
  name: 'pinned' | 'pre-release';
  scenarios: Scenarios;
}

/** What a run of one suite recorded. */
interface Run {
  version: string;
  listed: string[];
  results: Map<string, Check[]>;
}

const SUITES: Suite[] = [
  { name: 'pinned', scenarios: PINNED_SCENARIOS },
  { name: 'pre-release', scenarios: PRE_RELEASE_SCENARIOS },
];

let api: Awaited<ReturnType<typeof startFakeApi>> | undefined;
let server: Awaited<ReturnType<typeof startMcpHttp>> | undefined;
let proxy: Awaited<ReturnType<typeof startBearerProxy>> | undefined;
const runs = new Map<Suite['name'], Run>();
let outDir: string | undefined;

/** Lists the suite's server scenarios and runs them all against the server; prints its summary. */
async function runSuite(node: string, name: Suite['name'], suite: string): Promise<Run> {
  const version = (JSON.parse(readFileSync(join(dirname(dirname(suite)), 'package.json'), 'utf8')) as { version: string }).version;
  const list = await conformance(node, suite, ['list', '--server']);
  const listed = [...list.output.matchAll(/^\s+- (\S+) \[/gm)].map((m) => m[1] as string);
  const out = join(outDir as string, name);
  const run = await conformance(node, suite, ['server', '--url', new URL('/mcp', proxy?.url).href, '--suite', 'all', '-o', out]);
  const results = new Map<string, Check[]>();
  for (const folder of readdirSync(out, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const scenario = /^server-(.+)-\d{4}-\d\d-\d\dT/.exec(folder.name)?.[1];
    if (scenario) results.set(scenario, JSON.parse(readFileSync(join(out, folder.name, 'checks.json'), 'utf8')) as Check[]);
  }
  if (results.size === 0) throw new Error(`the conformance suite ${version} recorded no scenario (exit ${run.code}):\n${run.output}`);
  // The suite's summary, for the log of the run.
  const count = (checks: Check[], status: Check['status']) => checks.filter((c) => c.status === status).length;
  const rows = [...results].map(
    ([scenario, checks]) => `${scenario}: ${count(checks, 'SUCCESS')} passed, ${count(checks, 'FAILURE')} failed, ${count(checks, 'WARNING')} warnings`,
  );
  console.info(`MCP conformance suite ${version} (${name}), server scenarios:\n  ${rows.join('\n  ')}`);
  return { version, listed, results };
}

beforeAll(async () => {
  await ensureBuilt();
  const tools = node22();
  api = await startFakeApi(API_KEY);
  server = await startMcpHttp(api.url);
  proxy = await startBearerProxy(server.url, TOKEN);
  mkdirSync(join(ROOT, 'test', '.tmp'), { recursive: true });
  outDir = mkdtempSync(join(ROOT, 'test', '.tmp', 'conformance-'));
  const paths: Record<Suite['name'], string> = {
    pinned: join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js'),
    'pre-release': tools.conformance,
  };
  // One after the other: the machine's cores are shared, and each run's timings stay its own.
  for (const { name } of SUITES) runs.set(name, await runSuite(tools.node, name, paths[name]));
}, 900_000);

afterAll(async () => {
  await proxy?.close();
  await server?.stop();
  await api?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe.each(SUITES)('the MCP conformance suite ($name) against podcast-gen mcp --http', ({ name, scenarios }) => {
  const applicable = Object.entries(scenarios).flatMap(([scenario, verdict]) => (verdict.applies ? [{ scenario, ...verdict }] : []));
  const notApplicable = Object.entries(scenarios).flatMap(([scenario, verdict]) => (verdict.applies ? [] : [{ scenario, ...verdict }]));
  const run = () => runs.get(name) as Run;

  it('lists no server scenario this file has not classified, and ran each', () => {
    const { listed, results } = run();
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((scenario) => !(scenario in scenarios))).toStrictEqual([]);
    expect(Object.keys(scenarios).filter((scenario) => !listed.includes(scenario))).toStrictEqual([]);
    expect([...results.keys()].sort()).toStrictEqual([...listed].sort());
  });

  it.each(applicable)(
    '$scenario: no check fails but one that cannot apply, and each warning is one explained here',
    ({ scenario, warnings = {}, checksNotApplicable = {} }) => {
      const checks = run().results.get(scenario) ?? [];
      expect(checks.length).toBeGreaterThan(0);
      expect(checks.filter((c) => c.status === 'FAILURE' && !(c.id in checksNotApplicable))).toStrictEqual([]);
      for (const [id, { failsWith }] of Object.entries(checksNotApplicable)) {
        const check = checks.find((c) => c.id === id);
        expect(check?.status, id).toBe('FAILURE');
        expect(check?.errorMessage, id).toMatch(failsWith);
      }
      const unexplained = checks.filter((c) => c.status === 'WARNING' && !(c.id in warnings));
      expect(unexplained.map((c) => `${c.id}: ${c.errorMessage ?? JSON.stringify(c.details)}`)).toStrictEqual([]);
    },
  );

  it.each(notApplicable)('$scenario does not apply ($why): each check ends for that reason', ({ scenario, failsWith, alsoPasses = [] }) => {
    const checks = run().results.get(scenario) ?? [];
    // The reason, in the check's message or in a string of what it records (the server's answer).
    const gives = (c: Check) => [c.errorMessage, ...strings(c.details)].some((text) => text !== undefined && failsWith.test(text));
    expect(checks.filter(gives).length, 'checks that give the reason').toBeGreaterThan(0);
    for (const check of checks) {
      if (check.id === 'wire-schema-valid' || alsoPasses.includes(check.id)) expect(check.status, check.id).toBe('SUCCESS');
      else if (check.status !== 'INFO') expect(gives(check), `${check.id} (${check.status}): ${check.errorMessage}`).toBe(true);
    }
  });
});

describe('the server beside what the suite checks', () => {
  it('refuses the rebinding request for its Host, not for want of a token', () => {
    const rejected = runs
      .get('pinned')
      ?.results.get('dns-rebinding-protection')
      ?.find((c) => c.id === 'localhost-host-rebinding-rejected');
    expect(rejected?.status).toBe('SUCCESS');
    expect(rejected?.details).toMatchObject({ statusCode: 403, body: { error: { message: expect.stringMatching(/^Invalid Host: evil\.example\.com/) } } });
  });

  it("warns of no priming event only because the pinned scenario claims 2025-03-26: the pre-release's 2025-11-25 stream passes both checks", async () => {
    const claimed = (name: Suite['name']) => {
      const sent = runs
        .get(name)
        ?.results.get('server-sse-polling')
        ?.find((c) => c.id === 'outgoing-request' && JSON.stringify(c.details).includes('tools/call'));
      return (sent?.details?.headers as Record<string, string> | undefined)?.['mcp-protocol-version'];
    };
    expect(claimed('pinned')).toBe('2025-03-26');
    expect(claimed('pre-release')).toBe('2025-11-25');
    const sse = runs.get('pre-release')?.results.get('server-sse-polling') ?? [];
    expect(Object.fromEntries(sse.filter((c) => c.id.startsWith('server-sse-')).map((c) => [c.id, c.status]))).toMatchObject({
      'server-sse-priming-event': 'SUCCESS',
      'server-sse-retry-field': 'SUCCESS',
    });
    const stream = async (version: string) => {
      const response = await fetch(new URL('/mcp', proxy?.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json', 'mcp-protocol-version': version },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'podcast_get_subscription', arguments: {} } }),
      });
      return response.text();
    };
    expect(await stream('2025-11-25')).toMatch(/^id: \S+\nretry: [1-9]\d*\ndata: \n\n/);
    // Never to a client of 2025-03-26: no event without data.
    const older = await stream('2025-03-26');
    expect(older).toMatch(/^event: message\n/);
    expect(older).not.toMatch(/^data: ?$/m);
  });

  it('answers concurrent POSTs each on a stream of its own (what the multiple-streams scenario checks past its session)', async () => {
    const answers = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const response = await fetch(new URL('/mcp', proxy?.url), {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json', 'mcp-protocol-version': '2025-11-25' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1000 + i, method: 'tools/list', params: {} }),
        });
        return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
      }),
    );
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect(answer.type).toMatch(/^text\/event-stream/);
      expect(answer.body).toContain(`"id":${1000 + i}`);
    });
  });
});
