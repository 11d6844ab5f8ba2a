/**
 * `podcast-gen mcp --out DIR` spawned as a user runs it: the MCP server generated into DIR from a
 * small tracker document (not the podcast one), its variables named after that API, its tool
 * selection from flags, its calls answered by DIR's own mock, through the SDK's client over stdio.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { ensureBuilt } from '../cli/helpers/build.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';
import { writeOutput } from './helpers/generated-server.js';

const BIN = join(ROOT, 'bin', 'podcast-gen.js');
const KEY = 'tracker-key-5678';
let output: ReturnType<typeof writeOutput> | undefined;
let mock: { url: string; close(): Promise<void> } | undefined;

beforeAll(async () => {
  await ensureBuilt();
  const { files } = await generateFiles({ spec: join(FIXTURE_DOCS, 'mcp', 'tracker.yaml'), name: 'tracker' });
  output = writeOutput('serve-out', files);
  const { startMockServer } = (await import(pathToFileURL(join(output.dir, 'mock', 'index.ts')).href)) as {
    startMockServer(options: object): Promise<typeof mock>;
  };
  mock = await startMockServer({});
}, 180_000);
afterAll(async () => {
  await mock?.close();
  output?.remove();
});

async function connect(args: string[], env: Record<string, string>): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--out', output?.dir as string, ...args],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'serve-out-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

describe('podcast-gen mcp --out', () => {
  it('stops at once, listing every variable named after the API, and lists them in --help', () => {
    const run = spawnSync(process.execPath, [BIN, 'mcp', '--out', output?.dir as string], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
      input: '',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/TRACKER_API_KEY is not set/);
    expect(run.stderr).toMatch(/TRACKER_BASE_URL is not set/);
    expect(run.stdout).toBe('');
    const help = spawnSync(process.execPath, [BIN, 'mcp', '--out', output?.dir as string, '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(help.stdout).toMatch(/Environment of .*mcp\/:\n {2}TRACKER_API_KEY .*required/);
    expect(help.stdout).toMatch(/TRACKER_BASE_URL/);
  }, 60_000);

  it('exits 2 naming a toolset the server does not have', () => {
    const run = spawnSync(process.execPath, [BIN, 'mcp', '--out', output?.dir as string, '--toolsets', 'isues'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', TRACKER_API_KEY: KEY, TRACKER_BASE_URL: mock?.url as string },
      encoding: 'utf8',
      input: '',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/no tool has the tag isues \(tags: issues, repos, users\)/);
  }, 60_000);

  it('serves the selected tools with the key from the environment and the address from --base-url, and calls the mock', async () => {
    const client = await connect(['--base-url', mock?.url as string, '--toolsets', 'issues', '--read-only'], { TRACKER_API_KEY: KEY });
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toStrictEqual(['issues_get', 'issues_list_comments', 'issues_list_for_repo']);
      const result = await client.callTool({ name: 'issues_get', arguments: { owner: 'octo', repo: 'tracker', issue_number: 7 } });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toMatchObject({ number: expect.any(Number), title: expect.any(String) });
    } finally {
      await client.close();
    }
  }, 60_000);

  it('takes a credential from --credential, and goes dynamic on --dynamic', async () => {
    const client = await connect(['--credential', `TRACKER_API_KEY=${KEY}`, '--dynamic'], { TRACKER_BASE_URL: mock?.url as string });
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toStrictEqual(['search_tools', 'describe_tool', 'call_tool']);
      const result = await client.callTool({ name: 'call_tool', arguments: { name: 'repos_get', arguments: { owner: 'octo', repo: 'tracker' } } });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    } finally {
      await client.close();
    }
  }, 60_000);
});
