/**
 * The TanStack Query output's infinite queries in a real QueryClient (TanStack Query's own, in Node),
 * against the generated mock of test/fixtures/paging/styles.yaml, which serves each paged
 * operation's list page by page in its own style (a Link header, the last item's id, an offset, a
 * cursor the page gives, a page number): every item once over the right number of requests, each
 * page through the client, the next one as the client's `.pages()` finds it; the walk's guard stops
 * an API that goes round, with the error that says so; the keys select the infinite queries too.
 */
import { InfiniteQueryObserver, QueryClient, type QueryKey } from '@tanstack/react-query';
import { QueryClient as VueQueryClient } from '@tanstack/vue-query';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { itemsOf, PAGE_ITEMS, PAGED_CASES, PAGED_LISTS } from '../helpers/paged-lists.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { removeOutputs, writeOutput } from '../helpers/query-and-msw.js';

const N = PAGE_ITEMS;

/** An infinite query's options, as the tests read them. */
interface InfiniteOptions {
  queryKey: QueryKey;
  initialPageParam: unknown;
}
/** A page as the infinite query holds it. */
interface Page {
  items: unknown[];
  index: number;
  status: number;
  next?: unknown;
}
type Builder = (core: unknown, params?: Record<string, unknown>) => InfiniteOptions;
interface Mock {
  url: string;
  requests: { operationId?: string; query: Record<string, unknown> }[];
  close(): Promise<void>;
}

let react: Record<string, unknown>;
let vue: Record<string, unknown>;
let createCore: (options: object) => unknown;
let mock: Mock;
const clients: QueryClient[] = [];

beforeAll(async () => {
  const { folder } = await writeOutput('infinite-queries', {
    spec: join(FIXTURE_DOCS, 'paging', 'styles.yaml'),
    name: 'pager',
    outputs: ['client', 'mock', 'tanstack-query'],
    'tanstack-query': { frameworks: ['react', 'vue'] },
  });
  const load = (path: string) => import(pathToFileURL(join(folder, path)).href) as Promise<Record<string, unknown>>;
  const [client, mockModule] = await Promise.all([load('client.ts'), load('mock/index.ts')]);
  [react, vue] = await Promise.all([load('tanstack-query/react.ts'), load('tanstack-query/vue.ts')]);
  createCore = client['createPagerCore'] as typeof createCore;
  const start = mockModule['startMockServer'] as (options: object) => Promise<Mock>;
  mock = await start({ fixtures: Object.fromEntries(Object.entries(PAGED_LISTS).map(([id, response]) => [id, { response }])) });
}, 60_000);
afterAll(async () => {
  await mock?.close();
  removeOutputs();
});
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

function queryClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  return client;
}

/** `<method>InfiniteQueryOptions(core, params)` of a module. */
function infinite(module: Record<string, unknown>, id: string, core: unknown, params?: Record<string, unknown>): InfiniteOptions {
  return (module[`${id}InfiniteQueryOptions`] as Builder)(core, params);
}

describe.each(PAGED_CASES)('the infinite query of %s, against the mock', (id, input) => {
  it(`gives exactly ${N} items in pages of 3 over 3 requests, then has no next page`, async () => {
    const before = mock.requests.length;
    const client = queryClient();
    const options = infinite(react, id, createCore({ baseUrl: mock.url }), input);
    const data = (await client.fetchInfiniteQuery({ ...options, pages: 10 } as never)) as { pages: Page[] };
    expect(data.pages.map((page) => page.items.length)).toStrictEqual([3, 3, 1]);
    expect(data.pages.flatMap((page) => page.items)).toStrictEqual(itemsOf(id));
    expect(data.pages.map((page) => page.index)).toStrictEqual([0, 1, 2]);
    expect(data.pages.at(-1)?.next).toBeUndefined();
    expect(mock.requests.slice(before).map((r) => r.operationId)).toStrictEqual([id, id, id]);
  });

  it('asks for one page at a time, as fetchNextPage asks', async () => {
    const observer = new InfiniteQueryObserver(queryClient(), infinite(react, id, createCore({ baseUrl: mock.url }), input) as never);
    const before = mock.requests.length;
    await observer.refetch();
    let result = observer.getCurrentResult();
    expect([result.data?.pages.length, result.hasNextPage, mock.requests.length - before]).toStrictEqual([1, true, 1]);
    await observer.fetchNextPage();
    result = await observer.fetchNextPage();
    expect([result.data?.pages.length, result.hasNextPage, mock.requests.length - before]).toStrictEqual([3, false, 3]);
  });
});

describe('an infinite query', () => {
  it('is the same through the Vue adapter', async () => {
    const core = createCore({ baseUrl: mock.url });
    const [fromReact, fromVue] = [react, vue].map((module) => infinite(module, 'listTracks', core, { limit: 3 }));
    expect(fromVue?.queryKey).toStrictEqual(fromReact?.queryKey);
    const client = new VueQueryClient({ defaultOptions: { queries: { retry: false } } });
    const data = (await client.fetchInfiniteQuery({ ...fromVue, pages: 10 } as never)) as { pages: Page[] };
    expect(data.pages.flatMap((page) => page.items)).toStrictEqual(itemsOf('listTracks'));
    client.clear();
  });

  it('has a key of its own beside the query’s, which the operation’s and the API’s keys select too', async () => {
    const core = createCore({ baseUrl: mock.url });
    const options = infinite(react, 'listTracks', core, { limit: 3 });
    const plain = (react['listTracksQueryOptions'] as Builder)(core, { limit: 3 });
    expect(options.queryKey).toStrictEqual(['pager', { operationId: 'listTracks', tags: {}, infinite: true }, { limit: 3 }]);
    expect(options.queryKey).not.toStrictEqual(plain.queryKey);
    const client = queryClient();
    await client.fetchInfiniteQuery(options as never);
    const keys = react['pagerKeys'] as { all: QueryKey; operation(id: string): QueryKey };
    await client.invalidateQueries({ queryKey: keys.operation('listTracks'), refetchType: 'none' });
    expect(client.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
  });

  it('stops an API that gives the same page again, with the error that says so: a page of the same items', async () => {
    // An API that ignores what asks for the next page: every answer is the first page, with a Link to a next.
    let asked = 0;
    const same: typeof globalThis.fetch = async () =>
      Response.json(itemsOf('listIssues').slice(0, 3), { headers: { link: `<${mock.url}/repos/octo/issues?page=${++asked + 1}>; rel="next"` } });
    const observer = new InfiniteQueryObserver(
      queryClient(),
      infinite(react, 'listIssues', createCore({ baseUrl: mock.url, fetch: same }), { owner: 'octo' }) as never,
    );
    await observer.refetch();
    const result = await observer.fetchNextPage();
    expect(result.isFetchNextPageError).toBe(true);
    expect(result.error).toMatchObject({ name: 'PaginationError' });
    expect(String((result.error as Error).message)).toBe(
      'listIssues: page 2 repeats the items of page 1: the API does not move to the next page, and the walk would not end',
    );
    expect(result.data?.pages).toHaveLength(1);
  });

  it('…and an address it gave before: the page that gave it is kept, the next one fails saying why', async () => {
    let page = 0;
    const circle: typeof globalThis.fetch = async () => {
      page++;
      return Response.json([{ id: page, title: `issue ${page}` }], { headers: { link: `<${mock.url}/repos/octo/issues?page=2>; rel="next"` } });
    };
    const observer = new InfiniteQueryObserver(
      queryClient(),
      infinite(react, 'listIssues', createCore({ baseUrl: mock.url, fetch: circle }), { owner: 'octo' }) as never,
    );
    await observer.refetch();
    let result = await observer.fetchNextPage();
    expect([result.data?.pages.length, result.hasNextPage, result.isError]).toStrictEqual([2, true, false]);
    result = await observer.fetchNextPage();
    expect(result.isFetchNextPageError).toBe(true);
    expect((result.error as Error).message).toBe('listIssues: the API gave the address of an earlier page again: the walk would go round, so it stops');
    // Nothing was sent for the page that would go round.
    expect(page).toBe(2);
  });
});
