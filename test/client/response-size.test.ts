import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPodcastClient, ResponseTooLargeError } from '../../generated/index.js';
import { envelope } from '../helpers/loopback.js';

const API_KEY = 'secret-key-0e5d7a44';
const MiB = 1024 * 1024;
const chunk = Buffer.alloc(64 * 1024, 0x20);

interface Streaming {
  url: string;
  /** Bytes the server managed to hand to its socket. */
  written(): number;
  /** Resolves when the client's connection closes. */
  closed: Promise<void>;
  server: Server;
}

const running: Server[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/** A server whose answer never ends: it writes as fast as the client reads (backpressure kept), until the socket closes. */
async function endless(status = 200, headers: Record<string, string> = {}): Promise<Streaming> {
  let written = 0;
  let closedResolve: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (closedResolve = resolve));
  const server = createServer((_req, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.socket?.on('close', closedResolve);
    res.write('{"code":0,"data":"');
    const pump = () => {
      while (!res.destroyed) {
        written += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
  running.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, written: () => written, closed, server };
}

/** A server answering `body` with the given headers. */
async function fixed(body: string, headers: Record<string, string> = {}): Promise<{ url: string; closed: Promise<void> }> {
  let closedResolve: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (closedResolve = resolve));
  const server = createServer((_req, res) => {
    res.socket?.on('close', closedResolve);
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.write(body);
    // Leave the answer open: a client that trusts Content-Length would wait for the rest.
  });
  running.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, closed };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('maxResponseBytes', () => {
  it('an endless body stops at the cap: a ResponseTooLargeError, the connection closed, little read', async () => {
    const server = await endless();
    const client = createPodcastClient({ apiKey: API_KEY, baseUrl: server.url, maxResponseBytes: MiB, timeoutMs: 10_000, maxRetries: 0 });
    const heapBefore = process.memoryUsage().arrayBuffers;
    const started = performance.now();
    const error = await caught(client.quotaSummary());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ operationId: 'quotaSummary', status: 200, limit: MiB });
    expect((error as Error).message).toBe('quotaSummary: the response body is larger than maxResponseBytes (1048576 bytes)');
    await server.closed;
    expect(performance.now() - started).toBeLessThan(5_000);
    // What the server got onto the wire is the cap plus the socket buffers, not the whole stream.
    expect(server.written()).toBeLessThan(16 * MiB);
    expect(process.memoryUsage().arrayBuffers - heapBefore).toBeLessThan(32 * MiB);
  });

  it('an endless failure body is capped too', async () => {
    const server = await endless(500);
    const client = createPodcastClient({ apiKey: API_KEY, baseUrl: server.url, maxResponseBytes: MiB, timeoutMs: 10_000, maxRetries: 0 });
    expect(await caught(client.quotaSummary())).toMatchObject({ name: 'ResponseTooLargeError', status: 500 });
    await server.closed;
    expect(server.written()).toBeLessThan(16 * MiB);
  });

  it('a Content-Length over the cap is refused before the body is read', async () => {
    const server = await fixed('{"code":0', { 'content-length': String(10 * 1024 * MiB) });
    const client = createPodcastClient({ apiKey: API_KEY, baseUrl: server.url, maxResponseBytes: MiB, timeoutMs: 10_000, maxRetries: 0 });
    const started = performance.now();
    const error = await caught(client.quotaSummary());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ status: 200, limit: MiB, contentLength: 10 * 1024 * MiB });
    await server.closed;
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('a body of exactly the cap is read whole', async () => {
    const whole = JSON.stringify(envelope({ plan_id: 1, plan_name: 'x'.repeat(1000) }));
    const server = await fixed(whole, { 'content-length': String(Buffer.byteLength(whole)) });
    const client = createPodcastClient({ apiKey: API_KEY, baseUrl: server.url, maxResponseBytes: Buffer.byteLength(whole), maxRetries: 0 });
    expect(await client.quotaSummary()).toMatchObject({ plan_id: 1 });
    const smaller = createPodcastClient({ apiKey: API_KEY, baseUrl: server.url, maxResponseBytes: Buffer.byteLength(whole) - 1, maxRetries: 0 });
    expect(await caught(smaller.quotaSummary())).toBeInstanceOf(ResponseTooLargeError);
  });
});
