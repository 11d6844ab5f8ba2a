/**
 * `podcast-gen mcp --http --issuer --resource` as a company deploys it, end to end: a certified
 * OpenID provider on loopback (oidc-provider), the server spawned as users run it, and the MCP SDK's
 * own client with its OAuth client provider. The client meets the 401, discovers the authorization
 * server from the Protected Resource Metadata, registers, signs in (the provider's developer pages),
 * gets a token for this server and calls a tool; a call beyond the granted scopes is refused (403), as
 * are an expired token and a token the provider issued for another resource (401). The API is a stub
 * that records every request: none carries a caller's token. The transcript is printed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { startFakeApi } from './helpers/fake-api.js';
import { MemoryOAuthProvider, signIn, Transcript } from './helpers/oauth-client.js';
import { startOidcIssuer } from './helpers/oidc-issuer.js';
import { freePort } from './helpers/runtimes.js';

const API_KEY = 'sk-live-e2e-oauth-5b7e';
const OTHER = 'https://other.example/mcp';
let api: Awaited<ReturnType<typeof startFakeApi>>;
let issuer: Awaited<ReturnType<typeof startOidcIssuer>>;
let server: ChildProcess | undefined;
let serverLog = '';
let resource = '';

beforeAll(async () => {
  api = await startFakeApi(API_KEY);
  const port = await freePort();
  resource = `http://127.0.0.1:${port}/mcp`;
  // The user may be granted reading, not generating: a call that generates is beyond the token.
  issuer = await startOidcIssuer({ grantable: { [resource]: 'podcast.read asset.read', [OTHER]: 'podcast.read asset.read' } });
  server = spawn(
    process.execPath,
    [join(ROOT, 'bin', 'podcast-gen.js'), 'mcp', '--http', '--port', String(port), '--issuer', issuer.issuer, '--resource', resource],
    { env: { ...process.env, PODCAST_API_KEY: API_KEY, PODCAST_BASE_URL: api.url } },
  );
  server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!/listening on/.test(serverLog)) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`podcast-gen mcp --http did not start:\n${serverLog}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 90_000);
afterAll(async () => {
  if (server?.exitCode === null) server.kill('SIGTERM');
  await api?.close();
  await issuer?.close();
});

describe('mcp --http with --issuer, end to end with oidc-provider and the SDK client', () => {
  it('discovers, signs in, calls; refuses a scope beyond the grant, an expired token and a token for another resource', async () => {
    const transcript = new Transcript();
    const provider = new MemoryOAuthProvider();
    const transport = () => new StreamableHTTPClientTransport(new URL(resource), { authProvider: provider, fetch: transcript.fetch() });

    transcript.note('the client calls without a token: 401, then discovery, registration and the authorization request');
    const first = new Client({ name: 'e2e', version: '1.0.0' });
    const pending = transport();
    await expect(first.connect(pending)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrl?.searchParams.get('resource')).toBe(resource);

    transcript.note('the user signs in and consents (oidc-provider developer pages); the code comes back');
    const callback = await signIn(provider.authorizationUrl as URL, 'alice', transcript);
    transcript.note('the client exchanges the code for an access token for this server');
    await pending.finishAuth(callback);
    const token = provider.tokens()?.access_token as string;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    transcript.note('with the token: list the tools and call one');
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(transport());
    const seen = api.requests.length;
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('podcast_quota_summary');
    expect(names).not.toContain('podcast_create_multi_camera_avatar');
    const result = await client.callTool({ name: 'podcast_quota_summary', arguments: {} });
    expect(result.isError).toBeFalsy();

    transcript.note('a call beyond the granted scopes');
    const refused = await client.callTool({ name: 'podcast_create_multi_camera_avatar', arguments: {} }).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    expect(refused).not.toBe('answered');
    expect(transcript.lines.some((line) => / -> 403 WWW-Authenticate: Bearer error="insufficient_scope"/.test(line))).toBe(true);
    await client.close();

    transcript.note('an expired token, signed with the provider key');
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ scope: 'podcast.read', client_id: 'x', sub: 'alice' })
      .setProtectedHeader({ alg: 'RS256', kid: issuer.signing.kid, typ: 'at+jwt' })
      .setIssuer(issuer.issuer)
      .setAudience(resource)
      .setIssuedAt(now - 600)
      .setExpirationTime(now - 300)
      .sign(issuer.signing.privateKey);
    transcript.note('a token the provider issued for another resource (client credentials)');
    const grant = await transcript.fetch()(`${issuer.issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('other-service:other-service-secret').toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', resource: OTHER, scope: 'podcast.read' }).toString(),
    });
    const foreign = ((await grant.json()) as { access_token: string }).access_token;
    for (const bad of [expired, foreign]) {
      const answer = await transcript.fetch()(resource, {
        method: 'POST',
        headers: { authorization: `Bearer ${bad}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'podcast_quota_summary', arguments: {} } }),
      });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/error="invalid_token".*resource_metadata=/);
    }

    const upstream = api.requests.slice(seen);
    transcript.note(`the API stub saw ${upstream.length} requests, each with the server's API key and none with a caller's token`);
    expect(upstream.length).toBeGreaterThan(0);
    for (const request of upstream) {
      expect(request.headers['x-api-key']).toBe(API_KEY);
      for (const secret of [token, expired, foreign]) expect(JSON.stringify(request)).not.toContain(secret);
    }
    console.log(`OAuth transcript:\n${transcript.lines.join('\n')}`);
  }, 90_000);
});
