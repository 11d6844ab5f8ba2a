/**
 * What the MCP HTTP handler decides from a request's headers alone, before it reads a byte of the
 * body: whether the Host and Origin are its own (DNS rebinding), whether a static bearer token is one
 * it knows; and the bounded read of the body once the request has passed. Web-standard only
 * (`Request`, Web Crypto), so it runs on Node.js, Deno, Bun and Cloudflare Workers alike.
 */
import { DEFAULT_MAX_REQUEST_BODY_SIZE, validateHostHeader, validateOriginHeader } from '@modelcontextprotocol/server';

/** The largest request body read, unless told otherwise: the MCP SDK's own limit. */
export const MAX_BODY_BYTES: number = DEFAULT_MAX_REQUEST_BODY_SIZE;

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD = ['0.0.0.0', '::', '[::]', ''];

/** A refusal decided from the headers: status and a one-line reason. */
export interface Refusal {
  status: number;
  message: string;
}

/** The allowed Host names and Origins, loopback's and the user's. */
export interface AccessRules {
  hosts: string[];
  /** Host names (any scheme and port) and `<scheme>://*` entries, as the SDK's `validateOriginHeader` takes them. */
  originHosts: string[];
  /** Whole origins (`https://app.example:8443`), matched exactly. */
  origins: string[];
}

/**
 * The rules of a handler: the loopback names, the address it listens on (when it knows it), the
 * listed hosts and origins. An origin entry is a whole origin (`http://app.example:5173`) or a host
 * name allowed on any scheme and port (`app.example`). Throws on an entry that is neither.
 */
export function accessRules(options: { listenHost?: string; allowedHosts?: readonly string[]; allowedOrigins?: readonly string[] }): AccessRules {
  const own = bracketed((options.listenHost ?? '').toLowerCase());
  const base = WILDCARD.includes(own) || LOOPBACK.includes(own) ? LOOPBACK : [...LOOPBACK, own];
  const hosts = [...new Set([...base, ...(options.allowedHosts ?? []).map((h) => bracketed(h.toLowerCase()))])];
  const originHosts = [...base];
  const origins: string[] = [];
  for (const entry of options.allowedOrigins ?? []) {
    if (/^[a-z][a-z0-9+.-]*:\/\/\*$/i.test(entry)) originHosts.push(entry.toLowerCase());
    else if (!entry.includes('://')) originHosts.push(bracketed(entry.toLowerCase()));
    else {
      const origin = originOf(entry);
      if (origin === undefined) throw new Error(`not an origin: ${JSON.stringify(entry)} (write https://app.example:8443 or a host name)`);
      origins.push(origin);
    }
  }
  return { hosts, originHosts: [...new Set(originHosts)], origins };
}

/**
 * 400 for a missing or malformed Host, 403 for a Host or Origin not allowed; undefined when both
 * pass. A runtime that keeps the Host out of the headers has it in the request's URL.
 */
export function checkAccess(request: Pick<Request, 'headers' | 'url'>, rules: AccessRules): Refusal | undefined {
  const headers = request.headers;
  const host = validateHostHeader(headers.get('host') ?? hostOf(request.url), rules.hosts);
  if (!host.ok) {
    if (host.errorCode !== 'invalid_host') return { status: 400, message: host.message };
    return { status: 403, message: `${host.message}: this server answers only to ${rules.hosts.join(', ')} (add names with allowedHosts, --allowed-hosts)` };
  }
  const origin = headers.get('origin');
  if (origin === null || origin === '') return undefined;
  const exact = originOf(origin);
  if (exact !== undefined && rules.origins.includes(exact)) return undefined;
  const byHost = validateOriginHeader(origin, rules.originHosts);
  if (byHost.ok) return undefined;
  return {
    status: 403,
    message: `${byHost.message}: this server takes browser requests only from ${[...rules.originHosts, ...rules.origins].join(', ')} (add origins with allowedOrigins, --allowed-origins)`,
  };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}

function bracketed(host: string): string {
  return /^[0-9a-f:.]+$/i.test(host) && host.includes(':') ? `[${host}]` : host;
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
 * Static bearer tokens and the scopes each grants. Every configured token is compared, each as a
 * SHA-256 digest in constant time, so neither the time taken nor the lengths compared say how much
 * of a guess was right, or which token it was close to.
 */
export function staticTokens(
  tokens: ReadonlyMap<string, readonly string[]>,
  equal: (a: Uint8Array, b: Uint8Array) => boolean = constantTimeEqual,
): (presented: string) => Promise<readonly string[] | undefined> {
  const known = Promise.all([...tokens].map(async ([token, scopes]) => ({ digest: await sha256(token), scopes })));
  return async (presented) => {
    const seen = await sha256(presented);
    let found: readonly string[] | undefined;
    for (const entry of await known) {
      const same = equal(seen, entry.digest);
      if (same && found === undefined) found = entry.scopes;
    }
    return found;
  };
}

/** Whether two byte strings of the same length are equal, in a time that does not depend on where they differ. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/**
 * Reads a body of at most `maxBytes`: `too-large` at once when the declared length is over, else as
 * soon as more has arrived (the rest is left unread).
 */
export async function readBoundedBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | 'too-large'> {
  if (Number(request.headers.get('content-length')) > maxBytes) return 'too-large';
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.cancel().catch(() => {});
      return 'too-large';
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}
