/**
 * The generated Web handler (`generated/mcp/http.ts`), called in process as a runtime calls it, with
 * a `Request`, and through the SDK's own client (its `fetch` is the handler). Callers present a static
 * token or an OAuth 2.1 access token of a loopback issuer (test-issuer.ts); the API is the fake
 * podcast API on loopback, which records every request: none carries a caller's token.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPodcastClient } from '../../generated/index.js';
import { createPodcastMcpHandler, type PodcastMcpHandlerOptions } from '../../generated/mcp/http.js';
import { startFakeApi } from './helpers/fake-api.js';
import { startTestIssuer, type TestIssuer } from './helpers/test-issuer.js';

const API_KEY = 'sk-live-handler-41aa';
const ORIGIN = 'http://127.0.0.1:3000';
const RESOURCE = `${ORIGIN}/mcp`;
const POST = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {}, _meta: {} };

let api: Awaited<ReturnType<typeof startFakeApi>>;
let issuer: TestIssuer;
const clients: Client[] = [];
beforeAll(async () => {
  api = await startFakeApi(API_KEY);
  issuer = await startTestIssuer();
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  issuer.mode.value = 'ok';
});
afterAll(async () => {
  await api?.close();
  await issuer?.close();
});

function handlerOf(options: Partial<PodcastMcpHandlerOptions> = {}) {
  return createPodcastMcpHandler({
    client: createPodcastClient({ apiKey: API_KEY, baseUrl: api.url }),
    oauth: { issuer: issuer.url, resource: RESOURCE, timeoutMs: 500 },
    redact: [API_KEY],
    ...options,
  });
}

/** The SDK's client, whose requests the handler answers in process; `token` is sent as the bearer token. */
async function connect(handler: (request: Request) => Promise<Response>, token: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(RESOURCE), {
    fetch: (url, init) => handler(new Request(url, init)),
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 'handler-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** A POST of `body` whose stream counts how often it was read (`pulled`): a refusal from the headers reads none. */
function post(body: unknown, headers: Record<string, string> = {}, url = RESOURCE) {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.pulled++;
        controller.enqueue(bytes);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(url, { method: 'POST', headers: { ...POST, ...headers }, body: stream, duplex: 'half' } as RequestInit);
  return { request, state };
}

describe('the Web handler with OAuth 2.1', () => {
  it('publishes its Protected Resource Metadata at the path-suffixed and the root form', async () => {
    const handler = handlerOf();
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const answer = await handler(new Request(`${ORIGIN}${path}`));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(await answer.json()).toStrictEqual({
        resource: RESOURCE,
        authorization_servers: [issuer.url],
        scopes_supported: ['asset.read', 'asset.write', 'podcast.generate', 'podcast.read'],
        bearer_methods_supported: ['header'],
      });
    }
  });

  it('answers a request without a token 401 naming the metadata, without reading its body', async () => {
    const { request, state } = post(LIST);
    const answer = await handlerOf()(request);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain(`resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource/mcp"`);
    expect(state.pulled).toBe(0);
  });

  it('refuses a foreign Host before the token and the body', async () => {
    const { request, state } = post(LIST, { authorization: `Bearer ${await issuer.token({ aud: RESOURCE })}` }, 'http://evil.example/mcp');
    expect((await handlerOf()(request)).status).toBe(403);
    expect(state.pulled).toBe(0);
  });

  it('serves the SDK client with a token issued for it: the tools its scopes grant, and a call made with the server own credential', async () => {
    const token = await issuer.token({ aud: RESOURCE, scope: 'podcast.read asset.read' });
    const seen = api.requests.length;
    const client = await connect(handlerOf(), token);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toStrictEqual([
      'podcast_catalog',
      'podcast_get_subscription',
      'podcast_get_voice_clone_allowance',
      'podcast_list_image_backgrounds',
      'podcast_quota_summary',
    ]);
    const result = await client.callTool({ name: 'podcast_quota_summary', arguments: {} });
    expect(result.isError).toBeFalsy();
    const upstream = api.requests.slice(seen);
    expect(upstream.length).toBeGreaterThan(0);
    for (const request of upstream) {
      expect(request.headers['x-api-key']).toBe(API_KEY);
      expect(JSON.stringify(request.headers)).not.toContain(token);
    }
  });

  const refused: { given: string; token: () => Promise<string> }[] = [
    { given: 'another audience', token: () => issuer.token({ aud: 'https://other.example/mcp', scope: 'podcast.read' }) },
    { given: 'an expired token', token: () => issuer.token({ aud: RESOURCE, scope: 'podcast.read' }, { expiresIn: -600 }) },
    { given: 'an unknown key', token: () => issuer.token({ aud: RESOURCE, scope: 'podcast.read' }, { foreignKey: true }) },
    { given: 'alg none', token: async () => issuer.unsigned({ aud: RESOURCE, scope: 'podcast.read' }) },
    { given: 'another issuer', token: () => issuer.token({ aud: RESOURCE, iss: 'https://evil.example', scope: 'podcast.read' }) },
  ];
  it.each(refused)('answers a token of $given 401 invalid_token, and calls nothing upstream', async ({ token }) => {
    const seen = api.requests.length;
    const { request, state } = post(
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'podcast_quota_summary', arguments: {} } },
      {
        authorization: `Bearer ${await token()}`,
      },
    );
    const answer = await handlerOf()(request);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/error="invalid_token".*resource_metadata=/);
    expect(state.pulled).toBe(0);
    expect(api.requests.length).toBe(seen);
  });

  it('answers a call beyond the token scopes 403 insufficient_scope, naming the scopes to ask for', async () => {
    const token = await issuer.token({ aud: RESOURCE, scope: 'podcast.read' });
    const { request } = post(
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'podcast_create_multi_camera_avatar', arguments: {} } },
      { authorization: `Bearer ${token}` },
    );
    const answer = await handlerOf()(request);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('www-authenticate')).toMatch(/error="insufficient_scope".*scope="podcast\.read podcast\.generate".*resource_metadata=/);
  });

  it('answers 503 with a message while the issuer cannot be reached, its details to onerror only, and serves again once it can', async () => {
    const errors: Error[] = [];
    const handler = handlerOf({ onerror: (error) => errors.push(error) });
    const token = await issuer.token({ aud: RESOURCE, scope: 'podcast.read' });
    issuer.mode.value = 'down';
    const down = await handler(post(LIST, { authorization: `Bearer ${token}` }).request);
    expect(down.status).toBe(503);
    // The caller is not yet authenticated: the issuer's addresses and what it answered are the operator's to read.
    expect(await down.json()).toStrictEqual({
      error: 'temporarily_unavailable',
      error_description: 'the authorization server cannot be reached to check the token; try again shortly',
    });
    expect(errors.map((error) => error.message)).toStrictEqual([expect.stringContaining(issuer.url)]);
    issuer.mode.value = 'ok';
    const client = await connect(handler, token);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('reads no more of a body than its limit', async () => {
    const token = await issuer.token({ aud: RESOURCE, scope: 'podcast.read' });
    const answer = await handlerOf({ maxBodyBytes: 64 })(post({ ...LIST, padding: 'x'.repeat(200) }, { authorization: `Bearer ${token}` }).request);
    expect(answer.status).toBe(413);
  });

  it("calls the API with the client clientFor chooses for the caller, never with the caller's token", async () => {
    const token = await issuer.token({ aud: RESOURCE, scope: 'podcast.read', sub: 'alice' });
    const callers: { subject?: string; scopes: readonly string[]; token: string }[] = [];
    const handler = handlerOf({
      clientFor: (caller) => {
        callers.push(caller);
        return createPodcastClient({ apiKey: API_KEY, baseUrl: api.url });
      },
    });
    const client = await connect(handler, token);
    await client.callTool({ name: 'podcast_quota_summary', arguments: {} });
    expect(callers.at(-1)).toMatchObject({ subject: 'alice', scopes: ['podcast.read'], token });
  });
});

describe('the Web handler with static tokens', () => {
  it('serves a known token its tools and refuses an unknown one', async () => {
    const handler = handlerOf({ oauth: undefined, tokens: { 'reader-token': ['podcast.read'] } } as Partial<PodcastMcpHandlerOptions>);
    const client = await connect(handler, 'reader-token');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('podcast_quota_summary');
    const unknown = await handler(post(LIST, { authorization: 'Bearer nobody' }).request);
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).not.toContain('resource_metadata');
  });

  it('will not start without a way in or a client, or with a selection naming what is not there', () => {
    const client = createPodcastClient({ apiKey: API_KEY, baseUrl: api.url });
    expect(() => createPodcastMcpHandler({ client })).toThrow(/no way in/);
    expect(() => createPodcastMcpHandler({ tokens: { t: [] } })).toThrow(/needs `client`/);
    expect(() => createPodcastMcpHandler({ client, tokens: { t: [] }, tools: ['nope'] })).toThrow(/no tool named nope/);
  });
});
