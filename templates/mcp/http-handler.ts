/**
 * A generated MCP server as a Web-standard handler, `(request: Request) => Promise<Response>`, for
 * any runtime that takes one (Node.js through `podcast-gen mcp --http`, Deno, Bun, Cloudflare
 * Workers, functions behind a load balancer). It keeps nothing between requests: each is answered by
 * a fresh server, so any instance can answer any request. What a request may do is decided from its
 * headers before its body is read: its Host and Origin, then its bearer token (a static one, or an
 * OAuth 2.1 access token issued for this server); then the body is read, bounded.
 */
import {
  type AuthInfo,
  bearerAuthChallengeResponse,
  createMcpHandler,
  getOAuthProtectedResourceMetadataUrl,
  isLegacyRequest,
  type McpRequestContext,
  OAuthError,
  OAuthErrorCode,
  verifyBearerToken,
} from '@modelcontextprotocol/server';
import { accessRules, checkAccess, MAX_BODY_BYTES, readBoundedBody, staticTokens } from './http-guard.js';
import { legacyStatelessHandler } from './http-legacy.js';
import {
  IssuerUnavailableError,
  metadataPaths,
  oauthVerifier,
  type OAuthResourceOptions,
  protectedResourceMetadata,
  type VerifiedToken,
} from './oauth-resource.js';
import { bindingOf, toolGate } from './tool-gate.js';
import { createToolServer, type ToolServerOptions, type ToolServerSpec } from './tool-server.js';

/** Who is calling, as its verified token says: what a function choosing the upstream credential reads. */
export interface McpCaller {
  /**
   * The caller's access token, for exchanging it at your authorization server (RFC 8693) for a
   * credential of the API. Never send it to the API itself: it was issued for this MCP server.
   */
  token: string;
  /** The scopes the token grants. */
  scopes: readonly string[];
  /** The OAuth client the token was issued to (`static-token` for a static token). */
  clientId: string;
  /** The token's subject (`sub`): the person or service, when the token names one. */
  subject?: string;
  /** Every claim of the token (a JWT's payload, or the introspection answer). */
  claims?: Readonly<Record<string, unknown>>;
}

/** Options of the handler: how callers get in, which credential reaches the API, and the server's own options. */
export interface McpHttpHandlerOptions<Client extends object> extends Omit<ToolServerOptions, 'scopes'> {
  /** The client every call is made with: the server's own credential. Give this or `clientFor`. */
  client?: Client;
  /** A client for the caller (its own credential of the API: a token exchange, a per-user key store), made for each request. */
  clientFor?(caller: McpCaller): Client | Promise<Client>;
  /** OAuth 2.1: tokens issued by `issuer` for `resource` (this server's canonical URL), verified against the issuer's keys. */
  oauth?: OAuthResourceOptions;
  /** Static bearer tokens and the scopes each grants (`{ 'reader-token': ['podcast.read'] }`), for local use. */
  tokens?: ReadonlyMap<string, readonly string[]> | Readonly<Record<string, readonly string[]>>;
  /** The server's own scopes: a caller gets those its token grants within these, never more. Absent: its token's. */
  scopes?: readonly string[];
  /** Host names answered besides loopback (and `oauth.resource`'s host, and `listenHost`): the names clients reach it by. */
  allowedHosts?: readonly string[];
  /** Browser origins let in besides loopback ones: whole origins (`https://app.example:8443`) or host names. */
  allowedOrigins?: readonly string[];
  /** The address the server listens on, when it knows it: answered as a Host name. */
  listenHost?: string;
  /** Largest request body read, in bytes. Default {@link MAX_BODY_BYTES}. */
  maxBodyBytes?: number;
  /** Told of each failure that is the server's, not the caller's (the issuer unreachable, an exception). */
  onerror?(error: Error): void;
}

/**
 * The handler of a generated server (`spec`, as `server.ts` exports it). Throws when it has no way
 * in (neither `oauth` nor `tokens`), no client, or a bad `allowedOrigins` entry.
 */
export function createMcpHttpHandler<Client extends object>(
  spec: ToolServerSpec,
  options: McpHttpHandlerOptions<Client>,
): (request: Request) => Promise<Response> {
  const { client, clientFor, oauth } = options;
  if (!client && !clientFor) throw new Error("the MCP handler needs `client` (the server's own credential) or `clientFor` (a credential per caller)");
  const tokens = options.tokens instanceof Map ? options.tokens : new Map(Object.entries(options.tokens ?? {}));
  if (!oauth && tokens.size === 0) throw new Error('the MCP handler has no way in: give `oauth` ({ issuer, resource }) or `tokens`');
  // First: it checks the issuer and the resource are URLs it may trust, and says which is not.
  const verifier = callerVerifier(tokens, oauth);
  const resource = oauth ? new URL(oauth.resource) : undefined;
  const rules = accessRules({
    ...(options.listenHost !== undefined ? { listenHost: options.listenHost } : {}),
    allowedHosts: [...(options.allowedHosts ?? []), ...(resource ? [resource.hostname] : [])],
    allowedOrigins: options.allowedOrigins ?? [],
  });
  // A selection naming a tool or tag the server does not have throws here, not at the first request.
  toolGate(spec, selection(options));
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const onerror = options.onerror ?? (() => {});
  const within = (scopes: readonly string[]) => (options.scopes ? scopes.filter((scope) => options.scopes?.includes(scope)) : [...scopes]);
  const resourceMetadataUrl = resource ? getOAuthProtectedResourceMetadataUrl(resource) : undefined;
  const metadata = oauth
    ? JSON.stringify(protectedResourceMetadata({ issuer: oauth.issuer, resource: oauth.resource, scopes: within(allScopes(spec)) }))
    : undefined;
  const metadataAt = oauth ? metadataPaths(oauth.resource) : [];

  const factory = async (ctx: McpRequestContext) => {
    const caller = callerOf(ctx.authInfo);
    const served = clientFor ? await clientFor(caller) : (client as Client);
    return createToolServer(spec, served, {
      ...selection(options),
      scopes: within(caller.scopes),
      // The caller's own token never leaves in a result either.
      redact: [...(options.redact ?? []), caller.token],
    });
  };
  const modern = createMcpHandler(factory, { legacy: 'reject', maxRequestBodySize: maxBodyBytes, onerror });
  const legacy = legacyStatelessHandler(factory, { maxRequestBodySize: maxBodyBytes, onerror });

  return async (request) => {
    const url = new URL(request.url);
    if (metadata && metadataAt.includes(url.pathname)) return metadataResponse(request, metadata);
    const refused = checkAccess(request, rules);
    if (refused) return jsonRpcError(refused.status, refused.message);
    let authInfo: AuthInfo;
    try {
      authInfo = await verifyBearerToken(request.headers.get('authorization'), { verifier, ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}) });
    } catch (error) {
      if (!(error instanceof IssuerUnavailableError)) return bearerAuthChallengeResponse(error, resourceMetadataUrl ? { resourceMetadataUrl } : {});
      // The caller is not authenticated yet: the issuer's addresses and answers (the error's message) are the operator's, in onerror.
      onerror(error);
      return Response.json(
        { error: 'temporarily_unavailable', error_description: 'the authorization server cannot be reached to check the token; try again shortly' },
        { status: 503, headers: { 'retry-after': '5' } },
      );
    }
    const method = request.method.toUpperCase();
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBoundedBody(request, maxBodyBytes);
    if (body === 'too-large') return jsonRpcError(413, `Payload Too Large: Request body must not exceed ${maxBodyBytes} bytes`);
    const parsedBody = body && body.byteLength > 0 ? parseJson(body) : undefined;
    const missing = method === 'POST' ? missingScopes(parsedBody, spec, authInfo.scopes).filter((scope) => options.scopes?.includes(scope) ?? true) : [];
    if (missing.length > 0) {
      const error = new OAuthError(OAuthErrorCode.InsufficientScope, `this tool needs the scope ${missing.join(' ')}`);
      return bearerAuthChallengeResponse(error, {
        requiredScopes: [...new Set([...authInfo.scopes, ...missing])],
        ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}),
      });
    }
    const init: RequestInit = { method: request.method, headers: request.headers, signal: request.signal };
    if (body && body.byteLength > 0) init.body = body;
    const forwarded = new Request(url, init);
    const extra = { authInfo, ...(parsedBody !== undefined ? { parsedBody } : {}) };
    const isLegacy = await isLegacyRequest(forwarded, parsedBody, { maxRequestBodySize: maxBodyBytes });
    return isLegacy ? legacy(forwarded, extra) : modern.fetch(forwarded, extra);
  };
}

/** Static tokens first (compared in constant time), then OAuth; a token neither knows is refused. */
function callerVerifier(tokens: ReadonlyMap<string, readonly string[]>, oauth: OAuthResourceOptions | undefined) {
  const matchStatic = tokens.size > 0 ? staticTokens(tokens) : undefined;
  const viaOAuth = oauth ? oauthVerifier(oauth) : undefined;
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const scopes = await matchStatic?.(token);
      // A static token does not expire; the SDK asks every token for an expiry.
      if (scopes) return { token, clientId: 'static-token', scopes: [...scopes], expiresAt: Math.floor(Date.now() / 1000) + 3600 };
      if (viaOAuth) return viaOAuth.verifyAccessToken(token);
      throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown token');
    },
  };
}

function callerOf(authInfo: AuthInfo | undefined): McpCaller {
  if (!authInfo) throw new Error('no verified caller: the handler verifies every request before serving it');
  const { subject } = authInfo as VerifiedToken;
  const claims = authInfo.extra?.['claims'];
  return {
    token: authInfo.token,
    scopes: authInfo.scopes,
    clientId: authInfo.clientId,
    ...(subject !== undefined ? { subject } : {}),
    ...(typeof claims === 'object' && claims !== null ? { claims: claims as Record<string, unknown> } : {}),
  };
}

/** The server's own options, as each request's server is made with them. */
function selection(options: ToolServerOptions): ToolServerOptions {
  return {
    ...(options.tools ? { tools: options.tools } : {}),
    ...(options.toolsets ? { toolsets: options.toolsets } : {}),
    ...(options.readOnly ? { readOnly: true } : {}),
    ...(options.dynamic !== undefined ? { dynamic: options.dynamic } : {}),
    ...(options.resultBudget !== undefined ? { resultBudget: options.resultBudget } : {}),
    ...(options.resultBudgets ? { resultBudgets: options.resultBudgets } : {}),
  };
}

/** Every scope some tool needs, sorted: the metadata's `scopes_supported`. */
function allScopes(spec: ToolServerSpec): string[] {
  return [...new Set(Object.values(spec.bindings).flatMap((binding) => binding.scopes))].sort();
}

/**
 * The scopes a `tools/call` in the body needs beyond `granted` (none for other messages). A call of
 * the dynamic mode's `call_tool` needs those of the tool it names, as a direct call would.
 */
function missingScopes(body: unknown, spec: ToolServerSpec, granted: readonly string[]): string[] {
  const messages = Array.isArray(body) ? body : [body];
  const needed = messages.flatMap((m: { method?: unknown; params?: { name?: unknown; arguments?: { name?: unknown } } } | null) => {
    if (m?.method !== 'tools/call' || typeof m.params?.name !== 'string') return [];
    const named = m.params.name === 'call_tool' && !bindingOf(spec.bindings, 'call_tool') ? m.params.arguments?.name : m.params.name;
    return typeof named === 'string' ? [...(bindingOf(spec.bindings, named)?.scopes ?? [])] : [];
  });
  return [...new Set(needed.filter((scope) => !granted.includes(scope)))];
}

/** The Protected Resource Metadata, readable by any page (a browser client discovers with it). */
function metadataResponse(request: Request, metadata: string): Response {
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, OPTIONS', 'access-control-allow-headers': 'mcp-protocol-version' };
  const method = request.method.toUpperCase();
  if (method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
  if (method !== 'GET' && method !== 'HEAD') return new Response(null, { status: 405, headers: { ...cors, allow: 'GET, OPTIONS' } });
  return new Response(method === 'HEAD' ? null : metadata, {
    status: 200,
    headers: { ...cors, 'content-type': 'application/json', 'cache-control': 'max-age=3600' },
  });
}

function jsonRpcError(status: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, { status });
}

function parseJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(body)) as unknown;
  } catch {
    return undefined;
  }
}
