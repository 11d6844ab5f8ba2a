/**
 * The MCP server as an OAuth 2.1 resource server (MCP authorization, revision 2025-06-18 and later):
 * access tokens issued by the caller's authorization server for this server (RFC 8707 audience),
 * verified against the issuer's keys found through its metadata (RFC 8414, else OpenID discovery),
 * or, for opaque tokens, by introspection (RFC 7662) when configured; and the Protected Resource
 * Metadata (RFC 9728) that tells a client where to sign in. JOSE is the `jose` library's.
 */
import { type AuthInfo, OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';

/** How the resource server trusts an authorization server. */
export interface OAuthResourceOptions {
  /** The authorization server's issuer identifier (`https://auth.example.com`, or with a path: `https://login.example.com/tenant`). */
  issuer: string;
  /** This server's canonical URL (`https://mcp.example.com/mcp`): the audience its tokens must name. */
  resource: string;
  /**
   * Opaque (non-JWT) tokens are checked at the issuer's introspection endpoint (its metadata's
   * `introspection_endpoint`, or `endpoint`) with these client credentials; without it they are refused.
   */
  introspection?: { clientId: string; clientSecret: string; endpoint?: string };
  /** Clock skew allowed on `exp` and `nbf`, in seconds. Default {@link CLOCK_SKEW_SECONDS}. */
  clockSkewSeconds?: number;
  /** How long a request to the issuer (metadata, keys, introspection) may take. Default {@link ISSUER_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** How soon after fetching the keys an unknown key ID fetches them again. Default {@link KEYS_COOLDOWN_MS}. */
  keysCooldownMs?: number;
}

/** Clock skew allowed on `exp` and `nbf`: clocks of separate machines drift a little. */
export const CLOCK_SKEW_SECONDS = 30;
/** How long a request to the issuer may take before the caller is told to try again (503). */
export const ISSUER_TIMEOUT_MS = 5000;
/** An unknown key ID fetches the issuer's keys again at most this often (a key rotation is seen within it). */
export const KEYS_COOLDOWN_MS = 30_000;
/** How long the issuer's metadata is kept. */
const METADATA_MAX_AGE_MS = 3_600_000;

/** Signature algorithms accepted: asymmetric ones only (never `none`, never a shared secret). */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];

/** The issuer could not be asked (down, slow, or answering nonsense): the caller should try again later, not sign in again. */
export class IssuerUnavailableError extends Error {
  override name = 'IssuerUnavailableError';
}

/** What a verified token says of its caller. */
export interface VerifiedToken extends AuthInfo {
  /** The token's subject (`sub`), when it names one. */
  subject?: string;
}

/**
 * A verifier of access tokens for `options.resource`: `verifyAccessToken` resolves with the
 * caller's scopes and expiry, throws an OAuthError `invalid_token` for a token to refuse, and an
 * {@link IssuerUnavailableError} when the issuer cannot be asked.
 */
export function oauthVerifier(options: OAuthResourceOptions): { verifyAccessToken(token: string): Promise<VerifiedToken> } {
  checkUrl('issuer', options.issuer);
  checkUrl('resource', options.resource);
  const timeoutMs = options.timeoutMs ?? ISSUER_TIMEOUT_MS;
  const metadata = issuerMetadata(options.issuer, timeoutMs);
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;
  const keysOf = async () => {
    if (keys) return keys;
    const { jwks_uri: uri } = await metadata();
    if (typeof uri !== 'string') throw new IssuerUnavailableError(`the issuer ${options.issuer} publishes no jwks_uri`);
    keys = createRemoteJWKSet(new URL(uri), { timeoutDuration: timeoutMs, cooldownDuration: options.keysCooldownMs ?? KEYS_COOLDOWN_MS });
    return keys;
  };
  // Only a key that is not there refuses the token; a key set that cannot be fetched or read is the issuer's trouble.
  const key: Parameters<typeof jwtVerify>[1] = async (header, token) => {
    const set = await keysOf();
    try {
      return await set(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      throw new IssuerUnavailableError(`the keys of ${options.issuer} could not be read: ${(error as Error).message}`);
    }
  };
  const verifyJwt = async (token: string): Promise<VerifiedToken> => {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: options.issuer,
        clockTolerance: options.clockSkewSeconds ?? CLOCK_SKEW_SECONDS,
        algorithms: ALGORITHMS,
        requiredClaims: ['exp'],
      });
      // The audience as an introspection answer's is read (jose's `audience` compares the text exactly).
      if (!audienceMatches(payload.aud, options.resource)) throw new OAuthError(OAuthErrorCode.InvalidToken, NOT_FOR_THIS_SERVER);
      return verified(token, payload, options.resource, options.clockSkewSeconds ?? CLOCK_SKEW_SECONDS);
    } catch (error) {
      if (error instanceof IssuerUnavailableError || error instanceof OAuthError) throw error;
      throw new OAuthError(OAuthErrorCode.InvalidToken, refusalOf(error));
    }
  };
  return {
    async verifyAccessToken(token) {
      if (isJwt(token)) return verifyJwt(token);
      if (!options.introspection) throw new OAuthError(OAuthErrorCode.InvalidToken, 'the token is not a JWT, and this server introspects none');
      return introspect(token, { ...options, introspection: options.introspection, timeoutMs }, metadata);
    },
  };
}

/** OAuth 2.1 asks for https; plain http is let through for loopback only (a test, a developer's machine). Throws otherwise. */
function checkUrl(name: string, text: string): void {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`oauth.${name} is not a URL: ${JSON.stringify(text)}`);
  }
  const loopback = ['localhost', '[::1]'].includes(url.hostname) || /^127\./.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new Error(`oauth.${name} must be an https URL: ${JSON.stringify(text)}`);
  if (url.hash !== '') throw new Error(`oauth.${name} must have no fragment: ${JSON.stringify(text)}`);
}

/** The Protected Resource Metadata (RFC 9728) of this server. */
export function protectedResourceMetadata(options: { issuer: string; resource: string; scopes: readonly string[] }): Record<string, unknown> {
  return {
    resource: options.resource,
    authorization_servers: [options.issuer],
    scopes_supported: [...options.scopes],
    bearer_methods_supported: ['header'],
  };
}

/**
 * The paths the metadata is served at: the path-suffixed form for a resource with a path
 * (`/.well-known/oauth-protected-resource/mcp`, RFC 9728 section 3.1) and the root form.
 */
export function metadataPaths(resource: string): string[] {
  const path = new URL(resource).pathname.replace(/\/$/, '');
  return [...new Set([`/.well-known/oauth-protected-resource${path}`, '/.well-known/oauth-protected-resource'])];
}

/** The issuer's metadata, fetched when first needed and kept an hour; a failure is not kept, so the next request asks again. */
function issuerMetadata(issuer: string, timeoutMs: number): () => Promise<Record<string, unknown>> {
  let kept: { at: number; value: Promise<Record<string, unknown>> } | undefined;
  return () => {
    if (kept && Date.now() - kept.at < METADATA_MAX_AGE_MS) return kept.value;
    const value = discover(issuer, timeoutMs);
    const entry = { at: Date.now(), value };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return value;
  };
}

/** RFC 8414 metadata (the well-known path inserted before the issuer's path), else OpenID discovery (appended). */
async function discover(issuer: string, timeoutMs: number): Promise<Record<string, unknown>> {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  const candidates = [`${url.origin}/.well-known/oauth-authorization-server${path}`, `${url.origin}${path}/.well-known/openid-configuration`];
  const problems: string[] = [];
  for (const candidate of candidates) {
    const answer = await fetchJson(candidate, { headers: { accept: 'application/json' } }, timeoutMs).catch((error: Error) => error);
    if (answer instanceof Error) {
      problems.push(`${candidate}: ${answer.message}`);
      continue;
    }
    // RFC 8414 section 3.3: the issuer in the metadata MUST be the one asked for.
    if (answer['issuer'] !== issuer) {
      problems.push(`${candidate}: names the issuer ${JSON.stringify(answer['issuer'])}`);
      continue;
    }
    return answer;
  }
  throw new IssuerUnavailableError(`the metadata of the issuer ${issuer} could not be read (${problems.join('; ')})`);
}

/** A JSON object fetched within `timeoutMs`; throws on a failed request, a status other than 200, or a body that is no JSON object. */
async function fetchJson(url: string, init: RequestInit, timeoutMs: number): Promise<Record<string, unknown>> {
  // A redirect is not followed, and fails below (Workers implement no `redirect: 'error'`).
  const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status}`);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('the answer is not a JSON object');
  return body as Record<string, unknown>;
}

/** An opaque token, introspected (RFC 7662): active, for this server's audience, from the issuer, not expired. */
async function introspect(
  token: string,
  options: OAuthResourceOptions & { introspection: NonNullable<OAuthResourceOptions['introspection']>; timeoutMs: number },
  metadata: () => Promise<Record<string, unknown>>,
): Promise<VerifiedToken> {
  let answer: Record<string, unknown>;
  try {
    const endpoint = options.introspection.endpoint ?? (await metadata())['introspection_endpoint'];
    if (typeof endpoint !== 'string') throw new Error('the issuer publishes no introspection_endpoint');
    const basic = btoa(`${encodeURIComponent(options.introspection.clientId)}:${encodeURIComponent(options.introspection.clientSecret)}`);
    answer = await fetchJson(
      endpoint,
      {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
      },
      options.timeoutMs,
    );
  } catch (error) {
    throw error instanceof IssuerUnavailableError ? error : new IssuerUnavailableError(`the token could not be introspected: ${(error as Error).message}`);
  }
  if (answer['active'] !== true) throw new OAuthError(OAuthErrorCode.InvalidToken, 'the token is not active');
  if (answer['iss'] !== undefined && answer['iss'] !== options.issuer) throw new OAuthError(OAuthErrorCode.InvalidToken, 'the token is from another issuer');
  if (!audienceMatches(answer['aud'], options.resource)) throw new OAuthError(OAuthErrorCode.InvalidToken, NOT_FOR_THIS_SERVER);
  const skew = options.clockSkewSeconds ?? CLOCK_SKEW_SECONDS;
  if (typeof answer['exp'] !== 'number' || answer['exp'] + skew < Date.now() / 1000) throw new OAuthError(OAuthErrorCode.InvalidToken, 'the token has expired');
  return verified(token, answer as JWTPayload, options.resource, skew);
}

/** The caller as the SDK reads it: scopes from `scope` (space separated) or `scp`, expiry from `exp` (with the skew allowed). */
function verified(token: string, claims: JWTPayload, resource: string, skew = 0): VerifiedToken {
  const scp = claims['scp'];
  const scopes = typeof claims['scope'] === 'string' ? claims['scope'].split(' ') : Array.isArray(scp) ? scp : typeof scp === 'string' ? scp.split(' ') : [];
  const clientId = claims['client_id'] ?? claims['azp'];
  return {
    token,
    clientId: typeof clientId === 'string' ? clientId : 'unknown',
    scopes: scopes.filter((s): s is string => typeof s === 'string' && s !== ''),
    expiresAt: (claims.exp as number) + skew,
    resource: new URL(resource),
    ...(typeof claims.sub === 'string' ? { subject: claims.sub } : {}),
    extra: { claims },
  };
}

/** The refusal of a token whose audience is not this server. */
const NOT_FOR_THIS_SERVER = 'the token was not issued for this server';

/**
 * Whether a token's `aud` (a string or a list of them; a JWT's or an introspection answer's) names
 * this server: RFC 9068 section 4 asks that it hold this server's resource indicator, an absolute
 * URI without a fragment (RFC 8707 section 2), which the MCP spec's canonical form takes with or
 * without a trailing slash; scheme and host compare in any case (RFC 3986 section 6.2.2.1).
 */
export function audienceMatches(aud: unknown, resource: string): boolean {
  const own = canonicalResource(resource);
  const audiences = Array.isArray(aud) ? aud : [aud];
  return own !== undefined && audiences.some((value) => typeof value === 'string' && canonicalResource(value) === own);
}

/** A resource indicator as compared: parsed (scheme and host lower case, a default port dropped), no trailing slash; none with a fragment. */
function canonicalResource(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (text.includes('#')) return undefined;
  return url.href.replace(/\/$/, '');
}

/** Three base64url parts: a JWS in compact form. */
function isJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);
}

/** What the refusal says, never the token. */
function refusalOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'the token was not issued for this server';
    if (error.claim === 'iss') return 'the token is from another issuer';
    if (error.claim === 'nbf') return 'the token is not valid yet';
    return `the token's ${error.claim} claim is not accepted`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return "the token's signature algorithm is not accepted";
  if (error instanceof errors.JWKSNoMatchingKey) return 'the token is signed with a key the issuer does not publish';
  if (error instanceof errors.JWSSignatureVerificationFailed) return "the token's signature does not verify";
  return 'the token could not be verified';
}
