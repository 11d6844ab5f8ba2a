import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/helpers/build.js';
import { ROOT } from '../helpers/paths.js';
import { startFakeApi } from './helpers/fake-api.js';

const API_KEY = 'sk-live-podcast-http-0c1d';
const BIN = join(ROOT, 'bin', 'podcast-gen.js');
const TOKENS = 'reader-token=podcast.read asset.read;maker-token=podcast.generate';

beforeAll(ensureBuilt, 180_000);

describe('podcast-gen mcp --http (Streamable HTTP, per-caller scopes)', () => {
  let api: Awaited<ReturnType<typeof startFakeApi>>;
  let child: ChildProcess;
  let url: URL;

  beforeAll(async () => {
    api = await startFakeApi(API_KEY);
    child = spawn(process.execPath, [BIN, 'mcp', '--http', '--port', '0'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', PODCAST_API_KEY: API_KEY, PODCAST_BASE_URL: api.url, PODCAST_MCP_TOKENS: TOKENS },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    url = await new Promise<URL>((resolve, reject) => {
      let seen = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        seen += chunk.toString('utf8');
        const match = /listening on (http:\/\/\S+)/.exec(seen);
        if (match?.[1]) resolve(new URL(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`podcast-gen mcp --http exited with ${code}: ${seen}`)));
    });
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
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
    expect(tools.map((t) => t.name)).toStrictEqual(['podcast_catalog', 'podcast_list_image_backgrounds', 'podcast_quota_summary']);
    const result = await reader.callTool({ name: 'podcast_catalog', arguments: { kind: 'avatars' } });
    expect(result.isError ?? false).toBe(false);
    expect(api.requests.at(-1)?.headers['x-api-key']).toBe(API_KEY);
    await reader.close();
    const maker = await clientFor('maker-token');
    expect((await maker.listTools()).tools.map((t) => t.name)).toStrictEqual(['podcast_create_multi_camera_avatar', 'podcast_regenerate_background']);
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
});
