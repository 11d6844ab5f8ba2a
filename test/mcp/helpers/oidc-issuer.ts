/**
 * A certified OpenID provider (`oidc-provider`) on loopback, set up as a company's identity provider
 * for a remote MCP server: dynamic client registration (the MCP SDK's client registers itself),
 * authorization code with PKCE, resource indicators (RFC 8707) issuing JWT access tokens for the
 * resource, its developer sign-in pages (any login), and a service client with client credentials.
 * `grantable` is what the resource may be granted: a user who may not have every scope.
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export const SCOPES = ['podcast.read', 'asset.read', 'podcast.generate', 'asset.write'];

export async function startOidcIssuer(options: { grantable: Record<string, string> }) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signing = { ...(await exportJWK(privateKey)), kid: 'issuer-key-1', alg: 'RS256', use: 'sig' };
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      { client_id: 'other-service', client_secret: 'other-service-secret', grant_types: ['client_credentials'], redirect_uris: [], response_types: [] },
    ],
    jwks: { keys: [signing] },
    scopes: ['openid', 'offline_access', ...SCOPES],
    // Stated, so that the provider does not warn of its defaults.
    ttl: { AccessToken: 300, ClientCredentials: 300, Grant: 600, Interaction: 600, RefreshToken: 600, Session: 600, IdToken: 300, AuthorizationCode: 60 },
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => ({ sub: id }) }),
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => ({
          scope: options.grantable[indicator] ?? 'podcast.read',
          audience: indicator,
          accessTokenTTL: 300,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    /** The provider's signing key, to make a token it could have made (an expired one). */
    signing: { privateKey, kid: signing.kid },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
