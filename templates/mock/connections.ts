/// <reference types="node" />
/**
 * How a podcast-gen server on node:http holds its connections: the time a client has for its
 * headers and its request, how long an idle connection stays open, how many are open at once, and
 * the lingering close of a connection whose request was answered before it was read. The mock
 * server runs it, and so does `podcast-gen mcp --http` (generator/servers/mcp-http-guard.ts imports
 * this very code).
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** A server's limits on its connections. */
export interface ConnectionLimits {
  /** Time a client has to send the request's headers. */
  headersTimeoutMs: number;
  /** Time a client has to send the whole request, headers and body. */
  requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Connections open at once; more are closed as they arrive. */
  maxConnections: number;
}

/** The defaults: Node's keep-alive time, short header and request times. */
export const CONNECTION_LIMITS: Readonly<ConnectionLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 256,
};

/** A node:http server that keeps `limits`, answering with `listener`; not yet listening. */
export function limitedServer(limits: ConnectionLimits, listener: RequestListener): Server {
  const server = createServer(
    {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node's own default interval is too rare for short timeouts: check a few times within the headers' limit.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    listener,
  );
  server.maxConnections = limits.maxConnections;
  return server;
}

/**
 * Before an answer sent with part of the request unread: the answer says `Connection: close`, the
 * rest of the body is read and dropped (`bytes` at most; then no more is read), and the connection
 * is closed `ms` after the answer. Closing at once would make the kernel reset it while the
 * client is still sending, and a client that has not yet read the answer would lose it to the
 * reset (the "lingering close" of nginx and Apache).
 */
export function lingerAfter(req: IncomingMessage, res: ServerResponse, limit: { ms: number; bytes: number } = { ms: 2000, bytes: 8 * 1024 * 1024 }): void {
  if (req.complete) return;
  const socket = req.socket as Socket & { destroySoon?: () => void };
  let dropped = 0;
  const drop = (chunk: Buffer): void => {
    dropped += chunk.length;
    if (dropped <= limit.bytes) return;
    // Enough: the client's sending now stalls until the connection is closed below.
    req.off('data', drop);
    req.pause();
  };
  req.on('data', drop);
  req.resume();
  res.setHeader('connection', 'close');
  // Node ends a `Connection: close` answer's socket with destroySoon(): half-close it instead, and
  // destroy it once the client has had its time.
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), limit.ms);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}
