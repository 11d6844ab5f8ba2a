import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../generator/index.js';
import { startLoopback } from '../helpers/loopback.js';
import { clientOnOwnMock } from './document-roundtrip.js';
import { useOas32Outputs } from './oas32-documents.js';

type Module = Record<string, unknown>;
type Method = (...args: unknown[]) => Promise<unknown> & { withResponse(): Promise<{ attempts: number }> };
type Api = Record<string, Method>;
interface Recorded {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  status?: number;
}
interface Mock {
  url: string;
  close(): Promise<void>;
}

/** Compiled by TypeScript 7 in oas32.compat.test.ts. */
describe('OpenAPI 3.2 documents: generated with the defaults, the client on its own mock', () => {
  const { outs, problems } = useOas32Outputs('oas32');
  const load = async (name: string, path: string) => (await import(pathToFileURL(join(outs.get(name) as string, path)).href)) as Module;

  /** The features document's client on its mock, every request the mock answered recorded. */
  async function featuresOnMock(): Promise<{ api: Api; seen: Recorded[]; close(): Promise<void> }> {
    const { startMockServer } = (await load('features-3.2.yaml', 'mock/index.ts')) as { startMockServer(options: object): Promise<Mock> };
    const { createPodcastClient } = (await load('features-3.2.yaml', 'client.ts')) as { createPodcastClient(options: object): Api };
    const seen: Recorded[] = [];
    const server = await startMockServer({ onRequest: (r: Recorded) => seen.push(r) });
    return { api: createPodcastClient({ baseUrl: server.url, apiKey: 'key-1234' }), seen, close: () => server.close() };
  }

  it('generates each document with no warning that something is left out', () => {
    const said = [...problems].flatMap(([name, list]) => list.filter((p) => /not-generated/.test(p.code)).map((p) => `${name}: ${formatProblem(p)}`));
    expect(said).toStrictEqual([]);
    const operations = readFileSync(join(outs.get('features-3.2.yaml') as string, 'operations.ts'), 'utf8');
    expect([...operations.matchAll(/\bmethod: "(\w+)"/g)].map((m) => m[1])).toStrictEqual(['QUERY', 'COPY', 'GET', 'GET', 'GET', 'GET', 'GET']);
  });

  it("completes every operation's fixture with the generated client against the generated mock", async () => {
    for (const [name, out] of outs) {
      const { called, failed } = await clientOnOwnMock(out);
      expect(failed, name).toStrictEqual([]);
      expect(called.length, name).toBeGreaterThan(0);
    }
  }, 60_000);

  it('sends QUERY with its JSON body, and an additional operation with its method as written', async () => {
    const { api, seen, close } = await featuresOnMock();
    try {
      expect(await api.searchItems?.({ name: 'lamp', minPrice: 2 })).toHaveLength(2);
      expect(await api.copyItems?.({ destination: 'archive' })).toStrictEqual({ count: expect.any(Number) });
      expect(seen.map((r) => [r.method, r.path, r.status])).toStrictEqual([
        ['QUERY', '/items', 200],
        ['COPY', '/items', 200],
      ]);
      expect(seen[0]?.body).toStrictEqual({ name: 'lamp', minPrice: 2 });
      // The mock validates the QUERY body as it does a POST's: a negative price is refused.
      await expect(api.searchItems?.({ name: 'lamp', minPrice: -1 }, { validate: 'off' })).rejects.toMatchObject({ status: 400 });
    } finally {
      await close();
    }
  });

  it('writes a querystring parameter as the whole query string, which the mock reads back and validates', async () => {
    const { api, seen, close } = await featuresOnMock();
    try {
      await api.findItems?.({ filter: { name: 'a b&c', minPrice: 3 } });
      await api.selectItems?.({ selector: { ids: [1, 2] } });
      expect(seen.map((r) => [r.path, r.query, r.status])).toStrictEqual([
        ['/items/find', { name: 'a b&c', minPrice: '3' }, 200],
        ['/items/select', { '{"ids":[1,2]}': '' }, 200],
      ]);
      // Both sides check it: the client before sending, the mock (coercing the form's text) after.
      await expect(api.findItems?.({ filter: { minPrice: -5 } })).rejects.toMatchObject({
        name: 'RequestValidationError',
        issues: [{ path: ['filter', 'minPrice'] }],
      });
      await expect(api.findItems?.({ filter: { minPrice: -5 } }, { validate: 'off' })).rejects.toMatchObject({ status: 400 });
      await expect(api.selectItems?.({ selector: { ids: ['x'] } }, { validate: 'off' })).rejects.toMatchObject({ status: 400 });
    } finally {
      await close();
    }
  });

  it('reads each streamed response (JSON Lines, server-sent events, JSON text sequence) item by item, validated', async () => {
    const { api, close } = await featuresOnMock();
    const { fixtures } = (await load('features-3.2.yaml', 'fixtures/index.ts')) as {
      fixtures: Record<string, { response: { body: string; headers: Record<string, string> } }>;
    };
    const collect = async (items: unknown) => {
      const all: unknown[] = [];
      for await (const item of items as AsyncIterable<unknown>) all.push(item);
      return all;
    };
    try {
      const lines = fixtures.streamItems?.response.body
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown);
      expect(await collect(await api.streamItems?.({ limit: 2 }))).toStrictEqual(lines);
      expect(fixtures.streamItems?.response.headers).toStrictEqual({ 'content-type': 'application/jsonl' });
      const sequence = fixtures.sequenceItems?.response.body
        .split('\u001e')
        .filter(Boolean)
        .map((r) => JSON.parse(r) as unknown);
      expect(await collect(await api.sequenceItems?.())).toStrictEqual(sequence);
      const events = (await collect(await api.watchItems?.())) as Record<string, unknown>[];
      expect(events).toHaveLength(2);
      for (const event of events) expect(Object.keys(event).sort()).toStrictEqual(['data', 'event', 'id', 'retry']);
      expect(fixtures.watchItems?.response.body).toContain(`data: ${String(events[0]?.data)}\n`);
    } finally {
      await close();
    }
  });

  it('yields an item before the stream ends, stops the stream when the loop breaks, and names a bad item by its index', async () => {
    const { createPodcastClient } = (await load('features-3.2.yaml', 'client.ts')) as { createPodcastClient(options: object): Api };
    let open: ServerResponse | undefined;
    let closed = false;
    let eventsAccept: string | undefined;
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': req.url?.startsWith('/items/events') ? 'text/event-stream' : 'application/jsonl' });
      if (req.url?.startsWith('/items/events')) {
        eventsAccept = req.headers.accept;
        // CRLF line ends, a comment, a data field over two lines, and a chunk split inside a line.
        res.write(': hello\r\nevent: change\r\ndata: first\r\ndata: sec');
        res.end('ond\r\nid: 7\r\n\r\ndata: {"x":1}\n\n');
        return;
      }
      if (req.url?.includes('limit=3')) {
        res.end('{"id":1,"name":"a","price":null}\n{"id":"two","name":"b","price":1}\n');
        return;
      }
      open = res;
      res.on('close', () => {
        closed = true;
      });
      res.write('{"id":1,"name":"a","price":2}\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const api = createPodcastClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'key-1234' });
    try {
      // The server holds the response open after one line: the item arrives all the same.
      const items = (await api.streamItems?.({ limit: 1 })) as AsyncIterable<{ id: number }>;
      for await (const item of items) {
        expect(item).toStrictEqual({ id: 1, name: 'a', price: 2 });
        break;
      }
      await new Promise<void>((resolve) => (closed ? resolve() : open?.on('close', () => resolve())));
      expect(closed).toBe(true);
      const seen: unknown[] = [];
      const failing = async () => {
        for await (const item of (await api.streamItems?.({ limit: 3 })) as AsyncIterable<unknown>) seen.push(item);
      };
      await expect(failing()).rejects.toMatchObject({ name: 'ResponseValidationError', issues: [{ path: [1, 'id'] }] });
      expect(seen).toStrictEqual([{ id: 1, name: 'a', price: null }]);
      const events: unknown[] = [];
      for await (const event of (await api.watchItems?.()) as AsyncIterable<unknown>) events.push(event);
      expect(events).toStrictEqual([{ event: 'change', data: 'first\nsecond', id: '7' }, { data: '{"x":1}' }]);
      expect(eventsAccept).toBe('text/event-stream');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('retries QUERY after a reset connection (safe and idempotent), never an unknown method such as COPY', async () => {
    const { createPodcastClient } = (await load('features-3.2.yaml', 'client.ts')) as { createPodcastClient(options: object): Api };
    const server = await startLoopback((request, index) => (index === 0 || request.method === 'COPY' ? { reset: true } : { body: [] }));
    try {
      const api = createPodcastClient({ baseUrl: server.url, apiKey: 'key-1234', maxRetryWaitMs: 100 });
      expect((await api.searchItems?.({ name: 'a' }).withResponse())?.attempts).toBe(2);
      await expect(api.copyItems?.({ destination: 'x' })).rejects.toMatchObject({ name: 'ConnectionError' });
      expect(server.requests.map((r) => r.method)).toStrictEqual(['QUERY', 'QUERY', 'COPY']);
    } finally {
      await server.close();
    }
  });

  it('gives MCP tools the annotations of their method and, where tags nest, each tag with its path', () => {
    const { tools } = JSON.parse(readFileSync(join(outs.get('features-3.2.yaml') as string, 'mcp', 'tools.json'), 'utf8')) as {
      tools: { name: string; annotations: Record<string, boolean>; _meta: Record<string, { method: string; tags?: unknown }> }[];
    };
    const tool = (name: string) => tools.find((t) => t.name === name);
    expect(tool('search_items')?.annotations).toStrictEqual({ readOnlyHint: true, openWorldHint: true });
    expect(tool('copy_items')?.annotations).toStrictEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true });
    expect(tool('search_items')?._meta['dev.podcast-gen/operation']).toMatchObject({
      method: 'QUERY',
      tags: [{ name: 'search', path: ['catalog', 'search'], summary: 'Search', kind: 'nav' }],
    });
    expect(tool('copy_items')?._meta['dev.podcast-gen/operation']).toMatchObject({ method: 'COPY', tags: [{ name: 'catalog', path: ['catalog'] }] });
  });

  it('answers an MCP call of a streamed operation with its items (the SDK client over an in-memory transport)', async () => {
    const { Client, InMemoryTransport } = await import('@modelcontextprotocol/client');
    const { createPodcastMcpServer } = (await load('features-3.2.yaml', 'mcp/server.ts')) as {
      createPodcastMcpServer(client: Api): { connect(transport: unknown): Promise<void>; close(): Promise<void> };
    };
    const { fixtures } = (await load('features-3.2.yaml', 'fixtures/index.ts')) as { fixtures: Record<string, { response: { body: unknown } }> };
    const { api, close } = await featuresOnMock();
    const server = createPodcastMcpServer(api);
    const [near, far] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'oas32-test', version: '1.0.0' });
    try {
      await server.connect(far);
      await client.connect(near);
      const streamed = await client.callTool({ name: 'stream_items', arguments: { limit: 2 } });
      const lines = String(fixtures.streamItems?.response.body)
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown);
      expect(streamed.structuredContent).toStrictEqual({ data: lines });
      const queried = await client.callTool({ name: 'search_items', arguments: { name: 'lamp' } });
      expect(queried.structuredContent).toStrictEqual({ data: fixtures.searchItems?.response.body });
    } finally {
      await client.close();
      await server.close();
      await close();
    }
  });

  it('says where a stream is not read or written item by item, naming the method and path, and passes it as bytes', async () => {
    expect((problems.get('more-3.2.yaml') ?? []).filter((p) => p.code === 'model/stream-not-read').map(formatProblem)).toStrictEqual([
      expect.stringMatching(
        /more-3\.2\.yaml:40:15 +warn +model\/stream-not-read +GET \/items\/\{id\}\/parts: the items of its `multipart\/mixed` response \(itemSchema\) are not read one by one/,
      ),
      expect.stringMatching(
        /more-3\.2\.yaml:48:13 +warn +model\/stream-not-read +POST \/items\/import: its `application\/x-ndjson` request body \(itemSchema\) is not written item by item/,
      ),
    ]);
    const operations = readFileSync(join(outs.get('more-3.2.yaml') as string, 'operations.ts'), 'utf8');
    expect(operations).toMatch(/operationId: "itemParts",[\s\S]*?dataKind: "binary"/);
    // An additional operation without an operationId gets one made from its method and path.
    expect(operations).toMatch(/operationId: "linkItemsById",\n\s+methodName: "linkItemsById",\n\s+method: "LINK"/);
  });
});
