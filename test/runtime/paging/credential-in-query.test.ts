/**
 * A walk whose credential goes in the query (an `apiKey` scheme `in: query`) against a loopback API
 * that repeats the key in the addresses it gives for the next page (a `Link` header's, a payload's
 * next link), as many do, and refuses a request that carries the key twice or not as given. Each page
 * goes out with the key once, the real one; the addresses a walk keeps (an infinite query's page
 * params) never hold it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Core, pagedRequest } from '../../../templates/runtime.js';
import type { OperationSpec, PagingSpec } from '../../../templates/runtime/spec.js';
import { infiniteQuery, type PageParam } from '../../../templates/tanstack-query/infinite-pages.js';
import { type Answer, type SeenRequest, startLoopback } from '../../helpers/loopback.js';
import { oneScheme, operationSpec } from '../operation-spec.js';

const KEY = 'key-9c1f4e77ab';
const ITEMS = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
let api: Awaited<ReturnType<typeof startLoopback>>;

/** The API: 401 unless `api_key` comes once and is the key; pages of 3, the next one's address repeating the key. */
function serve(style: 'link' | 'url') {
  return (request: SeenRequest): Answer => {
    if (request.query['api_key'] !== KEY) return { status: 401, body: { message: 'bad key' } };
    const page = Number(request.query['page'] ?? 1);
    const items = ITEMS.slice((page - 1) * 3, page * 3);
    const next = page * 3 < ITEMS.length ? `${api.url}/things?page=${page + 1}&api_key=${KEY}` : undefined;
    if (style === 'link') return { body: items, headers: next ? { link: `<${next}>; rel="next"` } : {} };
    return { body: { value: items, ...(next ? { nextLink: next } : {}) } };
  };
}
let style: 'link' | 'url' = 'link';
beforeAll(async () => {
  api = await startLoopback((request) => serve(style)(request));
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

const pagings: Record<'link' | 'url', PagingSpec> = {
  link: { style: 'link', items: [], param: 'page' },
  url: { style: 'url', items: ['value'], nextUrl: ['nextLink'] },
};
const specOf = (paging: PagingSpec): OperationSpec => operationSpec({ fields: [{ name: 'page', in: 'query', required: false }], paging });
const core = () => new Core({ baseUrl: api.url, apiKey: KEY }, oneScheme({ kind: 'apiKey', in: 'query', name: 'api_key' }));

describe.each(['link', 'url'] as const)('a %s walk whose API repeats the query key in the next address', (given) => {
  it('sends each page with the key once, and has every item', async () => {
    style = given;
    const items: unknown[] = [];
    for await (const item of pagedRequest(core(), specOf(pagings[given]), {}, {}).items()) items.push(item);
    expect(items).toStrictEqual(ITEMS);
    expect(api.requests.map((r) => [r.query['page'] ?? '1', r.query['api_key']])).toStrictEqual([
      ['1', KEY],
      ['2', KEY],
      ['3', KEY],
    ]);
  });

  it('keeps no copy of the key in an infinite query’s page params', async () => {
    style = given;
    const client = core();
    const spec = specOf(pagings[given]);
    const query = infiniteQuery({
      queryKey: ['things'],
      core: client,
      operationId: spec.operationId,
      paging: pagings[given],
      params: {},
      call: (input, options) => pagedRequest(client, spec, input as Record<string, unknown>, {}, options),
    });
    const params: PageParam<object>[] = [query.initialPageParam];
    const items: unknown[] = [];
    for (let param: PageParam<object> | undefined = query.initialPageParam; param; ) {
      const page = await query.queryFn({ pageParam: param, signal: new AbortController().signal });
      items.push(...page.items);
      param = query.getNextPageParam(page);
      if (param) params.push(param);
    }
    expect(items).toStrictEqual(ITEMS);
    expect(JSON.stringify(params)).not.toContain(KEY);
    expect(JSON.stringify(params)).not.toContain('api_key');
    expect(api.requests.map((r) => r.query['api_key'])).toStrictEqual([KEY, KEY, KEY]);
  });
});
