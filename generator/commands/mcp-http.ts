/**
 * `podcast-gen mcp --http`: the podcast MCP server over Streamable HTTP. Each caller presents a
 * bearer token; its scopes decide which tools it sees, and a call to a tool beyond them is answered
 * with the protocol's `403 insufficient_scope` challenge naming the scopes to ask for. The podcast
 * API key is the server's own (`<PREFIX>_API_KEY`), never taken from a caller's token.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { AuthInfo, Server } from '@modelcontextprotocol/server';

/** What {@link serveHttp} needs from `runMcp`. */
export interface HttpServeOptions {
  /** A server for one caller's scopes. */
  factory(scopes: readonly string[]): Server;
  /** Scopes each tool needs, by tool name. */
  toolScopes: ReadonlyMap<string, readonly string[]>;
  /** Bearer tokens and the scopes each grants (`<PREFIX>_MCP_TOKENS`: `token=scope scope;token2=scope`). */
  tokens: ReadonlyMap<string, readonly string[]>;
  port: number;
  host: string;
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
  const verifier = {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const scopes = options.tokens.get(token);
      if (!scopes) throw new sdk.OAuthError(sdk.OAuthErrorCode.InvalidToken, 'unknown token');
      return { token, clientId: 'podcast-gen-token', scopes: [...scopes], expiresAt: Math.floor(Date.now() / 1000) + 3600 };
    },
  };
  const handler = sdk.createMcpHandler((ctx) => options.factory(ctx.authInfo?.scopes ?? []));
  const answer = async (request: Request): Promise<Response> => {
    let authInfo: AuthInfo;
    try {
      authInfo = await sdk.verifyBearerToken(request.headers.get('authorization'), { verifier });
    } catch (error) {
      return sdk.bearerAuthChallengeResponse(error);
    }
    const missing = request.method === 'POST' ? await missingScopes(request.clone(), options.toolScopes, authInfo.scopes) : [];
    if (missing.length > 0) {
      const error = new sdk.OAuthError(sdk.OAuthErrorCode.InsufficientScope, `this tool needs the scope ${missing.join(' ')}`);
      return sdk.bearerAuthChallengeResponse(error, { requiredScopes: [...new Set([...authInfo.scopes, ...missing])] });
    }
    return handler.fetch(request, { authInfo });
  };
  const server = createServer((req, res) => void toWebRequest(req).then(answer).then((response) => sendResponse(response, res)).catch((error: unknown) => {
    options.log(`podcast-gen mcp: ${(error as Error).message}\n`);
    if (!res.headersSent) res.writeHead(500).end();
  }));
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  options.log(`podcast-gen mcp: listening on http://${options.host}:${port}/mcp\n`);
  await new Promise<void>((resolve) => {
    if (options.signal?.aborted) resolve();
    options.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  await handler.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return 0;
}

/** The scopes a `tools/call` in the body needs beyond `granted` (none for other messages). */
async function missingScopes(request: Request, toolScopes: ReadonlyMap<string, readonly string[]>, granted: readonly string[]): Promise<string[]> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return [];
  }
  const messages = Array.isArray(body) ? body : [body];
  const needed = messages.flatMap((m: { method?: unknown; params?: { name?: unknown } }) => (m?.method === 'tools/call' && typeof m.params?.name === 'string' ? [...(toolScopes.get(m.params.name) ?? [])] : []));
  return [...new Set(needed.filter((scope) => !granted.includes(scope)))];
}

async function toWebRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0;
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...(hasBody ? { body: Buffer.concat(chunks) } : {}) });
}

async function sendResponse(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();
  Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res);
}
