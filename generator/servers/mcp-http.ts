/**
 * `podcast-gen mcp --http`: the podcast MCP server over Streamable HTTP. Each caller presents a
 * bearer token; its scopes (within the server's own `--scopes`) decide which tools it sees, a tool
 * that needs no scope being every caller's, and a call to a tool beyond them is answered with the
 * protocol's `403 insufficient_scope` challenge naming the scopes to ask for. The podcast
 * API key is the server's own (`<PREFIX>_API_KEY`), never taken from a caller's token.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { AuthInfo, Server } from '@modelcontextprotocol/server';
import { accessRules, checkAccess, HTTP_LIMITS, lingerAfter, readBoundedBody, tokenMatcher, type HttpLimits } from './mcp-http-guard.js';
import { legacyStatelessHandler } from './mcp-http-legacy.js';

/** What {@link serveHttp} needs from `runMcp`. */
export interface HttpServeOptions {
  /** A server for one caller's scopes. */
  factory(scopes: readonly string[]): Server;
  /** Scopes each tool needs, by tool name. */
  toolScopes: ReadonlyMap<string, readonly string[]>;
  /**
   * The server's own scopes (`--scopes`), when it was given some: a caller never gets a scope beyond
   * them (the factory intersects), and a call needing one is refused by the server, not challenged,
   * since no token of the caller's would do.
   */
  serverScopes?: readonly string[];
  /** Bearer tokens and the scopes each grants (`<PREFIX>_MCP_TOKENS`: `token=scope scope;token2=scope`). */
  tokens: ReadonlyMap<string, readonly string[]>;
  port: number;
  host: string;
  /** Host names answered besides the listening address and loopback (`--allowed-hosts`). */
  allowedHosts?: readonly string[];
  /** Browser origins let in besides loopback ones (`--allowed-origins`): whole origins or host names. */
  allowedOrigins?: readonly string[];
  /** Body, time and connection limits; defaults in {@link HTTP_LIMITS}. */
  limits?: Partial<HttpLimits>;
  signal?: AbortSignal;
  log(text: string): void;
}

/** Parses `token=scope scope;token2=scope` into tokens and their scopes. */
export function parseTokens(text: string | undefined): Map<string, string[]> {
  const tokens = new Map<string, string[]>();
  for (const entry of (text ?? '').split(';')) {
    const [token = '', scopes = ''] = entry.split('=');
    if (token.trim() !== '') tokens.set(token.trim(), scopes.split(/[\s,]+/).filter(Boolean));
  }
  return tokens;
}

/** Serves until `signal` fires; resolves with the exit code. */
export async function serveHttp(options: HttpServeOptions): Promise<number> {
  const sdk = await import('@modelcontextprotocol/server');
  const limits: HttpLimits = { ...HTTP_LIMITS, ...options.limits };
  const rules = accessRules({
    listenHost: options.host,
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
  });
  const scopesOf = tokenMatcher(options.tokens);
  const verifier = {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const scopes = scopesOf(token);
      if (!scopes) throw new sdk.OAuthError(sdk.OAuthErrorCode.InvalidToken, 'unknown token');
      return { token, clientId: 'podcast-gen-token', scopes: [...scopes], expiresAt: Math.floor(Date.now() / 1000) + 3600 };
    },
  };
  const factory = (ctx: { authInfo?: AuthInfo }) => options.factory(ctx.authInfo?.scopes ?? []);
  // Both protocol eras from one factory: the SDK's handler serves 2026-07-28, ours the 2025 era (the
  // SDK's fallback cannot send the priming event that revision 2025-11-25 asks for).
  const handler = sdk.createMcpHandler(factory, { legacy: 'reject', maxRequestBodySize: limits.maxBodyBytes });
  const legacy = legacyStatelessHandler(sdk, factory, {
    maxRequestBodySize: limits.maxBodyBytes,
    onerror: (error) => options.log(`podcast-gen mcp: ${error.message}\n`),
  });
  const jsonRpcError = (status: number, message: string) => Response.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, { status });

  // Everything that can be decided from the headers is, before the body is read: a refusal then
  // leaves the body unread and the connection closed, whatever its size.
  const answer = async (req: IncomingMessage): Promise<Response | undefined> => {
    const refused = checkAccess(req, rules, sdk);
    if (refused) return jsonRpcError(refused.status, refused.message);
    let authInfo: AuthInfo;
    try {
      authInfo = await sdk.verifyBearerToken(req.headers.authorization, { verifier });
    } catch (error) {
      return sdk.bearerAuthChallengeResponse(error);
    }
    const method = (req.method ?? 'GET').toUpperCase();
    const hasBody = method !== 'GET' && method !== 'HEAD';
    const body = hasBody ? await readBoundedBody(req, limits.maxBodyBytes) : undefined;
    if (body === 'closed') return undefined;
    if (body === 'too-large') return jsonRpcError(413, `Payload Too Large: Request body must not exceed ${limits.maxBodyBytes} bytes`);
    const parsedBody = body && body.length > 0 ? parseJson(body) : undefined;
    const missing =
      method === 'POST' && parsedBody !== undefined
        ? missingScopes(parsedBody, options.toolScopes, authInfo.scopes).filter((scope) => options.serverScopes?.includes(scope) ?? true)
        : [];
    if (missing.length > 0) {
      const error = new sdk.OAuthError(sdk.OAuthErrorCode.InsufficientScope, `this tool needs the scope ${missing.join(' ')}`);
      return sdk.bearerAuthChallengeResponse(error, { requiredScopes: [...new Set([...authInfo.scopes, ...missing])] });
    }
    const request = toWebRequest(req, body && body.length > 0 ? body : undefined);
    if (!request) return jsonRpcError(400, `Invalid request target: ${req.url ?? ''}`);
    const extra = { authInfo, ...(parsedBody !== undefined ? { parsedBody } : {}) };
    const isLegacy = await sdk.isLegacyRequest(request, parsedBody, { maxRequestBodySize: limits.maxBodyBytes });
    return isLegacy ? legacy(request, extra) : handler.fetch(request, extra);
  };
  const server = createServer(
    {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node looks for overdue headers and requests this often: its default is too rare for short timeouts.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    (req, res) =>
      void answer(req)
        .then((response) => (response ? sendResponse(response, req, res) : void res.destroy()))
        .catch((error: unknown) => {
          options.log(`podcast-gen mcp: ${(error as Error).message}\n`);
          if (!res.headersSent) res.writeHead(500, { connection: 'close' }).end();
        }),
  );
  server.maxConnections = limits.maxConnections;
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  options.log(`podcast-gen mcp: listening on http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/mcp\n`);
  await new Promise<void>((resolve) => {
    if (options.signal?.aborted) resolve();
    options.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  await handler.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return 0;
}

function parseJson(body: Buffer<ArrayBuffer>): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The scopes a `tools/call` in the body needs beyond `granted` (none for other messages). A call of
 * the dynamic mode's `call_tool` needs those of the tool it names, as a direct call would.
 */
function missingScopes(body: unknown, toolScopes: ReadonlyMap<string, readonly string[]>, granted: readonly string[]): string[] {
  const messages = Array.isArray(body) ? body : [body];
  const needed = messages.flatMap((m: { method?: unknown; params?: { name?: unknown; arguments?: { name?: unknown } } } | null) => {
    if (m?.method !== 'tools/call' || typeof m.params?.name !== 'string') return [];
    const called = m.params.name === 'call_tool' && !toolScopes.has('call_tool') ? m.params.arguments?.name : m.params.name;
    return typeof called === 'string' ? [...(toolScopes.get(called) ?? [])] : [];
  });
  return [...new Set(needed.filter((scope) => !granted.includes(scope)))];
}

/** The request as the SDK takes it; undefined when its target is no URL. */
function toWebRequest(req: IncomingMessage, body: Buffer<ArrayBuffer> | undefined): Request | undefined {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
  }
  try {
    // A target that starts with `//` is a path of this server, not another host.
    const origin = `http://${req.headers.host ?? 'localhost'}`;
    const target = req.url ?? '/';
    const url = new URL(target.startsWith('/') ? `${origin}${target}` : target, origin);
    const init: RequestInit = { method: req.method ?? 'GET', headers };
    if (body) init.body = body;
    return new Request(url, init);
  } catch {
    return undefined;
  }
}

/** Sends the answer; one sent before the whole request was read ends the connection after it. */
async function sendResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  lingerAfter(req, res);
  for (const [name, value] of response.headers) res.setHeader(name, value);
  res.writeHead(response.status);
  if (!response.body) return void res.end();
  Readable.fromWeb(response.body as import('node:stream/web').ReadableStream)
    .on('error', () => res.destroy())
    .pipe(res);
}
