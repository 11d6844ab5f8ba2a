/** The traffic of `npm run bench:load` (bench/load.ts): callers, slow sockets, unfinished bodies, malformed messages. */
import type { ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';

/** How much of each load to run. */
export interface LoadScale {
  /** Concurrent callers of the first load, and the requests they make in all. */
  callers: number;
  requests: number;
  /** Sockets of the slow-headers attack, how long it lasts, and the callers calling meanwhile. */
  slowSockets: number;
  slowMs: number;
  slowCallers: number;
  /** Oversized requests, how many at once, and how many bytes each sends at most. */
  oversized: number;
  oversizedAtOnce: number;
  oversizedBytes: number;
  /** Malformed requests, and the callers sending them. */
  malformed: number;
  malformedCallers: number;
}

/** A request of a load: what to send, and to which server. */
export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** A running server process. */
export interface Target {
  name: 'mock' | 'mcp --http';
  url: URL;
  child: ChildProcess;
  /** A normal request (answered 200 by a healthy server). */
  normal: Call;
  /** Headers of an authorized request. */
  credential: Record<string, string>;
  /** Path that takes a body. */
  bodyPath: string;
}

const GIB = 1024 ** 3;

/** `callers` callers on kept-alive connections, each taking the next call until `requests` are made (or `until`). */
export async function callers(options: {
  target: Target;
  callers: number;
  requests: number;
  until?: () => boolean;
  next(): Call;
}): Promise<{ latencies: number[]; statuses: Record<string, number> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.callers });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let made = 0;
  const caller = async () => {
    while (made < options.requests && !options.until?.()) {
      made++;
      const started = performance.now();
      const status = await send(options.target, options.next(), agent).then(
        (r) => String(r.status),
        () => 'error',
      );
      latencies.push(performance.now() - started);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: options.callers }, caller));
  agent.destroy();
  return { latencies, statuses };
}

/** Sockets that send one header line every 500 ms and never finish, while callers keep calling. */
export async function slowHeaders(target: Target, scale: LoadScale): Promise<{ latencies: number[]; statuses: Record<string, number>; note: string }> {
  const started = Date.now();
  const cutAfter: number[] = [];
  const sockets: Socket[] = [];
  for (let i = 0; i < scale.slowSockets; i++) {
    const socket = connect(Number(target.url.port), target.url.hostname);
    socket.on('error', () => {});
    socket.on('close', () => cutAfter.push(Date.now() - started));
    socket.write(`POST ${target.bodyPath} HTTP/1.1\r\nHost: ${target.url.host}\r\n`);
    socket.resume();
    sockets.push(socket);
  }
  const drip = setInterval(() => {
    for (const socket of sockets) if (!socket.destroyed) socket.write(`X-Slow-${Date.now()}: 1\r\n`);
  }, 500);
  const deadline = Date.now() + scale.slowMs;
  const result = await callers({
    target,
    callers: scale.slowCallers,
    requests: Number.MAX_SAFE_INTEGER,
    until: () => Date.now() > deadline,
    next: () => target.normal,
  });
  clearInterval(drip);
  const cut = cutAfter.length;
  for (const socket of sockets) socket.destroy();
  const median = [...cutAfter].sort((a, b) => a - b)[Math.floor(cutAfter.length / 2)];
  return {
    ...result,
    note: `${cut} of ${scale.slowSockets} slow sockets cut by the server within ${(scale.slowMs / 1000).toFixed(1)} s${median !== undefined ? ` (median after ${(median / 1000).toFixed(1)} s)` : ''}`,
  };
}

/** Bodies of 1 GiB declared (or streamed without a length), without and with the credential, never finished. */
export async function oversized(target: Target, scale: LoadScale): Promise<{ latencies: number[]; statuses: Record<string, number>; note: string }> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let made = 0;
  let sentMost = 0;
  const worker = async () => {
    while (made < scale.oversized) {
      const kind = made++ % 3;
      const headers = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(kind === 0 ? {} : target.credential),
        ...(kind === 2 ? {} : { 'content-length': String(GIB) }),
      };
      const started = performance.now();
      const answer = await postUnfinished(target, headers, scale.oversizedBytes);
      latencies.push(performance.now() - started);
      sentMost = Math.max(sentMost, answer.sentBytes);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: scale.oversizedAtOnce }, worker));
  return {
    latencies,
    statuses,
    note: `every answer came after at most ${(sentMost / 1024 ** 2).toFixed(1)} MiB of the 1 GiB had been written (into socket buffers)`,
  };
}

/** Bodies that are not JSON, not JSON-RPC, or JSON-RPC of the wrong shape. */
export async function malformed(target: Target, scale: LoadScale): Promise<{ latencies: number[]; statuses: Record<string, number> }> {
  const message = (value: unknown) => JSON.stringify(value);
  const bodies = [
    '{',
    '',
    'null',
    '[]',
    '"tools/list"',
    message({ jsonrpc: '2.0' }),
    message({ jsonrpc: '1.0', id: 1, method: 'tools/list' }),
    message({ jsonrpc: '2.0', id: { nested: true }, method: 'tools/list' }),
    message({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: { not: 'a string' } } }),
    message({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } }),
    message({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'podcast_quota_summary', arguments: 'not an object' } }),
    message(Array.from({ length: 150 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/list' }))),
    `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
    message({ jsonrpc: '2.0', id: 'x'.repeat(100_000), method: 'tools/list' }),
  ];
  let at = 0;
  return callers({
    target,
    callers: scale.malformedCallers,
    requests: scale.malformed,
    next: () => {
      const body = bodies[at++ % bodies.length] as string;
      const wrongType = at % bodies.length === 0;
      return {
        method: 'POST',
        path: target.bodyPath,
        headers: { ...target.credential, 'content-type': wrongType ? 'text/plain' : 'application/json', accept: 'application/json, text/event-stream' },
        body,
      };
    },
  });
}

export function send(target: Target, call: Call, agent: Agent): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.url.hostname,
        port: target.url.port,
        path: call.path,
        method: call.method,
        headers: call.body === undefined ? call.headers : { ...call.headers, 'content-length': String(Buffer.byteLength(call.body)) },
        agent,
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(call.body);
  });
}

/** POSTs up to `bytes` of a body that is never finished; resolves with the answer and the bytes sent by then. */
function postUnfinished(target: Target, headers: Record<string, string>, bytes: number): Promise<{ status: string; sentBytes: number }> {
  return new Promise((resolve) => {
    const req = request({ host: target.url.hostname, port: target.url.port, path: target.bodyPath, method: 'POST', headers, agent: false });
    let sentBytes = 0;
    let settled = false;
    const finish = (status: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ status, sentBytes });
    };
    const timer = setTimeout(() => finish('no answer in 30 s'), 30_000);
    req.on('response', (res) => {
      const at = sentBytes;
      res.resume();
      res.on('end', () => {
        sentBytes = at;
        finish(String(res.statusCode));
      });
    });
    req.on('error', () => setTimeout(() => finish('error'), 500));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = (): void => {
      while (!settled && sentBytes < bytes) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
    };
    req.flushHeaders();
    pump();
  });
}
