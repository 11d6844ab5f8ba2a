/** The next page of a walk, by style (runtime/paging/next-page.ts). */
import { describe, expect, it } from 'vitest';
import { PaginationError } from '../../../templates/runtime/errors.js';
import { type NextPage, nextPage, type PageRead, valueAt, WalkGuard } from '../../../templates/runtime/paging/next-page.js';
import type { PagingSpec } from '../../../templates/runtime/spec.js';

/** A client whose credential is `secret`, sent as the query's `key`. */
const client = {
  redact: (text: string) => text.replace('secret', '[redacted]'),
  withoutCredentialQuery: (address: string) => address.replace(/[?&]key=[^&]*/, ''),
};
const plain = { redact: (text: string) => text, withoutCredentialQuery: (address: string) => address };
const guard = () => new WalkGuard('listThings', client);
const page = (data: unknown, items: unknown[], input: Record<string, unknown> = {}, headers: { link?: string } = {}): PageRead => ({
  data,
  items,
  input,
  link: headers.link,
});

describe('nextPage', () => {
  it.each<[string, { given: [PagingSpec, PageRead]; want: NextPage | undefined }]>([
    [
      'link: the rel="next" address',
      {
        given: [{ style: 'link', items: [] }, page([1], [1], {}, { link: '<https://api.example.com/t?page=2>; rel="next"' })],
        want: { url: 'https://api.example.com/t?page=2' },
      },
    ],
    [
      "link: the address without the credential's query parameter (the request sets it again)",
      {
        given: [{ style: 'link', items: [] }, page([1], [1], {}, { link: '<https://api.example.com/t?page=2&key=secret>; rel="next"' })],
        want: { url: 'https://api.example.com/t?page=2' },
      },
    ],
    ['link: none on the last page', { given: [{ style: 'link', items: [] }, page([1], [1])], want: undefined }],
    [
      "cursor: the last item's id (Stripe), while has_more",
      {
        given: [
          { style: 'cursor', items: ['data'], param: 'starting_after', nextCursor: ['data', -1, 'id'], hasMore: ['has_more'] },
          page({ data: [{ id: 'a' }, { id: 'b' }], has_more: true }, [{ id: 'a' }, { id: 'b' }], { limit: 2 }),
        ],
        want: { input: { limit: 2, starting_after: 'b' } },
      },
    ],
    [
      'cursor: has_more false ends it',
      {
        given: [
          { style: 'cursor', items: ['data'], param: 'after', nextCursor: ['data', -1, 'id'], hasMore: ['has_more'] },
          page({ data: [{ id: 'a' }], has_more: false }, [{ id: 'a' }]),
        ],
        want: undefined,
      },
    ],
    [
      'cursor: a null next cursor ends it',
      {
        given: [{ style: 'cursor', items: ['items'], param: 'pageToken', nextCursor: ['nextPageToken'] }, page({ items: [1], nextPageToken: null }, [1])],
        want: undefined,
      },
    ],
    [
      'offset: plus the items had',
      {
        given: [{ style: 'offset', items: ['items'], param: 'offset', sizeParam: 'limit' }, page({}, [1, 2, 3], { offset: 3, limit: 3 })],
        want: { input: { offset: 6, limit: 3 } },
      },
    ],
    ['page: the next number, from the first', { given: [{ style: 'page', items: [], param: 'page' }, page([1], [1])], want: { input: { page: 2 } } }],
    ['page: counted from 0', { given: [{ style: 'page', items: [], param: 'page', firstPage: 0 }, page([1], [1], { page: 0 })], want: { input: { page: 1 } } }],
    [
      'page: the total says it was the last',
      { given: [{ style: 'page', items: ['r'], param: 'p', totalPages: ['pages'] }, page({ pages: 2 }, [1], { p: 2 })], want: undefined },
    ],
    ['page: an empty page ends it', { given: [{ style: 'page', items: [], param: 'page' }, page([], [], { page: 4 })], want: undefined }],
    [
      "url: the payload's next address",
      { given: [{ style: 'url', items: ['value'], nextUrl: ['nextLink'] }, page({ value: [1], nextLink: '/t?skip=1' }, [1])], want: { url: '/t?skip=1' } },
    ],
  ])('%s', (_name, { given: [paging, read], want }) => {
    expect(nextPage(paging, read, guard())).toStrictEqual(want);
  });

  it.each<{ given: { before: number[]; items: number[]; limit: number }; want: NextPage | undefined }>([
    // A first page shorter than asked for: the server's cap, maybe; the next (empty) page says.
    { given: { before: [], items: [1, 2], limit: 3 }, want: { input: { offset: 2, limit: 3 } } },
    // Pages of the server's cap (2 of the 3 asked for), then a shorter one: the last.
    { given: { before: [2, 2], items: [1, 2], limit: 3 }, want: { input: { offset: 2, limit: 3 } } },
    { given: { before: [2, 2], items: [1], limit: 3 }, want: undefined },
    { given: { before: [3], items: [1], limit: 3 }, want: undefined },
    // As many as asked for is never the last by its size.
    { given: { before: [3], items: [1, 2, 3], limit: 3 }, want: { input: { offset: 3, limit: 3 } } },
  ])('offset: a page of $given.items.length after pages of $given.before, $given.limit asked for: $want', ({ given, want }) => {
    const walk = guard();
    for (const [index, count] of given.before.entries())
      walk.items(
        Array.from({ length: count }, (_, i) => `${index}-${i}`),
        index,
      );
    const items = given.items.map(String);
    walk.items(items, given.before.length);
    expect(nextPage({ style: 'offset', items: ['items'], param: 'offset', sizeParam: 'limit' }, page({}, items, { limit: given.limit }), walk)).toStrictEqual(
      want,
    );
  });

  it('stops a walk that would go round: a cursor or an address given again', () => {
    const walk = guard();
    const spec: PagingSpec = { style: 'cursor', items: ['items'], param: 'cursor', nextCursor: ['next'] };
    expect(nextPage(spec, page({ next: 'c1' }, [1]), walk)).toStrictEqual({ input: { cursor: 'c1' } });
    expect(() => nextPage(spec, page({ next: 'c1' }, [2], { cursor: 'c1' }), walk)).toThrow(
      new PaginationError('listThings: the API gave the cursor of an earlier page again: the walk would go round, so it stops', 'listThings'),
    );
  });

  it('stops a walk whose pages repeat their items: the API ignores what asks for the next', () => {
    const walk = guard();
    walk.items([{ id: 1 }], 0);
    expect(() => walk.items([{ id: 1 }], 1)).toThrow('listThings: page 2 repeats the items of page 1');
    walk.items([], 2);
    walk.items([], 3);
  });

  it('is taken up again from what it had seen (a walk a page at a time: an infinite query)', () => {
    const first = guard();
    const spec: PagingSpec = { style: 'cursor', items: ['items'], param: 'cursor', nextCursor: ['next'] };
    first.items([{ id: 1 }], 0);
    nextPage(spec, page({ next: 'c1' }, [1]), first);
    const seen = first.seen();
    expect(seen).toStrictEqual({ asked: ['cursor:"c1"'], lastItems: '[{"id":1}]', mostItems: 1 });
    const again = new WalkGuard('listThings', plain, JSON.parse(JSON.stringify(seen)));
    expect(() => again.items([{ id: 1 }], 1)).toThrow('listThings: page 2 repeats the items of page 1');
    expect(() => nextPage(spec, page({ next: 'c1' }, [2], { cursor: 'c1' }), new WalkGuard('listThings', plain, seen))).toThrow(
      'the API gave the cursor of an earlier page again',
    );
  });

  it('says a malformed Link header cannot be read, redacted', () => {
    expect(() => nextPage({ style: 'link', items: [] }, page([1], [1], {}, { link: 'https://a.example/?key=secret; rel="next"' }), guard())).toThrow(
      'listThings: the Link header cannot be read (expected <address>; rel="..." at "https://a.example/?key=[redacted]; rel="next"): the walk cannot find the next page',
    );
  });

  it('reads a place of a payload, the last item by -1', () => {
    expect([valueAt({ a: [{ id: 1 }, { id: 2 }] }, ['a', -1, 'id']), valueAt({ a: [] }, ['a', -1, 'id']), valueAt(null, ['a'])]).toStrictEqual([
      2,
      undefined,
      undefined,
    ]);
  });
});
