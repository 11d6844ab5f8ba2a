/**
 * The limits of `podcast-gen mcp --http` that only a process owning its sockets can keep (time to
 * send headers and requests, idle connections, open connections), and the lingering close of a
 * connection whose request was answered before it was read. What a request may do is the generated
 * handler's (`mcp/http-guard.ts`), decided from its headers before its body is read.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The server's limits; each has a default in {@link HTTP_LIMITS}. */
export interface HttpLimits {
  /** Largest request body read, in bytes; a larger one is answered 413 as soon as it passes this. Default: the handler's (`MAX_BODY_BYTES` of `mcp/http-guard.ts`). */
  maxBodyBytes?: number;
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
export const HTTP_LIMITS: Readonly<HttpLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 256,
};

/** Splits `a,b c` (a flag's or a variable's value, or several) into entries. */
export function splitList(value: string | readonly string[] | undefined): string[] {
  return (Array.isArray(value) ? value : [value ?? '']).flatMap((v: string) => v.split(/[\s,]+/)).filter(Boolean);
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
  const drop = (chunk: Buffer) => {
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
