import { spawn } from 'node:child_process';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { ROOT } from '../../helpers/paths.js';

const PRISM = join(ROOT, 'node_modules', '.bin', 'prism');

/** A running `prism proxy`, started as a child process of this test. */
export interface PrismProxy {
  url: string;
  pid: number;
  /** What it has printed (its log names every request and violation). */
  output(): string;
  /** Stops it, by its pid. */
  stop(): Promise<void>;
}

/** One violation Prism found: where (`['response', 'body', 'id']`), how bad (`Error`, `Warning`), its code and message. */
export interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

/** A request that went through Prism, as the client saw its answer. */
export interface Exchange {
  /** The number the recorder gave the request, sent on as the header `x-recorded-exchange`. */
  id: number;
  method: string;
  path: string;
  requestHeaders: IncomingHttpHeaders;
  status: number;
  contentType?: string;
  /** The violations of Prism's `sl-violations` header. */
  violations: Violation[];
  body: string;
}

/** The header the recorder numbers each request with, which the mock records. */
export const EXCHANGE_HEADER = 'x-recorded-exchange';

/** Requests numbered by every recorder of the process, so that no two share a number. */
let recorded = 0;

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts `prism proxy <document> <upstream>` (with `--errors`: a violation is answered with Prism's
 * own problem instead of the upstream's answer) on a free port, and resolves once it listens.
 */
export async function startPrism(document: string, upstream: string, options: { errors: boolean }): Promise<PrismProxy> {
  const port = await freePort();
  const args = ['proxy', ...(options.errors ? ['--errors'] : []), '--host', '127.0.0.1', '--port', String(port), document, upstream];
  const child = spawn(PRISM, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error('prism did not start');
  const pid = child.pid;
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not listen within 90 s:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`prism exited before it listened:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      process.kill(pid, 'SIGTERM');
      const timer = setTimeout(() => child.exitCode === null && process.kill(pid, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * A pass-through in front of Prism that keeps every exchange with the violations Prism reported, as
 * a client that reads only the body (the generated client, `verify`) never shows them.
 */
export async function startRecorder(target: string): Promise<{ url: string; exchanges: Exchange[]; close(): Promise<void> }> {
  const exchanges: Exchange[] = [];
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const id = ++recorded;
    const headers = { ...req.headers, host: upstream.host, [EXCHANGE_HEADER]: String(id) };
    const forward = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        const violations = answer.headers['sl-violations'];
        exchanges.push({
          id,
          method: req.method ?? '',
          path: req.url ?? '',
          requestHeaders: req.headers,
          status: answer.statusCode ?? 0,
          ...(answer.headers['content-type'] === undefined ? {} : { contentType: answer.headers['content-type'] }),
          violations: typeof violations === 'string' ? (JSON.parse(violations) as Violation[]) : [],
          body: body.toString('utf8'),
        });
        const back = { ...answer.headers };
        delete back['transfer-encoding'];
        delete back.connection;
        delete back['keep-alive'];
        res.writeHead(answer.statusCode ?? 502, { ...back, 'content-length': String(body.length) }).end(req.method === 'HEAD' ? undefined : body);
      });
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Whether Prism made the answer itself (with `--errors`, a violation), not the upstream. */
export function madeByPrism(exchange: Exchange): boolean {
  return exchange.body.includes('https://stoplight.io/prism/errors#');
}
