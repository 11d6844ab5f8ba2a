/**
 * `podcast-gen mcp --http` of an API whose only credential is an API key (the tracker document): its
 * tools ask for no OAuth scope, so each is offered to every caller with a valid token, whatever
 * scopes the token grants; the server's own `--scopes` still limits what any caller gets, intersected
 * with the caller's. In process, the calls answered by the document's generated mock.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { runMcp } from '../../generator/servers/mcp.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { writeOutput } from './helpers/generated-server.js';

let output: ReturnType<typeof writeOutput> | undefined;
let mock: { url: string; close(): Promise<void> } | undefined;
let stop: (() => Promise<void>) | undefined;
const clients: Client[] = [];

beforeAll(async () => {
  const { files } = await generateFiles({ spec: join(FIXTURE_DOCS, 'mcp', 'tracker.yaml'), name: 'tracker' });
  output = writeOutput('http-unscoped', files);
  const { startMockServer } = (await import(pathToFileURL(join(output.dir, 'mock', 'index.ts')).href)) as {
    startMockServer(options: object): Promise<typeof mock>;
  };
  mock = await startMockServer({});
}, 60_000);
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  await stop?.();
  stop = undefined;
});
afterAll(async () => {
  await mock?.close();
  output?.remove();
});

/**
 * Serves over HTTP in this process: the tracker's output, or (`podcast`) the podcast server of the
 * package; `scopes` is the server's own `--scopes`. Resolves to its address.
 */
async function serve(options: { podcast?: boolean; scopes?: string } = {}): Promise<URL> {
  const controller = new AbortController();
  let log = '';
  let listening: (url: string) => void = () => {};
  const address = new Promise<string>((resolve) => (listening = resolve));
  const prefix = options.podcast ? 'PODCAST' : 'TRACKER';
  const exit = runMcp({
    ...(options.podcast ? {} : { out: output?.dir as string }),
    env: {
      [`${prefix}_API_KEY`]: 'api-key-5f1e',
      [`${prefix}_BASE_URL`]: mock?.url as string,
      [`${prefix}_MCP_TOKENS`]: 'plain-token=;scoped-token=issues.read;all-token=podcast.read asset.read podcast.generate',
    },
    http: true,
    port: 0,
    signal: controller.signal,
    ...(options.scopes ? { scopes: options.scopes } : {}),
    stderr: (text) => {
      log += text;
      const match = /listening on (http:\/\/\S+)/.exec(log);
      if (match?.[1]) listening(match[1]);
    },
  });
  stop = async () => {
    controller.abort();
    await exit;
  };
  return new URL(await Promise.race([address, exit.then((code) => Promise.reject(new Error(`runMcp exited with ${code}: ${log}`)))]));
}

async function clientOf(url: URL, token: string): Promise<Client> {
  const client = new Client({ name: 'http-unscoped-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  clients.push(client);
  return client;
}

describe('mcp --http of an API whose only credential is an API key', () => {
  it('offers every tool to a caller whose token grants no scope, and calls it with the server key', async () => {
    const url = await serve();
    const client = await clientOf(url, 'plain-token');
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(12);
    const user = tools.find((tool) => tool.name.includes('get_by_username'));
    const result = await client.callTool({ name: user?.name as string, arguments: { username: 'ada' } });
    expect(result.isError ?? false, JSON.stringify(result)).toBe(false);
  });

  it('offers the same tools to a caller whose token grants some scope', async () => {
    const url = await serve();
    expect((await (await clientOf(url, 'scoped-token')).listTools()).tools).toHaveLength(12);
  });
});

describe("mcp --http keeps the server's own --scopes", () => {
  it('a caller gets the tools both its token and the server were granted, and the tools that ask none', async () => {
    const url = await serve({ podcast: true, scopes: 'podcast.read' });
    const client = await clientOf(url, 'all-token');
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('podcast_get_subscription');
    expect(names).toContain('podcast_quota_summary');
    expect(names).not.toContain('podcast_create_multi_camera_avatar');
    const refused = await client.callTool({ name: 'podcast_create_multi_camera_avatar', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ error: { kind: 'scope', missingScopes: ['podcast.generate'] } });
  });

  it('challenges a call for a scope only the token lacks (403), and refuses as a tool result one the server lacks too', async () => {
    const url = await serve({ podcast: true, scopes: 'podcast.read' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer scoped-token' };
    const call = (name: string) =>
      fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } }) });
    const challenged = await call('podcast_quota_summary');
    expect(challenged.status).toBe(403);
    expect(challenged.headers.get('www-authenticate')).toMatch(/error="insufficient_scope".*scope="[^"]*podcast\.read/);
    const beyond = await call('podcast_create_multi_camera_avatar');
    expect(beyond.status).toBe(200);
    expect(await beyond.text()).toContain('"missingScopes":["podcast.generate"]');
  });
});
