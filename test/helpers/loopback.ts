import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the loopback server received it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** performance.now() when it arrived. */
  at: number;
}

/** What a handler answers: status, headers and a body (an object is sent as JSON). */
export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Never answer (the client must time out). */
  hang?: boolean;
  /** Destroy the connection without answering. */
  reset?: boolean;
  /** Written on the socket as it is, then the connection closed: an answer node:http refuses to send. */
  raw?: string;
}

export type Handler = (request: SeenRequest, index: number) => Answer | Promise<Answer>;

/** A real HTTP server on 127.0.0.1 that records requests and answers through a handler. */
export async function startLoopback(handler: Handler): Promise<{ url: string; requests: SeenRequest[]; close(): Promise<void> }> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const all = url.searchParams.getAll(key);
      query[key] = all.length === 1 ? (all[0] as string) : all;
    }
    const seen: SeenRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      at: performance.now(),
    };
    requests.push(seen);
    const answer = await handler(seen, requests.length - 1);
    if (answer.hang) return;
    if (answer.reset) {
      req.socket.destroy();
      return;
    }
    if (answer.raw !== undefined) {
      req.socket.end(answer.raw);
      return;
    }
    const isText = typeof answer.body === 'string';
    res.writeHead(answer.status ?? 200, { 'content-type': isText ? 'text/plain' : 'application/json', ...answer.headers });
    res.end(answer.body === undefined ? '' : isText ? (answer.body as string) : JSON.stringify(answer.body));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The envelope of a successful answer. */
export function envelope(data: unknown, rid = 'rid-test-1'): Record<string, unknown> {
  return { code: 0, msg: 'success', cause: '', data, details: {}, rid };
}
