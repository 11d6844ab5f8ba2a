/**
 * The MSW output of two test documents, with each document's generated client: paths MSW reads
 * otherwise than OpenAPI (a dashed parameter name, two parameters in one segment beside one alone),
 * answers that are not JSON (text, none, a stream of items), a relative server, and the methods MSW
 * has no function for (3.2's QUERY, an `additionalOperations` COPY).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeOutputs, writeOutput } from '../helpers/query-and-msw.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';

type Call = (params?: unknown, options?: unknown) => Promise<unknown>;

/** A document's client methods, its handlers' factory and its fixtures, from its generated output. */
interface Loaded {
  client: Record<string, Call>;
  handlers: (options?: { baseUrl?: string; overrides?: Record<string, unknown> }) => HttpHandler[];
  handler: (name: string) => (override?: unknown) => HttpHandler;
  fixtures: Record<string, { params: unknown; response: { body: unknown }; errors: { status: number; body: unknown }[] }>;
  baseUrl: string;
}

async function load(name: string, spec: string, createClient: string, createHandlers: string, clientOptions: Record<string, unknown>): Promise<Loaded> {
  const { folder } = await writeOutput(name, { spec, outputs: ['client', 'msw'] });
  const module = (path: string) => import(pathToFileURL(join(folder, path)).href) as Promise<Record<string, unknown>>;
  const [client, msw, fixtures] = await Promise.all([module('client.ts'), module('msw/index.ts'), module('fixtures/index.ts')]);
  return {
    client: (client[createClient] as (options: unknown) => Record<string, Call>)({ ...clientOptions, maxRetries: 0 }),
    handlers: msw[createHandlers] as Loaded['handlers'],
    handler: (handler) => msw[handler] as (override?: unknown) => HttpHandler,
    fixtures: fixtures['fixtures'] as Loaded['fixtures'],
    baseUrl: String(clientOptions['baseUrl']),
  };
}

const server = setupServer();
let shelf: Loaded;
let catalog: Loaded;

beforeAll(async () => {
  [shelf, catalog] = await Promise.all([
    load('msw-shelf', join(FIXTURE_DOCS, 'query', 'shelf.yaml'), 'createShelfClient', 'createShelfHandlers', { baseUrl: 'http://localhost:5173/api/v2' }),
    load('msw-catalog', join(FIXTURE_DOCS, 'versions', 'features-3.2.yaml'), 'createCatalogClient', 'createCatalogHandlers', {
      baseUrl: 'http://localhost',
      apiKey: 'k',
    }),
  ]);
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => {
  server.close();
  removeOutputs();
});

const data = (loaded: Loaded, id: string) => loaded.fixtures[id]?.response.body;

describe('the handlers of a document with a relative server and answers that are not JSON', () => {
  it('answer every operation on any origin with the server’s path, the more concrete path first', async () => {
    server.resetHandlers(...shelf.handlers());
    const { client } = shelf;
    expect(await client['listBooks']?.()).toStrictEqual(data(shelf, 'listBooks'));
    expect(await client['addBook']?.({ title: 'Emma' })).toStrictEqual(data(shelf, 'addBook'));
    expect(await client['getBook']?.({ 'book-id': 7 })).toStrictEqual(data(shelf, 'getBook'));
    // `/books/{id}.{ext}` before `/books/{book-id}`, which MSW would match too.
    expect(await client['exportBook']?.({ id: 7, ext: 'csv' })).toStrictEqual(data(shelf, 'exportBook'));
    expect(await client['deleteBook']?.({ 'book-id': 7 })).toBeUndefined();
    expect(await client['ping']?.()).toBe('pong');
  });

  it('give a resolver the path parameters by their MSW names (and the origin `*` matched, as `0`)', async () => {
    const seen: unknown[] = [];
    server.resetHandlers(
      shelf.handler('getBookHandler')(({ params }: { params: Record<string, string> }) => {
        seen.push({ ...params });
        return HttpResponse.json({ id: 9, title: 'Persuasion' });
      }),
    );
    expect(await shelf.client['getBook']?.({ 'book-id': 9 })).toStrictEqual({ id: 9, title: 'Persuasion' });
    expect(seen).toStrictEqual([{ '0': 'http://localhost:5173', book_id: '9' }]);
  });

  it('answer a declared error with its fixture, through createShelfHandlers’ overrides', async () => {
    server.resetHandlers(...shelf.handlers({ overrides: { addBook: { status: 409 } } }));
    const conflict = shelf.fixtures['addBook']?.errors.find((error) => error.status === 409);
    expect(conflict?.body).toMatchObject({ message: expect.any(String) });
    await expect(shelf.client['addBook']?.({ title: 'Emma' })).rejects.toMatchObject({ status: 409, body: conflict?.body });
    server.resetHandlers(...shelf.handlers({ overrides: { ping: { data: 'still here' } } }));
    expect(await shelf.client['ping']?.()).toBe('still here');
  });
});

describe('the handlers of a 3.2 document', () => {
  it('answer QUERY and COPY, which MSW has no function for, and no other method on their path', async () => {
    server.resetHandlers(...catalog.handlers());
    const { client } = catalog;
    expect(await client['searchItems']?.({ name: 'lamp' })).toStrictEqual(data(catalog, 'searchItems'));
    expect(await client['copyItems']?.({ destination: 'archive' })).toStrictEqual(data(catalog, 'copyItems'));
    const other = await fetch('http://localhost/items', { method: 'PATCH', headers: { 'X-Api-Key': 'k' } }).then(
      (r) => r.status,
      () => 'unhandled',
    );
    expect(other).toBe('unhandled');
  });

  it('answer a stream of items with its fixture, framed as on the wire', async () => {
    server.resetHandlers(...catalog.handlers());
    const items: unknown[] = [];
    for await (const item of (await catalog.client['streamItems']?.({ limit: 2 })) as AsyncIterable<unknown>) items.push(item);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
  });
});
