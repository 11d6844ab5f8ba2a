/**
 * Requests that fetch cannot make: a body that is never finished, headers that trickle in, a bare
 * socket. Used to show a server answers (or hangs up) before it has read what it was sent.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

/** An answer and how much of the body had been written when it came. */
export interface EarlyAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  sentBytes: number;
}

/**
 * POSTs `bytes` bytes of a body (declared as `contentLength` when given, else chunked) without ever
 * finishing it, and resolves with the answer; rejects when none comes within `timeoutMs` (a server
 * that waits for the whole body never answers).
 */
export function postUnfinished(options: {
  url: string;
  headers?: Record<string, string>;
  contentLength?: number;
  bytes: number;
  timeoutMs?: number;
}): Promise<EarlyAnswer> {
  const url = new URL(options.url);
  return new Promise<EarlyAnswer>((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
    if (options.contentLength !== undefined) headers['content-length'] = String(options.contentLength);
    const req = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: 'POST', headers });
    let sentBytes = 0;
    let settled = false;
    const timer = setTimeout(() => finish(new Error(`no answer within ${options.timeoutMs ?? 5000} ms (${sentBytes} bytes sent)`)), options.timeoutMs ?? 5000);
    const finish = (outcome: EarlyAnswer | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    req.on('response', (res) => {
      const seenAt = sentBytes;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => finish({ status: res.statusCode ?? 0, headers: res.headers, body, sentBytes: seenAt }));
      res.on('error', () => finish({ status: res.statusCode ?? 0, headers: res.headers, body, sentBytes: seenAt }));
    });
    // The server hanging up while the body is still being written is expected; only a missing answer fails.
    req.on('error', (error) => setTimeout(() => finish(error), 200));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = (): void => {
      while (!settled && sentBytes < options.bytes) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
    };
    req.flushHeaders();
    pump();
  });
}

/**
 * Opens a socket and sends `text` a few bytes at a time, `everyMs` apart, never finishing; resolves
 * with how long the server took to hang up and what it answered, or rejects after `timeoutMs`.
 */
export function trickle(options: {
  url: string;
  text: string;
  everyMs: number;
  bytesPerTick?: number;
  timeoutMs: number;
}): Promise<{ closedAfterMs: number; answer: string }> {
  const url = new URL(options.url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    let at = 0;
    const tick = setInterval(() => {
      if (at >= options.text.length || socket.destroyed) return;
      socket.write(options.text.slice(at, at + (options.bytesPerTick ?? 1)));
      at += options.bytesPerTick ?? 1;
    }, options.everyMs);
    const timer = setTimeout(() => {
      clearInterval(tick);
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(tick);
      clearTimeout(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
  });
}

/** Opens `count` sockets to `url`; each is read (and dropped), so that a server's hang-up is seen. */
export async function openSockets(url: string, count: number): Promise<Socket[]> {
  const { port, hostname } = new URL(url);
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((resolve) => {
          const socket = connect(Number(port), hostname, () => resolve(socket));
          socket.on('error', () => resolve(socket));
          socket.resume();
        }),
    ),
  );
}

/** Resolves with how many of `sockets` the server has hung up on after `ms`. */
export async function closedAfter(sockets: Socket[], ms: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return sockets.filter((s) => s.destroyed || s.readableEnded).length;
}

/** A process's resident memory in MB (Linux: /proc; elsewhere undefined). */
export function rssMb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** One request with any headers (Host too, which fetch will not send as given); resolves with the whole answer. */
export function send(options: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(options.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: options.method ?? 'POST', headers: options.headers ?? {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
