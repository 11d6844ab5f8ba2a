/**
 * The generated Web handler deployed as docs/mcp.md shows, each example run as written: Cloudflare's
 * workerd (the Worker bundled as wrangler bundles it), Deno, Bun, and the Node container's command.
 * In each, the MCP SDK's client signs in with an access token of a loopback authorization server,
 * lists the tools, calls one (answered by a stub of the API) and is refused one beyond its scopes; the
 * stub sees the server's API key and never the caller's token.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi } from './helpers/fake-api.js';
import { exampleProject, freePort, startExample } from './helpers/runtimes.js';
import { startTestIssuer, type TestIssuer } from './helpers/test-issuer.js';

const API_KEY = 'sk-live-runtimes-9c1d';
let api: Awaited<ReturnType<typeof startFakeApi>>;
let issuer: TestIssuer;
let project: ReturnType<typeof exampleProject>;

beforeAll(async () => {
  api = await startFakeApi(API_KEY);
  issuer = await startTestIssuer();
  project = exampleProject();
});
afterAll(async () => {
  await api?.close();
  await issuer?.close();
  project?.remove();
});

describe.each(['workers', 'deno', 'bun', 'container'] as const)('the %s example', (name) => {
  it('lists, calls, refuses a call beyond the token, and never sends the caller token upstream', async () => {
    const port = await freePort();
    const resource = `http://127.0.0.1:${port}/mcp`;
    const running = await startExample(name, {
      dir: project.dir,
      port,
      env: { PODCAST_API_KEY: API_KEY, PODCAST_BASE_URL: api.url, PODCAST_MCP_ISSUER: issuer.url, PODCAST_MCP_RESOURCE: resource },
    });
    const client = new Client({ name: `runtimes-${name}`, version: '1.0.0' });
    try {
      const token = await issuer.token({ aud: resource, scope: 'podcast.read asset.read' });
      await client.connect(new StreamableHTTPClientTransport(new URL(resource), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
      const seen = api.requests.length;
      const { tools } = await client.listTools();
      const result = await client.callTool({ name: 'podcast_quota_summary', arguments: {} });
      const refusal = await client.callTool({ name: 'podcast_create_multi_camera_avatar', arguments: {} }).then(
        () => 'answered',
        (error: Error) => error.message,
      );
      const foreign = await fetch(resource, {
        method: 'POST',
        headers: { authorization: `Bearer ${await issuer.token({ aud: 'https://other.example/mcp' })}`, 'content-type': 'application/json' },
        body: '{}',
      });
      console.log(
        `${name}: listed ${tools.length} tools; podcast_quota_summary ${result.isError ? 'failed' : 'answered'} ${JSON.stringify(result.structuredContent).slice(0, 80)}; podcast_create_multi_camera_avatar refused: ${refusal.slice(0, 120)}; a token for another audience: HTTP ${foreign.status}`,
      );
      expect(tools.map((tool) => tool.name)).toContain('podcast_quota_summary');
      expect(tools.map((tool) => tool.name)).not.toContain('podcast_create_multi_camera_avatar');
      expect(result.isError).toBeFalsy();
      expect(refusal).toMatch(/Insufficient scope: required "podcast\.read asset\.read podcast\.generate"/);
      expect(foreign.status).toBe(401);
      const upstream = api.requests.slice(seen);
      expect(upstream.length).toBeGreaterThan(0);
      for (const request of upstream) {
        expect(request.headers['x-api-key']).toBe(API_KEY);
        expect(JSON.stringify(request)).not.toContain(token);
      }
    } finally {
      await client.close().catch(() => {});
      await running.stop();
    }
  }, 120_000);
});
