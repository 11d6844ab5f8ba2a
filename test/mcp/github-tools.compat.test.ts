/**
 * GitHub's REST document (`@octokit/openapi`, over 1,200 operations) as MCP tools an agent can use:
 * generated once, its server driven by the SDK's own client, its calls answered by its own generated
 * mock on 127.0.0.1. The dynamic mode keeps `tools/list` small, its search finds the tool a request
 * means, `call_tool` reaches the mock, and a toolset read-only lists exactly the tools it should,
 * in process and through `podcast-gen mcp --out` spawned.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { readGeneratedMcp, type GeneratedMcp, type ServeOptions } from '../../generator/servers/mcp-generated.js';
import { ensureBuilt } from '../cli/helpers/build.js';
import { ROOT } from '../helpers/paths.js';
import { servedManifest, writeOutput } from './helpers/generated-server.js';

const GITHUB = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
const BIN = join(ROOT, 'bin', 'podcast-gen.js');
type Result = Awaited<ReturnType<Client['callTool']>> & { structuredContent?: Record<string, unknown> };

let output: ReturnType<typeof writeOutput> | undefined;
let mock: { url: string; close(): Promise<void> } | undefined;
let generated: GeneratedMcp;
let client: unknown;
const reached: string[] = [];
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  await ensureBuilt();
  const { files } = await generateFiles({ spec: GITHUB });
  output = writeOutput('github-tools', files);
  const load = async (path: string) => (await import(pathToFileURL(join(output?.dir as string, path)).href)) as Record<string, unknown>;
  const { startMockServer } = (await load('mock/index.ts')) as { startMockServer(options: object): Promise<typeof mock> };
  mock = await startMockServer({ onRequest: (request: { operationId?: string }) => reached.push(request.operationId ?? '') });
  generated = readGeneratedMcp(await load('mcp/server.ts'), await load('client.ts'), 'github');
  client = generated.createClient({ baseUrl: mock?.url });
}, 600_000);
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
  await mock?.close();
  output?.remove();
});

async function connect(options: ServeOptions): Promise<Client> {
  const server = generated.createServer(client, options);
  const [near, far] = InMemoryTransport.createLinkedPair();
  const mcp = new Client({ name: 'github-tools-test', version: '1.0.0' });
  await server.connect(far);
  await mcp.connect(near);
  closers.push(async () => {
    await mcp.close();
    await server.close();
  });
  return mcp;
}

/** The tools of the tag `issues` that only read, judged from the document itself: its operations tagged so whose method reads. */
async function issueToolsThatRead(): Promise<string[]> {
  const document = JSON.parse(readFileSync(GITHUB, 'utf8')) as { paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>> };
  const reading = new Set(
    Object.values(document.paths).flatMap((item) =>
      Object.entries(item).flatMap(([method, operation]) =>
        (method === 'get' || method === 'head') && operation.tags?.includes('issues') && operation.operationId ? [operation.operationId] : [],
      ),
    ),
  );
  // The list the server serves (a large document's output has no tools.json: the server assembles it).
  const manifest = (await servedManifest(output?.dir as string)) as unknown as { tools: { name: string; _meta: Record<string, { operationId: string }> }[] };
  return manifest.tools.filter((tool) => Object.values(tool._meta).some((meta) => reading.has(meta.operationId))).map((tool) => tool.name);
}

describe("GitHub's document as MCP tools", () => {
  it('lists at most 5 tools and 8 KB in the dynamic mode, on by default', async () => {
    const mcp = await connect({});
    const listed = await mcp.listTools();
    expect(listed.tools.map((t) => t.name)).toStrictEqual(['search_tools', 'describe_tool', 'call_tool']);
    expect(Buffer.byteLength(JSON.stringify(listed))).toBeLessThanOrEqual(8 * 1024);
  });

  it('ranks issues_create_comment in the top 3 for "create a comment on an issue"', async () => {
    const mcp = await connect({});
    const found = (await mcp.callTool({ name: 'search_tools', arguments: { query: 'create a comment on an issue', limit: 3 } })) as Result;
    expect((found.structuredContent?.tools as { name: string }[]).map((t) => t.name)).toContain('issues_create_comment');
  });

  it('reaches the generated mock through call_tool', async () => {
    const mcp = await connect({});
    const before = reached.length;
    const result = (await mcp.callTool({
      name: 'call_tool',
      arguments: { name: 'issues_get', arguments: { owner: 'octo', repo: 'hello', issue_number: 7 } },
    })) as Result;
    expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
    expect(result.structuredContent).toMatchObject({ number: expect.any(Number), title: expect.any(String) });
    expect(reached.slice(before)).toStrictEqual(['issues/get']);
  });

  it('lists exactly the issue tools that only read with the toolset issues, read-only', async () => {
    const expected = await issueToolsThatRead();
    expect(expected.length).toBeGreaterThan(10);
    const mcp = await connect({ toolsets: ['issues'], readOnly: true });
    expect((await mcp.listTools()).tools.map((t) => t.name)).toStrictEqual(expected);
  });

  it('does the same through podcast-gen mcp --out --toolsets issues --read-only, spawned', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--out', output?.dir as string, '--base-url', mock?.url as string, '--toolsets', 'issues', '--read-only'],
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'ignore',
    });
    const mcp = new Client({ name: 'github-tools-cli', version: '1.0.0' });
    await mcp.connect(transport);
    try {
      expect((await mcp.listTools()).tools.map((t) => t.name)).toStrictEqual(await issueToolsThatRead());
      const result = (await mcp.callTool({ name: 'issues_list_comments', arguments: { owner: 'octo', repo: 'hello', issue_number: 7 } })) as Result;
      expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
    } finally {
      await mcp.close();
    }
  }, 300_000);
});
