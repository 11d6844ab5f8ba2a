/**
 * The generated client's walk of pages against the generated mock, which serves each paged
 * operation's fixture list page by page in the operation's own style (test/fixtures/paging/styles.yaml:
 * a Link header, a cursor of the last id, an offset, a cursor the page gives, a page number):
 * exactly N items over the right number of requests, and the bounds honoured.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { itemsOf, PAGE_ITEMS, PAGED_CASES, PAGED_LISTS } from '../helpers/paged-lists.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';

const OUT = join(ROOT, 'test', '.tmp', 'paging-client');
const N = PAGE_ITEMS;

interface Walkable extends Promise<unknown> {
  items(options?: { maxItems?: number; maxPages?: number }): AsyncIterable<unknown>;
  pages(options?: { maxItems?: number; maxPages?: number }): AsyncIterable<{ items: unknown[]; index: number }>;
}
type Method = (params?: Record<string, unknown>) => Walkable;
interface Mock {
  url: string;
  requests: { operationId?: string; query: Record<string, unknown> }[];
  close(): Promise<void>;
}
let client: Record<string, Method>;
let mock: Mock;

beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true });
  await generate({ spec: join(FIXTURE_DOCS, 'paging', 'styles.yaml'), out: OUT, name: 'pager' });
  const load = async <T>(path: string) => (await import(pathToFileURL(join(OUT, path)).href)) as T;
  const { createPagerClient } = await load<{ createPagerClient(o: object): Record<string, Method> }>('index.ts');
  const { startMockServer } = await load<{ startMockServer(o: object): Promise<Mock> }>('mock/index.ts');
  mock = await startMockServer({ fixtures: Object.fromEntries(Object.entries(PAGED_LISTS).map(([id, response]) => [id, { response }])) });
  client = createPagerClient({ baseUrl: mock.url });
}, 60_000);
afterAll(async () => {
  await mock?.close();
  rmSync(OUT, { recursive: true, force: true });
});

describe.each(PAGED_CASES)('%s, walked on the mock', (id, input) => {
  it(`gives exactly ${N} items over 3 requests of 3 items`, async () => {
    const before = mock.requests.length;
    const items: unknown[] = [];
    for await (const item of (client[id] as Method)(input).items()) items.push(item);
    expect(items).toStrictEqual(itemsOf(id));
    expect(mock.requests.slice(before).map((r) => r.operationId)).toStrictEqual([id, id, id]);
  });

  it('honours maxItems and maxPages: no page asked for beyond them', async () => {
    let before = mock.requests.length;
    const items: unknown[] = [];
    for await (const item of (client[id] as Method)(input).items({ maxItems: 4 })) items.push(item);
    expect([items, mock.requests.length - before]).toStrictEqual([itemsOf(id).slice(0, 4), 2]);
    before = mock.requests.length;
    const pages: number[] = [];
    for await (const page of (client[id] as Method)(input).pages({ maxPages: 1 })) pages.push(page.items.length);
    expect([pages, mock.requests.length - before]).toStrictEqual([[3], 1]);
  });
});

describe('a paged method', () => {
  it('still resolves to its first page, as the call it was', async () => {
    expect(await (client['listTracks'] as Method)({ limit: 2 })).toStrictEqual({ total: N, items: itemsOf('listTracks').slice(0, 2) });
  });
});
