import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/helpers/build.js';
import { ROOT } from '../helpers/paths.js';
import { startFakeApi } from './helpers/fake-api.js';
import { postUnfinished, rssMb, send } from './helpers/raw-http.js';

const API_KEY = 'sk-live-podcast-http-0c1d';
const BIN = join(ROOT, 'bin', 'podcast-gen.js');
const TOKENS = 'reader-token=podcast.read asset.read;maker-token=podcast.generate';
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
const JSON_RPC = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const READER = { ...JSON_RPC, authorization: 'Bearer reader-token' };

beforeAll(ensureBuilt, 180_000);

/** `podcast-gen mcp --http --port 0 ...args` as a process, once it prints its address. */
async function startMcpHttp(
  apiUrl: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: URL; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [BIN, 'mcp', '--http', '--port', '0', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PODCAST_API_KEY: API_KEY, PODCAST_BASE_URL: apiUrl, PODCAST_MCP_TOKENS: TOKENS, ...env },
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
  return { child, url, stop };
}

describe('podcast-gen mcp --http (Streamable HTTP, per-caller scopes)', () => {
  let api: Awaited<ReturnType<typeof startFakeApi>>;
  let server: Awaited<ReturnType<typeof startMcpHttp>>;
  let url: URL;

  beforeAll(async () => {
    api = await startFakeApi(API_KEY);
    server = await startMcpHttp(api.url);
    url = server.url;
  });
  afterAll(async () => {
    await server?.stop();
    await api?.close();
  });

  async function clientFor(token: string): Promise<Client> {
    const client = new Client({ name: 'podcast-gen-http-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    return client;
  }

  it("lists each caller's tools and calls them with the server's own API key", async () => {
    const reader = await clientFor('reader-token');
    const { tools } = await reader.listTools();
    // The tools that need no scope are every caller's.
    expect(tools.map((t) => t.name)).toStrictEqual([
      'podcast_catalog',
      'podcast_get_subscription',
      'podcast_get_voice_clone_allowance',
      'podcast_list_image_backgrounds',
      'podcast_quota_summary',
    ]);
    const result = await reader.callTool({ name: 'podcast_catalog', arguments: { kind: 'avatars' } });
    expect(result.isError ?? false).toBe(false);
    expect(api.requests.at(-1)?.headers['x-api-key']).toBe(API_KEY);
    await reader.close();
    const maker = await clientFor('maker-token');
    expect((await maker.listTools()).tools.map((t) => t.name)).toStrictEqual([
      'podcast_create_multi_camera_avatar',
      'podcast_get_subscription',
      'podcast_get_voice_clone_allowance',
      'podcast_regenerate_background',
    ]);
    await maker.close();
  });

  it('answers a call beyond the token with 403 insufficient_scope naming the scope, and an unknown token with 401', async () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'podcast_create_multi_camera_avatar', arguments: {} } };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const before = api.requests.length;
    const refused = await fetch(url, { method: 'POST', headers: { ...headers, authorization: 'Bearer reader-token' }, body: JSON.stringify(call) });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toMatch(/error="insufficient_scope"/);
    expect(refused.headers.get('www-authenticate')).toMatch(/scope="[^"]*podcast\.generate/);
    const unknown = await fetch(url, { method: 'POST', headers: { ...headers, authorization: 'Bearer nope' }, body: JSON.stringify(call) });
    expect(unknown.status).toBe(401);
    expect(api.requests.length).toBe(before);
  });
  it('with --dynamic, lists the three tools and answers a call_tool beyond the token with the same 403', async () => {
    const dynamic = await startMcpHttp(api.url, ['--dynamic']);
    try {
      const reader = new Client({ name: 'podcast-gen-http-test', version: '1.0.0' });
      await reader.connect(new StreamableHTTPClientTransport(dynamic.url, { requestInit: { headers: { Authorization: 'Bearer reader-token' } } }));
      expect((await reader.listTools()).tools.map((t) => t.name)).toStrictEqual(['search_tools', 'describe_tool', 'call_tool']);
      const found = await reader.callTool({ name: 'search_tools', arguments: { query: 'avatar' } });
      // The reader's scopes leave out the avatar tool: search sees only the caller's tools.
      expect((found.structuredContent as { tools: { name: string }[] }).tools.map((t) => t.name)).not.toContain('podcast_create_multi_camera_avatar');
      await reader.close();
      const call = {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'call_tool', arguments: { name: 'podcast_create_multi_camera_avatar', arguments: {} } },
      };
      const refused = await fetch(dynamic.url, { method: 'POST', headers: READER, body: JSON.stringify(call) });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('www-authenticate')).toMatch(/scope="[^"]*podcast\.generate/);
    } finally {
      await dynamic.stop();
    }
  });

  it('answers a POST without a valid token with 401 before reading its body, and keeps its memory', async () => {
    const before = rssMb(server.child.pid as number);
    const answers = await Promise.all([
      postUnfinished({ url: url.href, contentLength: GIB, bytes: 64 * MIB }),
      postUnfinished({ url: url.href, headers: { authorization: 'Bearer nope' }, contentLength: GIB, bytes: 64 * MIB }),
      postUnfinished({ url: url.href, bytes: 64 * MIB }),
    ]);
    expect(answers.map((a) => a.status)).toStrictEqual([401, 401, 401]);
    expect(answers[0]?.headers['www-authenticate']).toMatch(/^Bearer/);
    const after = rssMb(server.child.pid as number);
    if (before !== undefined && after !== undefined) expect(after - before).toBeLessThan(64);
  });

  it('answers 413 as soon as an authorized body passes 4 MiB, declared or streamed', async () => {
    const declared = await postUnfinished({ url: url.href, headers: READER, contentLength: GIB, bytes: 8 * MIB });
    expect(declared.status).toBe(413);
    const streamed = await postUnfinished({ url: url.href, headers: READER, bytes: 64 * MIB });
    expect(streamed.status).toBe(413);
    expect(streamed.sentBytes).toBeLessThan(64 * MIB);
    const list = await send({ url: url.href, headers: READER, body: LIST });
    expect(list.status).toBe(200);
  });

  it('refuses a foreign Host or Origin with 403 and a malformed Host with 400, before any tool runs', async () => {
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'podcast_catalog', arguments: { kind: 'avatars' } } });
    const before = api.requests.length;
    expect((await send({ url: url.href, headers: { ...READER, host: 'evil.example' }, body: call })).status).toBe(403);
    expect((await send({ url: url.href, headers: { ...READER, host: `evil.example:${url.port}` }, body: call })).status).toBe(403);
    expect((await send({ url: url.href, headers: { ...READER, origin: 'http://evil.example' }, body: call })).status).toBe(403);
    expect((await send({ url: url.href, headers: { ...READER, origin: 'null' }, body: call })).status).toBe(403);
    expect((await send({ url: url.href, headers: { ...READER, host: 'exa mple' }, body: call })).status).toBe(400);
    expect((await send({ url: url.href, headers: { ...READER, host: '[::1' }, body: call })).status).toBe(400);
    expect(api.requests.length).toBe(before);
    // Loopback names and origins on any port are the listening address's own.
    expect((await send({ url: url.href, headers: { ...READER, host: `localhost:${url.port}`, origin: 'http://localhost:5173' }, body: LIST })).status).toBe(
      200,
    );
    expect((await send({ url: url.href, headers: { ...READER, origin: `http://127.0.0.1:${url.port}` }, body: LIST })).status).toBe(200);
  });
});

describe('podcast-gen mcp --http --allowed-origins / --allowed-hosts', () => {
  let api: Awaited<ReturnType<typeof startFakeApi>>;
  beforeAll(async () => {
    api = await startFakeApi(API_KEY);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('lets in the listed origins (an exact origin, or a host name on any port) and hosts besides loopback ones, and no other', async () => {
    const server = await startMcpHttp(api.url, ['--allowed-origins', 'http://app.example:5173,tools.example', '--allowed-hosts', 'mcp.internal']);
    try {
      const status = async (headers: Record<string, string>) => (await send({ url: server.url.href, headers: { ...READER, ...headers }, body: LIST })).status;
      expect(await status({ origin: 'http://app.example:5173' })).toBe(200);
      expect(await status({ origin: 'https://tools.example:8443' })).toBe(200);
      expect(await status({ origin: 'http://app.example:9999' })).toBe(403);
      expect(await status({ origin: 'http://localhost:5173' })).toBe(200);
      expect(await status({ origin: 'http://evil.example' })).toBe(403);
      expect(await status({ host: 'mcp.internal:3000' })).toBe(200);
      expect(await status({ host: 'evil.example' })).toBe(403);
    } finally {
      await server.stop();
    }
  });

  it('reads the same lists from PODCAST_MCP_ALLOWED_ORIGINS and PODCAST_MCP_ALLOWED_HOSTS', async () => {
    const server = await startMcpHttp(api.url, [], { PODCAST_MCP_ALLOWED_ORIGINS: 'https://agent.example', PODCAST_MCP_ALLOWED_HOSTS: 'mcp.internal' });
    try {
      const status = async (headers: Record<string, string>) => (await send({ url: server.url.href, headers: { ...READER, ...headers }, body: LIST })).status;
      expect(await status({ origin: 'https://agent.example' })).toBe(200);
      expect(await status({ origin: 'https://evil.example' })).toBe(403);
      expect(await status({ host: 'mcp.internal' })).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
