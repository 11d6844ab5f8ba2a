/**
 * The MSW handlers of paged operations serve the list page by page, as the mock does (both with
 * fixtures/pages.ts): the generated client walks each style of test/fixtures/paging/styles.yaml on
 * them, exactly N items over the right number of requests, a list given by `{ data }` as the
 * fixture's would be.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemsOf, PAGE_ITEMS, PAGED_CASES, PAGED_LISTS } from '../helpers/paged-lists.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { removeOutputs, writeOutput } from '../helpers/query-and-msw.js';

const N = PAGE_ITEMS;

interface Walkable extends Promise<unknown> {
  items(options?: { maxItems?: number }): AsyncIterable<unknown>;
}
type Method = (params?: Record<string, unknown>) => Walkable;

const server = setupServer();
const seen: string[] = [];
let client: Record<string, Method>;
let handlers: (options: { overrides: Record<string, unknown> }) => HttpHandler[];

beforeAll(async () => {
  const { folder } = await writeOutput('msw-paging', { spec: join(FIXTURE_DOCS, 'paging', 'styles.yaml'), name: 'pager', outputs: ['client', 'msw'] });
  const load = (path: string) => import(pathToFileURL(join(folder, path)).href) as Promise<Record<string, unknown>>;
  const [index, msw] = await Promise.all([load('client.ts'), load('msw/index.ts')]);
  client = (index['createPagerClient'] as (options: object) => Record<string, Method>)({ baseUrl: 'https://pager.example.com', maxRetries: 0 });
  handlers = msw['createPagerHandlers'] as typeof handlers;
  server.events.on('request:start', ({ request }) => void seen.push(new URL(request.url).search));
  server.listen({ onUnhandledRequest: 'error' });
}, 60_000);
afterAll(() => {
  server.close();
  removeOutputs();
});

describe.each(PAGED_CASES)('%s, walked on its MSW handler', (id, input) => {
  it(`gives exactly ${N} items over 3 requests of 3 items`, async () => {
    server.resetHandlers(...handlers({ overrides: { [id]: { data: PAGED_LISTS[id]?.body } } }));
    seen.length = 0;
    const items: unknown[] = [];
    for await (const item of (client[id] as Method)(input).items()) items.push(item);
    expect(items).toStrictEqual(itemsOf(id));
    expect(seen).toHaveLength(3);
  });
});

describe("a paged operation's fixture", () => {
  it('is served page by page too: the first page holds as many items as asked for, at most', async () => {
    server.resetHandlers(...handlers({ overrides: {} }));
    const first = (await (client['listTracks'] as Method)({ limit: 1 })) as { items: unknown[] };
    expect(first.items.length).toBeLessThanOrEqual(1);
  });
});
