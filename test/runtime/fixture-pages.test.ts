/** The fixtures' pages (templates/fixtures/pages.ts), as the mock and the MSW handlers serve them: a fixture's list cut to the page asked for, the paging fields written. */
import { describe, expect, it } from 'vitest';
import { type FixturePaging, pageOf } from '../../templates/fixtures/pages.js';

const LIST = Array.from({ length: 5 }, (_, i) => ({ id: `i${i + 1}` }));
const answer = (body: unknown, headers: Record<string, string> = {}) => ({ status: 200, headers, body: structuredClone(body) });
const url = (query: string) => new URL(`http://mock.invalid/things${query}`);

describe('pageOf', () => {
  it('leaves an operation that is not paged as its fixture is', () => {
    const fixture = answer(LIST);
    expect(pageOf(undefined, fixture, url('?page=2'))).toBe(fixture);
  });

  it("link: the page asked for, a Link to the next from the root, the fixture's own Link (the API's host) dropped, none on the last page", () => {
    const paging: FixturePaging = { style: 'link', items: [], param: 'page', size: 'per_page' };
    const own = { link: '<https://api.example.com/things?page=2>; rel="next"' };
    const first = pageOf(paging, answer(LIST, own), url('?per_page=2'));
    expect([first.body, first.headers]).toStrictEqual([LIST.slice(0, 2), { Link: '</things?per_page=2&page=2>; rel="next"' }]);
    const last = pageOf(paging, answer(LIST, own), url('?per_page=2&page=3'));
    expect([last.body, last.headers]).toStrictEqual([LIST.slice(4), {}]);
  });

  it("cursor of the last item's id (Stripe): the page after that item, has_more written", () => {
    const paging: FixturePaging = {
      style: 'cursor',
      items: ['data'],
      param: 'starting_after',
      size: 'limit',
      nextCursor: ['data', -1, 'id'],
      hasMore: ['has_more'],
    };
    const page = pageOf(paging, answer({ data: LIST, has_more: false }), url('?limit=2&starting_after=i2'));
    expect(page.body).toStrictEqual({ data: LIST.slice(2, 4), has_more: true });
  });

  it("cursor the page gives: the mock's own, in an object the fixture may lack, left out on the last page", () => {
    const paging: FixturePaging = { style: 'cursor', items: ['items'], param: 'cursor', nextCursor: ['meta', 'next'], defaultSize: 3 };
    const first = pageOf(paging, answer({ items: LIST }), url(''));
    expect(first.body).toStrictEqual({ items: LIST.slice(0, 3), meta: { next: 'mock-offset-3' } });
    expect(pageOf(paging, answer({ items: LIST, meta: { next: 'x' } }), url('?cursor=mock-offset-3')).body).toStrictEqual({ items: LIST.slice(3), meta: {} });
  });

  it('offset, page from 0 with a page count, and a next address in the payload', () => {
    expect(
      pageOf({ style: 'offset', items: ['items'], param: 'offset', size: 'limit' }, answer({ items: LIST }), url('?offset=3&limit=10')).body,
    ).toStrictEqual({ items: LIST.slice(3) });
    const counted: FixturePaging = { style: 'page', items: ['r'], param: 'p', size: 'n', firstPage: 0, totalPages: ['pages'] };
    expect(pageOf(counted, answer({ r: LIST }), url('?p=1&n=2')).body).toStrictEqual({ r: LIST.slice(2, 4), pages: 3 });
    const linked: FixturePaging = { style: 'url', items: ['value'], nextUrl: ['nextLink'], size: 'top' };
    expect(pageOf(linked, answer({ value: LIST }), url('?top=4')).body).toStrictEqual({ value: LIST.slice(0, 4), nextLink: '/things?top=4&page=2' });
  });
});
