/**
 * Tool selection and the dynamic mode of a generated MCP server, in process: a small tracker
 * document generated, its server driven by the SDK's own client, its calls answered by its own
 * generated mock on 127.0.0.1. The compatibility suite does the same on GitHub's document.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { writeOutput } from './helpers/generated-server.js';

type Options = { tools?: string[]; toolsets?: string[]; readOnly?: boolean; dynamic?: boolean; scopes?: string[] };
type Result = Awaited<ReturnType<Client['callTool']>> & { structuredContent?: Record<string, unknown> };
interface Server {
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
}

let output: ReturnType<typeof writeOutput> | undefined;
let mock: { url: string; close(): Promise<void> } | undefined;
let createServer: (options: Options) => Server;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const { files } = await generateFiles({ spec: join(FIXTURE_DOCS, 'mcp', 'tracker.yaml'), name: 'tracker' });
  output = writeOutput('dynamic-tools', files);
  const load = async (path: string) => (await import(pathToFileURL(join(output?.dir as string, path)).href)) as Record<string, unknown>;
  const { startMockServer } = (await load('mock/index.ts')) as { startMockServer(options: object): Promise<typeof mock> };
  const { createTrackerClient } = (await load('client.ts')) as { createTrackerClient(options: object): unknown };
  const { createTrackerMcpServer } = (await load('mcp/server.ts')) as { createTrackerMcpServer(client: unknown, options: Options): Server };
  mock = await startMockServer({});
  const client = createTrackerClient({ baseUrl: mock?.url, apiKey: 'tracker-key-1234' });
  createServer = (options) => createTrackerMcpServer(client, options);
}, 60_000);
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
  await mock?.close();
  output?.remove();
});

async function connect(options: Options = {}): Promise<Client> {
  const server = createServer(options);
  const [near, far] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'dynamic-tools-test', version: '1.0.0' });
  await server.connect(far);
  await client.connect(near);
  closers.push(async () => {
    await client.close();
    await server.close();
  });
  return client;
}

const listed = async (client: Client) => (await client.listTools()).tools.map((t) => t.name);
const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Result;

describe('tool selection', () => {
  it('offers the tools of a toolset that only read, and refuses a call to another as a tool error', async () => {
    const client = await connect({ toolsets: ['issues'], readOnly: true });
    expect(await listed(client)).toStrictEqual(['issues_get', 'issues_list_comments', 'issues_list_for_repo']);
    const refused = await call(client, 'issues_create', { owner: 'o', repo: 'r', title: 't' });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toStrictEqual({ error: { kind: 'not_selected', tool: 'issues_create' } });
  });

  it('adds named tools to toolsets, and narrows by the scopes after', async () => {
    expect(await listed(await connect({ tools: ['repos_get'], toolsets: ['users'] }))).toStrictEqual(['repos_get', 'users_get_by_username']);
    expect(await listed(await connect({ tools: ['repos_get', 'repos_delete'], readOnly: true }))).toStrictEqual(['repos_get']);
  });

  it('throws at creation when the selection leaves no tool, saying why', () => {
    expect(() => createServer({ tools: ['repos_delete', 'issues_create'], readOnly: true })).toThrow(
      'The tool selection leaves no tool: of the tools repos_delete, issues_create, none only reads (readOnly).',
    );
    expect(() => createServer({ tools: [] })).toThrow('The tool selection leaves no tool: it names no tool and no toolset.');
    expect(() => createServer({ toolsets: ['repos'], tools: [], readOnly: true })).not.toThrow();
  });

  it('throws at creation, naming every tool and tag that is not there', () => {
    expect(() => createServer({ tools: ['repos_gte'], toolsets: ['isues'] })).toThrow(
      /no tool named repos_gte; no tool has the tag isues \(tags: issues, repos, users\)/,
    );
  });
});

describe('the dynamic mode', () => {
  it('lists three small tools, and is off by default for a dozen tools', async () => {
    const client = await connect({ dynamic: true });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toStrictEqual(['search_tools', 'describe_tool', 'call_tool']);
    expect(Buffer.byteLength(JSON.stringify({ tools }))).toBeLessThan(8 * 1024);
    expect(tools[0]?.description).toMatch(/among the 12 tools of this server.*Their tags: issues, repos, users\./);
    expect(await listed(await connect())).toHaveLength(12);
  });

  it('searches names, titles, descriptions, tags and paths, best first', async () => {
    const client = await connect({ dynamic: true });
    const found = await call(client, 'search_tools', { query: 'create a comment on an issue', limit: 3 });
    const tools = found.structuredContent?.tools as { name: string; title: string; description: string }[];
    expect(tools[0]).toStrictEqual({ name: 'issues_create_comment', title: 'Create an issue comment', description: 'Adds a comment to an issue.' });
    expect(tools).toHaveLength(3);
  });

  it('describes a tool with its schemas, and calls it through the generated mock', async () => {
    const client = await connect({ dynamic: true });
    const described = (await call(client, 'describe_tool', { name: 'issues_create_comment' })).structuredContent as Record<string, unknown>;
    expect(described).toMatchObject({ name: 'issues_create_comment', inputSchema: { type: 'object', required: ['owner', 'repo', 'issue_number', 'body'] } });
    expect(described['outputSchema']).toMatchObject({ type: 'object', properties: { body: { type: 'string' } } });
    const args = { owner: 'octo', repo: 'tracker', issue_number: 7, body: { body: 'Looks good' } };
    const viaCallTool = await call(client, 'call_tool', { name: 'issues_create_comment', arguments: args });
    const direct = await call(await connect(), 'issues_create_comment', args);
    expect(viaCallTool.isError ?? false, JSON.stringify(viaCallTool)).toBe(false);
    expect(viaCallTool.structuredContent).toMatchObject({ id: expect.any(Number), body: expect.any(String) });
    expect(Object.keys(viaCallTool.structuredContent ?? {}).sort()).toStrictEqual(Object.keys(direct.structuredContent ?? {}).sort());
  });

  it('answers bad arguments and unknown tools with tool errors, as a direct call does', async () => {
    const client = await connect({ dynamic: true });
    const invalid = await call(client, 'call_tool', {
      name: 'issues_create_comment',
      arguments: { owner: 'o', repo: 'r', issue_number: 1, body: { body: '' } },
    });
    const direct = await call(await connect(), 'issues_create_comment', { owner: 'o', repo: 'r', issue_number: 1, body: { body: '' } });
    expect(invalid).toStrictEqual(direct);
    expect(invalid.isError).toBe(true);
    const unknown = await call(client, 'call_tool', { name: 'issues_create_coment', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(unknown.structuredContent?.error).toMatchObject({ kind: 'unknown_tool', tool: 'issues_create_coment' });
    expect((unknown.content as { text: string }[])[0]?.text).toMatch(/^Unknown tool: issues_create_coment\. Closest: issues_create_comment/);
    expect((await call(client, 'describe_tool', { name: 'nope' })).isError).toBe(true);
    expect((await call(client, 'search_tools', { query: ' ' })).structuredContent?.error).toMatchObject({ kind: 'validation' });
    expect((await call(client, 'search_tools', { query: 'issue', limit: 0 })).isError).toBe(true);
    expect((await call(client, 'call_tool', { name: 'issues_get', arguments: [1] })).isError).toBe(true);
  });

  it('sees only the selected tools: search, describe and call', async () => {
    const client = await connect({ dynamic: true, toolsets: ['issues'], readOnly: true });
    const found = (await call(client, 'search_tools', { query: 'comment', limit: 10 })).structuredContent?.tools as { name: string }[];
    expect(found.map((t) => t.name)).toStrictEqual(['issues_list_comments']);
    expect((await call(client, 'describe_tool', { name: 'issues_create_comment' })).structuredContent?.error).toMatchObject({ kind: 'unknown_tool' });
    const refused = await call(client, 'call_tool', {
      name: 'issues_create_comment',
      arguments: { owner: 'o', repo: 'r', issue_number: 1, body: { body: 'x' } },
    });
    expect(refused.structuredContent).toStrictEqual({ error: { kind: 'not_selected', tool: 'issues_create_comment' } });
  });
});
