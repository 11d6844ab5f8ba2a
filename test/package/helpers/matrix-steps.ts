/**
 * What each cell of the project matrix runs, with the installed `podcast-gen` command, in the
 * project's folder: generate (through its `podcast-gen.config.ts`, if any), `mock` (an HTTP request
 * answered), `mcp --out` (the MCP SDK's client lists the tools and calls one, which calls the mock),
 * `mcp --out --help` (the server's environment listed) and `verify` against the mock, from the
 * output folder and from code generated in memory.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { waitFor } from '../../cli/helpers/run-cli.js';
import { BASE_ENV } from './matrix-projects.js';

/** The podcast API's key, for the mock, the MCP server's client and verify. */
const KEY = 'matrix-key-2718';

/** A cell's command and folder. */
export interface Cell {
  /** The installed command (`node_modules/.bin/podcast-gen`, as npx runs it). */
  bin: string;
  dir: string;
  /** Whether the folder has a `podcast-gen.config.ts` (else flags name the document and output). */
  config: boolean;
}

function podcastGen(cell: Cell, args: string[], env: Record<string, string> = {}) {
  return spawnSync(cell.bin, args, { cwd: cell.dir, env: { ...BASE_ENV, ...env }, encoding: 'utf8', timeout: 120_000, input: '' });
}

function ok(result: ReturnType<typeof podcastGen>, what: string): string {
  if (result.status !== 0) throw new Error(`${what} exited with ${result.status}: ${`${result.stderr}${result.stdout}`.trim().slice(0, 600)}`);
  return result.stdout;
}

/** `podcast-gen` with the project's config (or, without one, the same as flags): the output in `src/api/`. */
export function generate(cell: Cell): void {
  ok(podcastGen(cell, ['--quiet', ...(cell.config ? [] : ['--spec', 'api.yaml', '--out', 'src/api'])]), 'podcast-gen');
}

/** `podcast-gen mock --port 0 --out src/api`; resolves to its address. */
export async function startMock(cell: Cell): Promise<{ url: string; stop(): void }> {
  const child: ChildProcess = spawn(cell.bin, ['mock', '--port', '0', '--quiet', '--out', 'src/api'], { cwd: cell.dir, env: BASE_ENV });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const stop = () => void child.kill('SIGTERM');
  try {
    await waitFor('the mock address', () => /^http:\/\/127\.0\.0\.1:\d+$/m.test(printed) || child.exitCode !== null, 60_000);
  } catch (error) {
    stop();
    throw error;
  }
  const url = /^(http:\/\/127\.0\.0\.1:\d+)$/m.exec(printed)?.[1];
  if (!url) throw new Error(`podcast-gen mock exited with ${child.exitCode}: ${printed.trim().slice(0, 600)}`);
  return { url, stop };
}

/** One request to the mock, answered as the document says. */
export async function checkMock(url: string): Promise<void> {
  const answer = await fetch(`${url}/open/podcast/v1/quota/summary`, { headers: { 'X-Api-Key': KEY } });
  if (answer.status !== 200) throw new Error(`GET quota/summary answered ${answer.status}`);
}

/** `podcast-gen mcp --out src/api` through the MCP SDK's client: the tools listed, one called (which calls the mock). */
export async function checkMcp(cell: Cell, mockUrl: string): Promise<void> {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: cell.bin,
    args: ['mcp', '--out', 'src/api'],
    cwd: cell.dir,
    env: { ...BASE_ENV, PODCAST_API_KEY: KEY, PODCAST_BASE_URL: mockUrl },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'project-matrix', version: '1.0.0' });
  try {
    await client.connect(transport);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    if (!names.includes('podcast_quota_summary')) throw new Error(`tools/list lacks podcast_quota_summary: ${names.join(', ')}`);
    const result = await client.callTool({ name: 'podcast_quota_summary', arguments: {} });
    if (result.isError) throw new Error(`tools/call failed: ${JSON.stringify(result.content).slice(0, 400)}`);
  } catch (error) {
    throw new Error(`${(error as Error).message}${stderr ? `\n${stderr.trim().slice(0, 600)}` : ''}`);
  } finally {
    await client.close();
  }
}

/** `podcast-gen mcp --out src/api --help` lists the environment of that server. */
export function checkHelp(cell: Cell): void {
  const stdout = ok(podcastGen(cell, ['mcp', '--out', 'src/api', '--help']), 'mcp --help');
  if (!/^Environment of src\/api\/mcp\/:\n {2}PODCAST_API_KEY /m.test(stdout)) throw new Error(`mcp --help: ${stdout.split('\n').slice(-3).join(' / ')}`);
}

/** `podcast-gen verify` against the mock: the output folder, or with `memory`, code generated in memory (a config naming no output). */
export function checkVerify(cell: Cell, mockUrl: string, memory = false): void {
  const stdout = ok(
    podcastGen(cell, ['verify', '--base-url', mockUrl, ...(memory ? ['--config', 'memory.json'] : ['--spec', 'api.yaml', '--out', 'src/api'])], {
      PODCAST_API_KEY: KEY,
    }),
    `verify${memory ? ' (in memory)' : ''}`,
  );
  if (!/^\d+ operations: [1-9]\d* passed, 0 failed/m.test(stdout)) throw new Error(`verify: ${stdout.slice(-400)}`);
}
