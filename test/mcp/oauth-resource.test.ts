/**
 * templates/mcp/oauth-resource.ts, the generated server as an OAuth 2.1 resource server, against an
 * authorization server on loopback (test-issuer.ts): a token for this server is taken with its
 * scopes; every other is refused as `invalid_token`; an issuer that cannot be asked is an
 * IssuerUnavailableError (the handler's 503), bounded in time, and the next request asks again.
 */
import { OAuthError } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IssuerUnavailableError, metadataPaths, oauthVerifier, protectedResourceMetadata } from '../../templates/mcp/oauth-resource.js';
import { startTestIssuer, type TestIssuer } from './helpers/test-issuer.js';

const RESOURCE = 'http://127.0.0.1:3000/mcp';
let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer({ introspectionSecret: 'introspection-secret' });
});
afterAll(async () => {
  await issuer?.close();
});
beforeEach(() => {
  issuer.mode.value = 'ok';
});

const verifier = (extra: Partial<Parameters<typeof oauthVerifier>[0]> = {}) =>
  oauthVerifier({ issuer: issuer.url, resource: RESOURCE, introspection: { clientId: 'client', clientSecret: 'introspection-secret' }, ...extra });

/** What verifying `token` ends in: the scopes, or the refusal's class and message. */
async function outcome(token: string, v = verifier()): Promise<string> {
  try {
    return `scopes: ${(await v.verifyAccessToken(token)).scopes.join(' ')}`;
  } catch (error) {
    return `${error instanceof OAuthError ? 'invalid_token' : (error as Error).name}: ${(error as Error).message}`;
  }
}

describe('oauthVerifier', () => {
  it('takes a token issued for this server, with its scopes, subject and expiry', async () => {
    const token = await issuer.token({ aud: RESOURCE, scope: 'podcast.read asset.read' });
    const verified = await verifier().verifyAccessToken(token);
    expect(verified).toMatchObject({ token, clientId: 'test-client', scopes: ['podcast.read', 'asset.read'], subject: 'user-1' });
    expect(verified.resource?.href).toBe(RESOURCE);
    expect(verified.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  const refused: { given: string; token: () => Promise<string>; want: RegExp }[] = [
    {
      given: 'a token for another audience',
      token: () => issuer.token({ aud: 'https://other.example/mcp' }),
      want: /invalid_token: .*not issued for this server/,
    },
    { given: 'an expired token', token: () => issuer.token({ aud: RESOURCE }, { expiresIn: -120 }), want: /invalid_token: the token has expired/ },
    {
      given: 'a token from another issuer',
      token: () => issuer.token({ aud: RESOURCE, iss: 'https://evil.example' }),
      want: /invalid_token: .*another issuer/,
    },
    {
      given: 'a token signed by an unknown key',
      token: () => issuer.token({ aud: RESOURCE }, { foreignKey: true }),
      want: /invalid_token: .*key the issuer does not publish/,
    },
    { given: 'a token with alg none', token: async () => issuer.unsigned({ aud: RESOURCE, scope: 'podcast.read' }), want: /invalid_token/ },
    {
      given: 'a token not yet valid',
      token: () => issuer.token({ aud: RESOURCE, nbf: Math.floor(Date.now() / 1000) + 600 }),
      want: /invalid_token: .*not valid yet/,
    },
    { given: 'garbage', token: async () => 'a.b.c', want: /invalid_token/ },
  ];
  it.each(refused)('refuses $given', async ({ token, want }) => {
    expect(await outcome(await token())).toMatch(want);
  });

  // RFC 9068 4 and RFC 8707 2: the audience holds this server's resource indicator, an absolute URI without a fragment; the
  // MCP spec's canonical URI form takes it with or without a trailing slash (scheme and host in any case).
  const audiences: { given: string; aud: string | string[] | undefined; want: boolean }[] = [
    { given: 'this server', aud: RESOURCE, want: true },
    { given: 'this server with a trailing slash', aud: `${RESOURCE}/`, want: true },
    { given: 'this server, its host in capitals', aud: 'HTTP://127.0.0.1:3000/mcp', want: true },
    { given: 'a list that holds this server', aud: ['https://other.example/mcp', RESOURCE], want: true },
    { given: 'this server with a fragment (no resource indicator)', aud: `${RESOURCE}#part`, want: false },
    { given: 'a resource under this one', aud: `${RESOURCE}/more`, want: false },
    { given: 'another port', aud: 'http://127.0.0.1:3001/mcp', want: false },
    { given: 'no audience', aud: undefined, want: false },
  ];
  it.each(audiences)('reads the audience $given the same way in a JWT and an introspection answer: $want', async ({ aud, want }) => {
    const exp = Math.floor(Date.now() / 1000) + 300;
    const jwt = await issuer.token({ scope: 'a', ...(aud === undefined ? {} : { aud }) });
    const opaque = issuer.opaque({ active: true, iss: issuer.url, scope: 'a', exp, ...(aud === undefined ? {} : { aud }) });
    const expected = want ? 'scopes: a' : 'invalid_token: the token was not issued for this server';
    expect([await outcome(jwt), await outcome(opaque)]).toStrictEqual([expected, expected]);
  });

  it('allows a small clock skew on exp', async () => {
    expect(await outcome(await issuer.token({ aud: RESOURCE, scope: 'a' }, { expiresIn: -10 }))).toBe('scopes: a');
  });

  it('fetches the keys again for an unknown key ID once the cooldown is over (a key rotation)', async () => {
    const v = verifier({ keysCooldownMs: 0 });
    expect(await outcome(await issuer.token({ aud: RESOURCE, scope: 'a' }), v)).toBe('scopes: a');
    await issuer.rotate();
    expect(await outcome(await issuer.token({ aud: RESOURCE, scope: 'b' }), v)).toBe('scopes: b');
  });

  it('introspects an opaque token: active, for this server, not expired', async () => {
    const exp = Math.floor(Date.now() / 1000) + 300;
    const good = issuer.opaque({ active: true, aud: RESOURCE, iss: issuer.url, scope: 'podcast.read', exp, client_id: 'c' });
    expect(await outcome(good)).toBe('scopes: podcast.read');
    expect(await outcome(issuer.opaque({ active: false }))).toMatch(/invalid_token: the token is not active/);
    expect(await outcome(issuer.opaque({ active: true, aud: 'https://other.example', exp }))).toMatch(/invalid_token: .*not issued for this server/);
    expect(await outcome(issuer.opaque({ active: true, aud: RESOURCE }))).toMatch(/invalid_token: the token has expired/);
    expect(await outcome('opaque-token', oauthVerifier({ issuer: issuer.url, resource: RESOURCE }))).toMatch(/invalid_token: .*introspects none/);
  });

  it('says the issuer is unavailable when it is down, its keys are garbage or too slow; and asks again on the next request', async () => {
    const token = await issuer.token({ aud: RESOURCE, scope: 'a' });
    const v = verifier({ timeoutMs: 300 });
    issuer.mode.value = 'down';
    expect(await outcome(token, v)).toMatch(/^IssuerUnavailableError: the metadata of the issuer .* could not be read/);
    issuer.mode.value = 'garbage-keys';
    expect(await outcome(token, v)).toMatch(/^IssuerUnavailableError: the keys of .* could not be read/);
    issuer.mode.value = 'slow-keys';
    const started = Date.now();
    expect(await outcome(token, verifier({ timeoutMs: 300 }))).toMatch(/^IssuerUnavailableError/);
    expect(Date.now() - started).toBeLessThan(3000);
    issuer.mode.value = 'ok';
    expect(await outcome(token, v)).toBe('scopes: a');
  });

  it('refuses to trust an issuer or resource over plain http outside loopback', () => {
    expect(() => oauthVerifier({ issuer: 'http://auth.example.com', resource: RESOURCE })).toThrow(/oauth.issuer must be an https URL/);
    expect(() => oauthVerifier({ issuer: issuer.url, resource: 'mcp.example.com' })).toThrow(/oauth.resource is not a URL/);
    expect(() => new IssuerUnavailableError('x')).not.toThrow();
  });
});

describe('the Protected Resource Metadata', () => {
  it('names the resource, its authorization server, its scopes and the header as the way to send a token', () => {
    expect(protectedResourceMetadata({ issuer: 'https://auth.example.com', resource: 'https://mcp.example.com/mcp', scopes: ['a', 'b'] })).toStrictEqual({
      resource: 'https://mcp.example.com/mcp',
      authorization_servers: ['https://auth.example.com'],
      scopes_supported: ['a', 'b'],
      bearer_methods_supported: ['header'],
    });
  });

  it('is served at the path-suffixed form and the root form', () => {
    expect(metadataPaths('https://mcp.example.com/mcp')).toStrictEqual(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']);
    expect(metadataPaths('https://mcp.example.com/')).toStrictEqual(['/.well-known/oauth-protected-resource']);
  });
});
