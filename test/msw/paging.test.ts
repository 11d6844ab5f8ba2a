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
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { removeOutputs, writeOutput } from '../helpers/query-and-msw.js';

const N = 7;

interface Walkable extends Promise<unknown> {
  items(options?: { maxItems?: number }): AsyncIterable<unknown>;
}
type Method = (params?: Record<string, unknown>) => Walkable;

/** N items of each paged operation, as its payload holds them. */
const lists: Record<string, unknown> = {
  listIssues: Array.from({ length: N }, (_, i) => ({ id: i + 1, title: `issue ${i + 1}` })),
  listCharges: { object: 'list', has_more: false, data: Array.from({ length: N }, (_, i) => ({ id: `ch_${i + 1}`, amount: 100 * (i + 1) })) },
  listTracks: { total: N, items: Array.from({ length: N }, (_, i) => ({ name: `track ${i + 1}` })) },
  listEvents: { edges: Array.from({ length: N }, (_, i) => ({ name: `event ${i + 1}` })), pageInfo: {} },
  listAlbums: { albums: Array.from({ length: N }, (_, i) => ({ title: `album ${i + 1}` })) },
};
/** Each operation's input that asks for pages of 3. */
const CASES: [string, Record<string, unknown>][] = [
  ['listIssues', { owner: 'octo', per_page: 3 }],
  ['listCharges', { limit: 3 }],
  ['listTracks', { limit: 3 }],
  ['listEvents', { first: 3 }],
  ['listAlbums', { n: 3 }],
];

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

/** The items of a list, in order. */
function itemsOf(id: string): unknown[] {
  const body = lists[id];
  return Array.isArray(body) ? body : (Object.values(body as object).find(Array.isArray) as unknown[]);
}

describe.each(CASES)('%s, walked on its MSW handler', (id, input) => {
  it(`gives exactly ${N} items over 3 requests of 3 items`, async () => {
    server.resetHandlers(...handlers({ overrides: { [id]: { data: lists[id] } } }));
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
