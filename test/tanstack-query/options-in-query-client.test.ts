/**
 * The TanStack Query output of the podcast document in a real QueryClient (TanStack Query's own,
 * in Node, no component): queries fetch through the generated client with the query's signal,
 * mutations run it, and the keys select what they say for invalidation.
 */
import { MutationObserver, QueryClient, type QueryKey } from '@tanstack/react-query';
import { QueryClient as VueQueryClient } from '@tanstack/vue-query';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../generated/fixtures/index.js';
import { generatedOutput, removeOutputs, type Described, type QueryModule } from '../helpers/query-and-msw.js';

const BASE_URL = 'https://api.example.com';

/** A request the stub API received. */
interface Received {
  method: string;
  path: string;
  idempotencyKey: string | null;
  signal: AbortSignal | undefined;
}

let react: QueryModule;
let vue: QueryModule;
let makeCore: (fetch: typeof globalThis.fetch) => unknown;
const received: Received[] = [];
const clients: QueryClient[] = [];

/** A fetch that answers every request with the fixture of the operation at its path (the success body). */
const fixtureFetch: typeof globalThis.fetch = async (input, init) => {
  const request = new Request(input, init);
  const path = new URL(request.url).pathname;
  received.push({ method: request.method, path, idempotencyKey: request.headers.get('idempotency-key'), signal: init?.signal ?? undefined });
  const id = path.endsWith('/quota/summary')
    ? 'quotaSummary'
    : path.includes('/catalogs/')
      ? 'searchCatalog'
      : path.endsWith('/images')
        ? 'addImage'
        : 'getVoiceCloneAllowance';
  return Response.json(fixtures[id].response.body);
};

beforeAll(async () => {
  const output = await generatedOutput();
  ({ react, vue } = output);
  makeCore = (fetch) => output.client.createPodcastCore({ apiKey: 'test-key', baseUrl: BASE_URL, fetch, maxRetries: 0 });
});
afterAll(() => removeOutputs());
afterEach(() => {
  received.length = 0;
  for (const client of clients.splice(0)) client.clear();
});

function queryClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  return client;
}

/** `name(core, ...args)` of a module: a query's or a mutation's options. */
function options(module: QueryModule, name: string, core: unknown, ...args: unknown[]): Described {
  const make = module[name];
  if (typeof make !== 'function') throw new Error(`no export ${name}`);
  return make(core, ...args) as Described;
}

describe('query options', () => {
  it('fetch the operation through the client, under a key of the API, the operation, its tags and its parameters', async () => {
    const query = options(react, 'searchCatalogQueryOptions', makeCore(fixtureFetch), { kind: 'voices' });
    expect(query.queryKey).toStrictEqual(['podcast', { operationId: 'searchCatalog', tags: { 'Account and discovery': true } }, { kind: 'voices' }]);
    const client = queryClient();
    expect(await client.fetchQuery(query as never)).toStrictEqual(fixtures.searchCatalog.response.body.data);
    expect(client.getQueryData(query.queryKey as never)).toStrictEqual(fixtures.searchCatalog.response.body.data);
    expect(received.map((r) => `${r.method} ${r.path}`)).toStrictEqual(['GET /open/podcast/v1/catalogs/voices']);
  });

  it('pass the query’s signal to the call: a cancelled query aborts its request', async () => {
    const hanging: typeof globalThis.fetch = (input, init) => {
      received.push({ method: 'GET', path: String(input), idempotencyKey: null, signal: init?.signal ?? undefined });
      return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true }));
    };
    const query = options(react, 'quotaSummaryQueryOptions', makeCore(hanging));
    const client = queryClient();
    const fetching = client.fetchQuery(query as never).catch((error: unknown) => error);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]?.signal?.aborted).toBe(false);
    await client.cancelQueries({ queryKey: query.queryKey as never });
    await fetching;
    expect(received[0]?.signal?.aborted).toBe(true);
  });

  it('are the same through the Vue adapter', async () => {
    const [fromReact, fromVue] = [react, vue].map((module) => options(module, 'searchCatalogQueryOptions', makeCore(fixtureFetch), { kind: 'avatars' }));
    expect(fromVue?.queryKey).toStrictEqual(fromReact?.queryKey);
    const client = new VueQueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(await client.fetchQuery(fromVue as never)).toStrictEqual(fixtures.searchCatalog.response.body.data);
    client.clear();
  });
});

describe('mutation options', () => {
  it('run the operation with the variables as its input, each call with its own idempotency key', async () => {
    const mutation = options(react, 'addImageMutationOptions', makeCore(fixtureFetch));
    expect(mutation.mutationKey).toStrictEqual(['podcast', { operationId: 'addImage', tags: { 'Templates and visual podcasts': true } }]);
    const observer = new MutationObserver(queryClient(), mutation as never);
    expect(await observer.mutate(fixtures.addImage.params as never)).toStrictEqual(fixtures.addImage.response.body.data);
    await observer.mutate(fixtures.addImage.params as never);
    expect(received.map((r) => `${r.method} ${r.path}`)).toStrictEqual(['POST /open/podcast/v1/images', 'POST /open/podcast/v1/images']);
    const keys = received.map((r) => r.idempotencyKey);
    expect(keys[0]).toMatch(/.+/);
    expect(keys[1]).not.toBe(keys[0]);
  });
});

describe('the keys that select many', () => {
  /** The queries in the cache, by a name of this test. */
  const cached: Record<string, (module: QueryModule) => readonly unknown[]> = {
    quota: (m) => options(m, 'quotaSummaryQueryOptions', undefined).queryKey ?? [],
    voices: (m) => options(m, 'searchCatalogQueryOptions', undefined, { kind: 'voices' }).queryKey ?? [],
    avatars: (m) => options(m, 'searchCatalogQueryOptions', undefined, { kind: 'avatars' }).queryKey ?? [],
    allowance: (m) => options(m, 'getVoiceCloneAllowanceQueryOptions', undefined).queryKey ?? [],
    backgrounds: (m) => options(m, 'listImageBackgroundsQueryOptions', undefined).queryKey ?? [],
  };

  const table: [string, { given: (keys: QueryModule['podcastKeys']) => readonly unknown[]; want: string[] }][] = [
    ['a tag: the queries of its operations', { given: (k) => k.tag('Account and discovery'), want: ['quota', 'voices', 'avatars'] }],
    ['another tag', { given: (k) => k.tag('Voices'), want: ['allowance'] }],
    ['an operation: its queries, whatever their parameters', { given: (k) => k.operation('searchCatalog'), want: ['voices', 'avatars'] }],
    ['a query’s own key: that query', { given: () => cached['voices']?.(react) ?? [], want: ['voices'] }],
    ['all: every query of the API', { given: (k) => k.all, want: ['quota', 'voices', 'avatars', 'allowance', 'backgrounds'] }],
    ['a tag no operation has: none', { given: (k) => k.tag('Nothing'), want: [] }],
  ];

  it.each(table)('invalidate %s', async (_, { given, want }) => {
    const client = queryClient();
    for (const key of Object.values(cached)) client.setQueryData<object>(key(react) as QueryKey, {});
    // Another API's query, which no key of this one selects.
    client.setQueryData(['other', { operationId: 'searchCatalog', tags: { 'Account and discovery': true } }], {});
    await client.invalidateQueries({ queryKey: given(react.podcastKeys) as never, refetchType: 'none' });
    const invalidated = Object.entries(cached).filter(([, key]) => client.getQueryState(key(react) as never)?.isInvalidated);
    expect(invalidated.map(([name]) => name)).toStrictEqual(want);
    expect(client.getQueryState(['other', { operationId: 'searchCatalog', tags: { 'Account and discovery': true } }])?.isInvalidated).toBe(false);
  });

  it('select mutations too', async () => {
    const client = queryClient();
    const observer = new MutationObserver(client, options(react, 'addImageMutationOptions', makeCore(fixtureFetch)) as never);
    await observer.mutate(fixtures.addImage.params as never);
    const found = (key: readonly unknown[]) => client.getMutationCache().findAll({ mutationKey: key as never }).length;
    expect(
      [react.podcastKeys.tag('Templates and visual podcasts'), react.podcastKeys.operation('addImage'), react.podcastKeys.tag('Voices')].map(found),
    ).toStrictEqual([1, 1, 0]);
  });
});
