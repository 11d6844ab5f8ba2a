/**
 * A paged operation's walk (runtime/paging/paged-promise.ts) against a loopback API that serves a
 * list of items page by page: every item once over the right number of requests, the bounds, the
 * same retries as single calls, and the walks that must stop (a loop, a Link header that cannot be
 * read, a next page elsewhere).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Core, PaginationError, pagedRequest } from '../../../templates/runtime.js';
import type { OperationSpec, PagingSpec } from '../../../templates/runtime/spec.js';
import { type Answer, type SeenRequest, startLoopback } from '../../helpers/loopback.js';
import { oneScheme, operationSpec } from '../operation-spec.js';

const ITEMS = Array.from({ length: 7 }, (_, i) => ({ id: `it_${i + 1}` }));
/** How the API answers a request for a page (by default, as the style of the test says). */
let answer: (request: SeenRequest, index: number) => Answer;
let api: Awaited<ReturnType<typeof startLoopback>>;
beforeAll(async () => {
  api = await startLoopback((request, index) => answer(request, index));
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

const at = (request: SeenRequest, name: string) => (request.query[name] === undefined ? undefined : Number(request.query[name]));
/** The API's pages, `size` items each, in each style. */
const styles: Record<string, { paging: PagingSpec; serve: (request: SeenRequest) => Answer }> = {
  link: {
    paging: { style: 'link', items: [], param: 'page', sizeParam: 'per_page' },
    serve: (request) => {
      const page = at(request, 'page') ?? 1;
      const size = at(request, 'per_page') ?? 30;
      const more = page * size < ITEMS.length;
      const headers: Record<string, string> = more ? { link: `<${api.url}/things?per_page=${size}&page=${page + 1}>; rel="next"` } : {};
      return {
        body: ITEMS.slice((page - 1) * size, page * size),
        headers,
      };
    },
  },
  cursor: {
    paging: { style: 'cursor', items: ['data'], param: 'starting_after', sizeParam: 'limit', nextCursor: ['data', -1, 'id'], hasMore: ['has_more'] },
    serve: (request) => {
      const after = ITEMS.findIndex((item) => item.id === request.query['starting_after']);
      const size = at(request, 'limit') ?? 10;
      const data = ITEMS.slice(after + 1, after + 1 + size);
      return { body: { data, has_more: after + 1 + size < ITEMS.length } };
    },
  },
  offset: {
    paging: { style: 'offset', items: ['items'], param: 'offset', sizeParam: 'limit' },
    serve: (request) => {
      const offset = at(request, 'offset') ?? 0;
      return { body: { items: ITEMS.slice(offset, offset + (at(request, 'limit') ?? 20)), total: ITEMS.length } };
    },
  },
  url: {
    paging: { style: 'url', items: ['value'], nextUrl: ['nextLink'] },
    serve: (request) => {
      const skip = at(request, 'skip') ?? 0;
      return { body: { value: ITEMS.slice(skip, skip + 3), ...(skip + 3 < ITEMS.length ? { nextLink: `/things?skip=${skip + 3}` } : {}) } };
    },
  },
};

const fields = ['page', 'per_page', 'starting_after', 'limit', 'offset'].map((name) => ({ name, in: 'query' as const, required: false }));
const specOf = (paging: PagingSpec): OperationSpec => operationSpec({ fields, paging, retryStatuses: [429], retryConnectionErrors: true });
const core = () => new Core({ baseUrl: api.url, maxRetryWaitMs: 2000 }, oneScheme({ kind: 'none' }));

describe.each(Object.keys(styles))('a walk of %s pages', (style) => {
  const { paging, serve } = styles[style] as (typeof styles)[string];
  const input = style === 'url' ? {} : style === 'link' ? { per_page: 3 } : { limit: 3 };

  it('gives every item once, in order, over one request a page', async () => {
    answer = serve;
    const items: unknown[] = [];
    for await (const item of pagedRequest(core(), specOf(paging), input, {}).items()) items.push(item);
    expect(items).toStrictEqual(ITEMS);
    // 7 items, 3 a page: 3 pages.
    expect(api.requests.length).toBe(3);
  });

  it('gives its pages, each with its items and its place, the first as the call resolves to', async () => {
    answer = serve;
    const call = pagedRequest<unknown, readonly []>(core(), specOf(paging), input, {});
    const pages: { index: number; count: number; status: number }[] = [];
    for await (const page of call.pages()) pages.push({ index: page.index, count: page.items.length, status: page.status });
    expect(pages).toStrictEqual([
      { index: 0, count: 3, status: 200 },
      { index: 1, count: 3, status: 200 },
      { index: 2, count: 1, status: 200 },
    ]);
    expect(await call).toStrictEqual((await call.withResponse()).data);
  });

  it('stops at maxPages or maxItems, asking for no page beyond', async () => {
    answer = serve;
    const pages: unknown[] = [];
    for await (const page of pagedRequest(core(), specOf(paging), input, {}).pages({ maxPages: 2 })) pages.push(page);
    expect([pages.length, api.requests.length]).toStrictEqual([2, 2]);
    api.requests.length = 0;
    const items: unknown[] = [];
    for await (const item of pagedRequest(core(), specOf(paging), input, {}).items({ maxItems: 4 })) items.push(item);
    expect([items, api.requests.length]).toStrictEqual([ITEMS.slice(0, 4), 2]);
  });
});

describe('a walk of a server that serves fewer items a page than asked for (its cap)', () => {
  const many = Array.from({ length: 100 }, (_, i) => i + 1);
  const capped: Record<string, { paging: PagingSpec; input: Record<string, unknown>; serve: (request: SeenRequest) => Answer; requests: number }> = {
    offset: {
      paging: { style: 'offset', items: ['items'], param: 'offset', sizeParam: 'limit' },
      input: { limit: 50 },
      serve: (request) => ({
        body: { items: many.slice(at(request, 'offset') ?? 0, (at(request, 'offset') ?? 0) + Math.min(20, at(request, 'limit') ?? 20)) },
      }),
      // Five pages of 20, then an empty one.
      requests: 6,
    },
    page: {
      paging: { style: 'page', items: [], param: 'page', sizeParam: 'per_page' },
      input: { per_page: 50 },
      serve: (request) => ({ body: many.slice(((at(request, 'page') ?? 1) - 1) * 30, (at(request, 'page') ?? 1) * 30) }),
      // Pages of 30, 30, 30, then 10: shorter than the pages before, the last.
      requests: 4,
    },
  };
  it.each(Object.keys(capped))('%s: gives every item, not the first page alone', async (style) => {
    const { paging, input, serve, requests } = capped[style] as (typeof capped)[string];
    answer = serve;
    const items: unknown[] = [];
    for await (const item of pagedRequest(core(), specOf(paging), input, {}).items()) items.push(item);
    expect([items, api.requests.length]).toStrictEqual([many, requests]);
  });
});

describe('a paged call started at an address the API gave (pageAddress: an infinite query’s later page)', () => {
  it('asks for that page in place of the first, and walks on from it', async () => {
    const { paging, serve } = styles['link'] as (typeof styles)[string];
    answer = serve;
    const call = pagedRequest<unknown[], readonly []>(core(), specOf(paging), { per_page: 3 }, {}, { pageAddress: `${api.url}/things?per_page=3&page=2` });
    expect(await call).toStrictEqual(ITEMS.slice(3, 6));
    const items: unknown[] = [];
    for await (const item of call.items()) items.push(item);
    expect(items).toStrictEqual(ITEMS.slice(3));
    expect(api.requests.map((r) => r.query['page'])).toStrictEqual(['2', '3']);
  });

  it('never on another origin, where the credential would go', async () => {
    const { paging } = styles['link'] as (typeof styles)[string];
    await expect(pagedRequest(core(), specOf(paging), {}, {}, { pageAddress: 'https://elsewhere.example/things?page=2' })).rejects.toThrow(
      /the next page's address leads to https:\/\/elsewhere\.example/,
    );
    expect(api.requests).toHaveLength(0);
  });
});

describe('a walk', () => {
  it('obeys the retry rules: a 429 on a page waits its Retry-After and asks again', async () => {
    const { paging, serve } = styles['offset'] as (typeof styles)[string];
    answer = (request, index) => (index === 1 ? { status: 429, headers: { 'retry-after': '1' }, body: {} } : serve(request));
    const started = Date.now();
    const items: unknown[] = [];
    for await (const item of pagedRequest(core(), specOf(paging), { limit: 3 }, {}).items()) items.push(item);
    expect([items.length, api.requests.length]).toStrictEqual([7, 4]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('stops with an error that says so where the API gives a cursor again', async () => {
    answer = (_request, index) => ({ body: { items: [{ n: index }], next: 'c1' } });
    const spec = specOf({ style: 'cursor', items: ['items'], param: 'starting_after', nextCursor: ['next'] });
    const walk = async () => {
      for await (const _ of pagedRequest(core(), spec, {}, {}).items());
    };
    await expect(walk()).rejects.toThrow(
      new PaginationError('getThing: the API gave the cursor of an earlier page again: the walk would go round, so it stops', 'getThing'),
    );
    expect(api.requests.length).toBe(2);
  });

  it('stops with an error that says so where the pages repeat (a page parameter the API ignores)', async () => {
    answer = () => ({ body: [{ id: 'same' }] });
    const walk = async () => {
      for await (const _ of pagedRequest(core(), specOf({ style: 'page', items: [], param: 'page' }), {}, {}).items());
    };
    await expect(walk()).rejects.toThrow(/page 2 repeats the items of page 1/);
  });

  it('stops at a Link header that cannot be read, saying so', async () => {
    answer = () => ({ body: [{ id: 'a' }], headers: { link: `${api.url}/things?page=2; rel=next` } });
    const walk = async () => {
      for await (const _ of pagedRequest(core(), specOf({ style: 'link', items: [] }), {}, {}).items());
    };
    await expect(walk()).rejects.toThrow(
      /^getThing: the Link header cannot be read \(expected <address>; rel="\.\.\." at "http:\/\/127\.0\.0\.1:\d+\/things\?page=2; [^"]*"\): the walk cannot find the next page$/,
    );
  });

  it('never asks another origin for a page, where the credential would go', async () => {
    answer = () => ({ body: [{ id: 'a' }], headers: { link: '<https://elsewhere.example/things?page=2>; rel="next"' } });
    const keyed = new Core({ baseUrl: api.url, apiKey: 'key-1234abcd' }, oneScheme({ kind: 'apiKey', in: 'header', name: 'X-Key' }));
    const walk = async () => {
      for await (const _ of pagedRequest(keyed, specOf({ style: 'link', items: [] }), {}, {}).items());
    };
    await expect(walk()).rejects.toThrow(
      "getThing: the next page's address leads to https://elsewhere.example, not baseUrl's origin, where the credential is not sent; the walk stops",
    );
    expect(api.requests.length).toBe(1);
  });

  it('without maxPages (maxItems alone too), fails past 1 000 pages with more to come rather than stop unseen; with it, stops there', async () => {
    let served = 0;
    const fetch = async (url: string | URL | Request) => {
      served++;
      const n = Number(new URL(String(url)).searchParams.get('offset') ?? 0);
      return new Response(JSON.stringify({ items: [{ n }] }), { headers: { 'content-type': 'application/json' } });
    };
    const endless = new Core({ baseUrl: 'https://api.example.com', fetch }, oneScheme({ kind: 'none' }));
    const spec = specOf({ style: 'offset', items: ['items'], param: 'offset' });
    let count = 0;
    const walk = async () => {
      for await (const _ of pagedRequest(endless, spec, {}, {}).items()) count++;
    };
    await expect(walk()).rejects.toThrow('getThing: the walk stopped after 1000 pages, with more to come: pass maxPages to say how far it goes');
    expect([count, served]).toStrictEqual([1000, 1000]);
    // maxItems alone bounds the items, not the pages: the default cap still fails rather than stop unseen.
    count = 0;
    const items = async () => {
      for await (const _ of pagedRequest(endless, spec, {}, {}).items({ maxItems: 5000 })) count++;
    };
    await expect(items()).rejects.toThrow('getThing: the walk stopped after 1000 pages, with more to come');
    expect(count).toBe(1000);
    count = 0;
    for await (const _ of pagedRequest(endless, spec, {}, {}).items({ maxPages: 5000 })) if (++count === 1500) break;
    expect(count).toBe(1500);
  });
});
