/**
 * The paged operations of test/fixtures/paging/styles.yaml, one in each style (a Link header, the
 * last item's id, an offset, a cursor the page gives, a page number), as the tests of their walks
 * use them: a list of {@link PAGE_ITEMS} items of each, in its fixture's body (a server serves it
 * page by page), and the input that asks for pages of 3.
 */

/** How many items each list holds. */
export const PAGE_ITEMS = 7;

/** Each operation's success answer, its list whole. */
export const PAGED_LISTS: Record<string, { status: number; headers: Record<string, string>; body: unknown }> = {
  listIssues: { status: 200, headers: {}, body: Array.from({ length: PAGE_ITEMS }, (_, i) => ({ id: i + 1, title: `issue ${i + 1}` })) },
  listCharges: {
    status: 200,
    headers: {},
    body: { object: 'list', has_more: false, data: Array.from({ length: PAGE_ITEMS }, (_, i) => ({ id: `ch_${i + 1}`, amount: 100 * (i + 1) })) },
  },
  listTracks: { status: 200, headers: {}, body: { total: PAGE_ITEMS, items: Array.from({ length: PAGE_ITEMS }, (_, i) => ({ name: `track ${i + 1}` })) } },
  listEvents: { status: 200, headers: {}, body: { edges: Array.from({ length: PAGE_ITEMS }, (_, i) => ({ name: `event ${i + 1}` })), pageInfo: {} } },
  listAlbums: { status: 200, headers: {}, body: { albums: Array.from({ length: PAGE_ITEMS }, (_, i) => ({ title: `album ${i + 1}` })) } },
};

/** Each operation, and the input that asks for pages of 3. */
export const PAGED_CASES: [string, Record<string, unknown>][] = [
  ['listIssues', { owner: 'octo', per_page: 3 }],
  ['listCharges', { limit: 3 }],
  ['listTracks', { limit: 3 }],
  ['listEvents', { first: 3 }],
  ['listAlbums', { n: 3 }],
];

/** The items of an operation's list, in order. */
export function itemsOf(id: string): unknown[] {
  const body = PAGED_LISTS[id]?.body;
  return Array.isArray(body) ? body : (Object.values(body as object).find(Array.isArray) as unknown[]);
}
