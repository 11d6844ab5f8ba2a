import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/helpers/build.js';
import { ROOT } from '../helpers/paths.js';
import { META, readFixture, readManifest, startFakeApi } from './helpers/fake-api.js';

const API_KEY = 'sk-live-podcast-7f3e9a1c2b4d';
/** The command as a user runs it: the package's bin, on the built CLI and the compiled generated/. */
const BIN = join(ROOT, 'bin', 'podcast-gen.js');
const manifest = readManifest();
type Api = Awaited<ReturnType<typeof startFakeApi>>;
type Result = Awaited<ReturnType<Client['callTool']>> & { structuredContent?: Record<string, unknown> };

/** The real SDK client, over stdio, against `podcast-gen mcp` spawned as its own process. */
async function connect(api: Api, era: 'legacy' | '2026-07-28', env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PODCAST_API_KEY: API_KEY, PODCAST_BASE_URL: api.url, ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'podcast-gen-test', version: '1.0.0' }, era === 'legacy' ? {} : { versionNegotiation: { mode: { pin: era } } });
  await client.connect(transport);
  return client;
}

beforeAll(ensureBuilt, 180_000);

function operationOf(name: string): string {
  const tool = manifest.tools.find((t) => t.name === name);
  return (tool?._meta[META] as { operationId: string }).operationId;
}

describe.each(['legacy', '2026-07-28'] as const)('podcast-gen mcp over stdio (protocol era: %s)', (era) => {
  let api: Api;
  let client: Client;
  const results: unknown[] = [];
  const call = async (name: string, args: Record<string, unknown>): Promise<Result> => {
    const result = (await client.callTool({ name, arguments: args })) as Result;
    results.push(result);
    return result;
  };

  beforeAll(async () => {
    api = await startFakeApi(API_KEY);
    client = await connect(api, era);
  });
  afterAll(async () => {
    await client?.close();
    await api?.close();
  });

  it('lists exactly the tools of generated/mcp/tools.json', async () => {
    expect(client.getNegotiatedProtocolVersion()).toBe(era === 'legacy' ? '2025-11-25' : '2026-07-28');
    const { tools } = await client.listTools();
    expect(tools).toStrictEqual(manifest.tools);
  });

  it('calls every tool once with its fixture params and returns the fixture data as structuredContent', async () => {
    for (const tool of manifest.tools) {
      const fixture = readFixture(operationOf(tool.name));
      const result = await call(tool.name, fixture.params);
      const data = fixture.response.body.data;
      const expected = tool.outputSchema ? data : { data };
      expect(result.isError ?? false, `${tool.name}: ${JSON.stringify(result.content)}`).toBe(false);
      expect(result.structuredContent).toStrictEqual(expected);
      expect(JSON.parse((result.content as { text: string }[])[0]?.text ?? 'null')).toStrictEqual(expected);
    }
    expect(api.requests).toHaveLength(manifest.tools.length);
  });

  it('refuses three hosts with isError before any HTTP request', async () => {
    const params = readFixture('createMultiCameraAvatar').params;
    const hosts = params.hosts as unknown[];
    const before = api.requests.length;
    const result = await call('podcast_create_multi_camera_avatar', { ...params, hosts: [...hosts, hosts[0]] });
    expect(result.isError).toBe(true);
    expect(result.structuredContent?.error).toMatchObject({ kind: 'validation', issues: [expect.objectContaining({ path: ['hosts'] })] });
    expect(api.requests.length).toBe(before);
  });

  it('turns a 429 into isError with the retry-after, and an API failure into isError with code, msg and rid', async () => {
    api.mode.value = 'rate-limit';
    const limited = await call('podcast_quota_summary', {});
    api.mode.value = 'api-error';
    const failed = await call('podcast_regenerate_background', { user_background_id: 3 });
    api.mode.value = 'fixtures';
    expect(limited.isError).toBe(true);
    expect(limited.structuredContent?.error).toMatchObject({ kind: 'rate_limit', status: 429, retryAfter: 120 });
    expect((limited.content as { text: string }[])[0]?.text).toMatch(/after 120 s/);
    expect(failed.isError).toBe(true);
    expect(failed.structuredContent?.error).toMatchObject({ kind: 'api', status: 400, code: 40012, msg: 'background not found', rid: 'rid-err-7' });
  });

  it('never puts the API key in a tool result, even when the API echoes it', async () => {
    api.mode.value = 'leaky-error';
    const leaky = await call('podcast_get_subscription', {});
    api.mode.value = 'fixtures';
    expect(leaky.isError).toBe(true);
    expect(leaky.structuredContent?.error).toMatchObject({ kind: 'api', msg: 'api key [redacted] is suspended' });
    expect(results.length).toBeGreaterThan(manifest.tools.length);
    expect(JSON.stringify(results)).not.toContain(API_KEY);
    expect(api.requests.every((r) => r.headers['x-api-key'] === API_KEY)).toBe(true);
  });
});

describe('podcast-gen mcp with PODCAST_SCOPES', () => {
  it('lists only the tools those scopes allow and refuses the others', async () => {
    const api = await startFakeApi(API_KEY);
    const client = await connect(api, 'legacy', { PODCAST_SCOPES: 'podcast.read,asset.read' });
    try {
      const { tools } = await client.listTools();
      // The tools that need no scope come with them.
      expect(tools.map((t) => t.name)).toStrictEqual([
        'podcast_catalog',
        'podcast_get_subscription',
        'podcast_get_voice_clone_allowance',
        'podcast_list_image_backgrounds',
        'podcast_quota_summary',
      ]);
      const refused = (await client.callTool({
        name: 'podcast_create_multi_camera_avatar',
        arguments: readFixture('createMultiCameraAvatar').params,
      })) as Result;
      expect(refused.isError).toBe(true);
      expect((refused.content as { text: string }[])[0]?.text).toMatch(/needs the OAuth scope podcast\.generate/);
      expect(refused.structuredContent?.error).toMatchObject({ kind: 'scope', missingScopes: ['podcast.generate'] });
      const allowed = (await client.callTool({ name: 'podcast_catalog', arguments: { kind: 'voices' } })) as Result;
      expect(allowed.isError ?? false).toBe(false);
      expect(api.requests.map((r) => r.path)).toStrictEqual(['/open/podcast/v1/catalogs/voices']);
    } finally {
      await client.close();
      await api.close();
    }
  });
});

describe('podcast-gen mcp without its configuration', () => {
  it('exits 1 with a message naming the missing variables', () => {
    const run = spawnSync(process.execPath, [BIN, 'mcp'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8', input: '' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/PODCAST_API_KEY is not set/);
    expect(run.stderr).toMatch(/PODCAST_BASE_URL is not set/);
    expect(run.stdout).toBe('');
  });
});
