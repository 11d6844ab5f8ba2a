/**
 * `podcast-gen mcp --http`: the generated Web-standard MCP handler (`mcp/http.ts`) served by Node's
 * HTTP server. The handler decides everything a request may do (Host and Origin, the bearer token,
 * the body's size, the scopes); this adapter adds what only a process that owns its sockets can:
 * time limits on headers and requests, a cap on open connections, and a body handed over unread, so
 * that a request the handler refuses from its headers is never read.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { fetchSendsNoBody } from '../model/method-semantics.js';
import { HTTP_LIMITS, type HttpLimits, limitedServer, lingerAfter } from './mcp-http-guard.js';
import { splitList } from './split-list.js';

/** What {@link serveHttp} needs from `runMcp`. */
export interface HttpServeOptions {
  /** The generated handler, configured. */
  handler(request: Request): Promise<Response>;
  port: number;
  host: string;
  /** Time and connection limits; defaults in {@link HTTP_LIMITS}. */
  limits?: Partial<HttpLimits>;
  signal?: AbortSignal;
  log(text: string): void;
}

/**
 * Parses `token=scope scope;token2=scope` (the value of `variable`) into tokens and their scopes.
 * Each entry splits at its last `=`: scopes never hold one, a token may (base64's padding). A token
 * may grant no scope (`token=`, for an API whose tools ask none). An entry with no `=`, no token, or
 * a token ending in `=` and no scope (that `=` may be the token's own) is refused, named by its place:
 * a token is never printed.
 */
export function parseTokens(text: string | undefined, variable: string): Map<string, string[]> {
  const tokens = new Map<string, string[]>();
  const entries = (text ?? '').split(';');
  for (const [index, entry] of entries.entries()) {
    if (entry.trim() === '') continue;
    const at = entry.lastIndexOf('=');
    const token = at < 0 ? '' : entry.slice(0, at).trim();
    const scopes = splitList(at < 0 ? '' : entry.slice(at + 1));
    const wrong = entryFault(at >= 0, token, scopes);
    if (wrong) throw new Error(`${variable}: entry ${index + 1} of ${entries.length} ${wrong} (format: "token=scope scope;token2=scope")`);
    tokens.set(token, scopes);
  }
  return tokens;
}

/** What is wrong with one entry of the tokens' variable, in words that never hold its token. */
function entryFault(split: boolean, token: string, scopes: readonly string[]): string | undefined {
  if (!split) return 'has no `=` between the token and its scopes';
  if (token === '') return 'has no token before its `=`';
  if (scopes.length === 0 && token.endsWith('=')) return "has a token ending in `=` and no scope: the last `=` may be the token's own, so give it a scope";
  return undefined;
}

/** Serves until `signal` fires; resolves with the exit code. */
export async function serveHttp(options: HttpServeOptions): Promise<number> {
  const limits: HttpLimits = { ...HTTP_LIMITS, ...options.limits };
  const server = limitedServer(limits, (req, res) => {
    const request = toWebRequest(req, res);
    if (!request) return void res.writeHead(400, { 'content-type': 'application/json', connection: 'close' }).end(invalidTarget(req));
    void options
      .handler(request)
      .then((response) => sendResponse(response, req, res))
      .catch((error: unknown) => {
        options.log(`podcast-gen mcp: ${(error as Error).message}\n`);
        if (!res.headersSent) res.writeHead(500, { connection: 'close' }).end();
      });
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  options.log(`podcast-gen mcp: listening on http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/mcp\n`);
  await new Promise<void>((resolve) => {
    if (options.signal?.aborted) resolve();
    options.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return 0;
}

function invalidTarget(req: IncomingMessage): string {
  return JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: `Invalid request target: ${req.url ?? ''}` }, id: null });
}

/**
 * The request as a Web `Request` whose body is read only when the handler reads it; its signal
 * aborts when the client goes away. Undefined when its target is no URL.
 */
function toWebRequest(req: IncomingMessage, res: ServerResponse): Request | undefined {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
  }
  let url: URL;
  try {
    // A target that starts with `//` is a path of this server, not another host.
    const origin = `http://${req.headers.host ?? 'localhost'}`;
    const target = req.url ?? '/';
    url = new URL(target.startsWith('/') ? `${origin}${target}` : target, origin);
  } catch {
    return undefined;
  }
  const gone = new AbortController();
  res.once('close', () => gone.abort());
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: gone.signal };
  if (!fetchSendsNoBody(method)) {
    init.body = unreadBody(req);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/** The body as a stream that reads from the socket only when pulled: nothing is read of a request refused first. */
function unreadBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (req.readableEnded) return void controller.close();
        return new Promise<void>((resolve) => {
          const done = () => {
            req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
            resolve();
          };
          const onData = (chunk: Buffer) => {
            req.pause();
            done();
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          };
          const onEnd = () => {
            done();
            controller.close();
          };
          const onError = (error: Error) => {
            done();
            controller.error(error);
          };
          const onClose = () => {
            if (req.readableEnded) return onEnd();
            done();
            controller.error(new Error('the client went away before sending the whole body'));
          };
          req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
          req.resume();
        });
      },
    },
    { highWaterMark: 0 },
  );
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
