/**
 * A small OAuth authorization server on loopback for the resource server's tests: RFC 8414 metadata,
 * a JWKS of one ES256 key (rotated on demand), access tokens signed with jose, an introspection
 * endpoint for opaque tokens, and ways to misbehave (down, slow keys, garbage keys).
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { startLoopback, type Answer } from '../../helpers/loopback.js';

/** How the issuer answers: well, or as a broken one does. */
export type IssuerMode = 'ok' | 'down' | 'slow-keys' | 'garbage-keys';

type Key = { kid: string; privateKey: CryptoKey; publicJwk: Record<string, unknown> };

async function newKey(): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' } };
}

export async function startTestIssuer(options: { introspectionSecret?: string } = {}) {
  let key = await newKey();
  const foreign = await newKey();
  const mode: { value: IssuerMode } = { value: 'ok' };
  const opaque = new Map<string, Record<string, unknown>>();
  let issuer = '';
  const server = await startLoopback(async (request): Promise<Answer> => {
    if (mode.value === 'down') return { status: 503, body: { error: 'down' } };
    if (request.path === '/.well-known/oauth-authorization-server')
      return { body: { issuer, jwks_uri: `${issuer}/jwks`, introspection_endpoint: `${issuer}/introspect`, token_endpoint: `${issuer}/token` } };
    if (request.path === '/jwks') {
      if (mode.value === 'slow-keys') return { hang: true };
      if (mode.value === 'garbage-keys') return { body: 'this is not a key set' };
      return { body: { keys: [key.publicJwk] } };
    }
    if (request.path === '/introspect') {
      const expected = `Basic ${Buffer.from(`client:${options.introspectionSecret ?? ''}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return { status: 401, body: { error: 'invalid_client' } };
      const token = new URLSearchParams(request.body).get('token') ?? '';
      return { body: opaque.get(token) ?? { active: false } };
    }
    return { status: 404, body: {} };
  });
  issuer = server.url;
  return {
    url: server.url,
    requests: server.requests,
    mode,
    /** An access token for `audience`, signed with the current key (or one the issuer does not publish); claims override the defaults. */
    async token(claims: JWTPayload & { aud?: string | string[] }, how: { foreignKey?: boolean; expiresIn?: number } = {}): Promise<string> {
      const signer = how.foreignKey ? foreign : key;
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ scope: '', client_id: 'test-client', sub: 'user-1', iss: issuer, iat: now, exp: now + (how.expiresIn ?? 300), ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: signer.kid, typ: 'at+jwt' })
        .sign(signer.privateKey);
    },
    /** A token with `alg: none`, unsigned. */
    unsigned(claims: JWTPayload): string {
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: issuer, exp: Math.floor(Date.now() / 1000) + 300, ...claims })}.`;
    },
    /** An opaque token the introspection endpoint answers `answer` for. */
    opaque(answer: Record<string, unknown>): string {
      const token = randomUUID().replace(/-/g, '');
      opaque.set(token, answer);
      return token;
    },
    /** A new signing key: the JWKS then holds only it. */
    async rotate(): Promise<void> {
      key = await newKey();
    },
    close: server.close,
  };
}

export type TestIssuer = Awaited<ReturnType<typeof startTestIssuer>>;
