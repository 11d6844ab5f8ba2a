/**
 * What `podcast-gen mcp --http` decides from a request's headers alone, before it reads a byte of
 * the body: whether the Host and Origin are its own (DNS rebinding), whether the bearer token is one
 * it knows; and the bounded read of the body once the request has passed both.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP, type Socket } from 'node:net';

/** The server's limits; each has a default in {@link HTTP_LIMITS}. */
export interface HttpLimits {
  /** Largest request body read, in bytes; a larger one is answered 413 as soon as it passes this. */
  maxBodyBytes: number;
  /** Time a client has to send the request's headers. */
  headersTimeoutMs: number;
  /** Time a client has to send the whole request, headers and body. */
  requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Connections open at once; more are closed as they arrive. */
  maxConnections: number;
}

/** The defaults: the MCP SDK's own body limit, Node's keep-alive time, short header and request times. */
export const HTTP_LIMITS: Readonly<HttpLimits> = {
  maxBodyBytes: 4 * 1024 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 256,
};

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD = ['0.0.0.0', '::', '[::]', ''];

/** A refusal decided from the headers: status and a one-line reason. */
export interface Refusal {
  status: number;
  message: string;
}

/** The allowed Host names and Origins of a server listening on `host`, with the user's additions. */
export interface AccessRules {
  hosts: string[];
  /** Host names (any scheme and port) and `<scheme>://*` entries, as the SDK's `validateOriginHeader` takes them. */
  originHosts: string[];
  /** Whole origins (`https://app.example:8443`), matched exactly. */
  origins: string[];
}

/** Splits `a,b c` (a flag's or a variable's value, or several) into entries. */
export function splitList(value: string | readonly string[] | undefined): string[] {
  return (Array.isArray(value) ? value : [value ?? '']).flatMap((v: string) => v.split(/[\s,]+/)).filter(Boolean);
}

/**
 * The rules for a server listening on `listenHost`: its own address and the loopback names, plus the
 * listed hosts and origins. An origin entry is a whole origin (`http://app.example:5173`) or a host
 * name allowed on any scheme and port (`app.example`). Throws on an entry that is neither.
 */
export function accessRules(options: { listenHost: string; allowedHosts?: readonly string[]; allowedOrigins?: readonly string[] }): AccessRules {
  const own = bracketed(options.listenHost.toLowerCase());
  const base = WILDCARD.includes(own) || LOOPBACK.includes(own) ? LOOPBACK : [...LOOPBACK, own];
  const hosts = [...new Set([...base, ...(options.allowedHosts ?? []).map((h) => bracketed(h.toLowerCase()))])];
  const originHosts = [...base];
  const origins: string[] = [];
  for (const entry of options.allowedOrigins ?? []) {
    if (/^[a-z][a-z0-9+.-]*:\/\/\*$/i.test(entry)) originHosts.push(entry.toLowerCase());
    else if (!entry.includes('://')) originHosts.push(bracketed(entry.toLowerCase()));
    else {
      let origin: string;
      try {
        origin = new URL(entry).origin;
      } catch {
        throw new Error(`not an origin: ${JSON.stringify(entry)} (write https://app.example:8443 or a host name)`);
      }
      if (origin === 'null') throw new Error(`not an origin: ${JSON.stringify(entry)} (write https://app.example:8443 or a host name)`);
      origins.push(origin);
    }
  }
  return { hosts, originHosts: [...new Set(originHosts)], origins };
}

function bracketed(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host;
}

/** 400 for a missing or malformed Host, 403 for a Host or Origin not allowed; undefined when both pass. */
export function checkAccess(req: IncomingMessage, rules: AccessRules, sdk: typeof import('@modelcontextprotocol/server')): Refusal | undefined {
  const host = sdk.validateHostHeader(req.headers.host, rules.hosts);
  if (!host.ok) {
    if (host.errorCode !== 'invalid_host') return { status: 400, message: `${host.message}` };
    return { status: 403, message: `${host.message}: this server answers only to ${rules.hosts.join(', ')} (add names with --allowed-hosts)` };
  }
  const origin = req.headers.origin;
  if (origin === undefined || origin === '') return undefined;
  const exact = rules.origins.length > 0 && originOf(origin) !== undefined && rules.origins.includes(originOf(origin) as string);
  if (exact) return undefined;
  const byHost = sdk.validateOriginHeader(origin, rules.originHosts);
  if (byHost.ok) return undefined;
  return {
    status: 403,
    message: `${byHost.message}: this server takes browser requests only from ${[...rules.originHosts, ...rules.origins].join(', ')} (add origins with --allowed-origins)`,
  };
}

function originOf(text: string): string | undefined {
  try {
    const origin = new URL(text).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Finds the scopes of a presented token. Every configured token is compared, each as a SHA-256 digest
 * with `timingSafeEqual`, so neither the time taken nor the lengths compared say how much of a guess
 * was right, or which token it was close to.
 */
export function tokenMatcher(tokens: ReadonlyMap<string, readonly string[]>): (presented: string) => readonly string[] | undefined {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  const known = [...tokens].map(([token, scopes]) => ({ digest: digest(token), scopes }));
  return (presented) => {
    const seen = digest(presented);
    let found: readonly string[] | undefined;
    for (const entry of known) {
      const same = timingSafeEqual(seen, entry.digest);
      if (same && found === undefined) found = entry.scopes;
    }
    return found;
  };
}

/**
 * Reads a body of at most `maxBytes`: `too-large` at once when the declared length is over, else as
 * soon as more has arrived (the rest is left unread); `closed` when the client went away first.
 */
export function readBoundedBody(req: IncomingMessage, maxBytes: number): Promise<Buffer<ArrayBuffer> | 'too-large' | 'closed'> {
  if (Number(req.headers['content-length']) > maxBytes) return Promise.resolve('too-large');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (outcome: Buffer<ArrayBuffer> | 'too-large' | 'closed') => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      req.pause();
      done('too-large');
    };
    const onEnd = () => done(Buffer.concat(chunks));
    const onClose = () => done('closed');
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onClose);
  });
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
