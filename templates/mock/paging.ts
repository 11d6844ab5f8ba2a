/**
 * The mock's pages: a paged operation's fixture list served page by page, in the operation's own
 * style (a `Link` header, a cursor, a page number, an offset, a next-page address), so that a
 * client's walk of the pages can be tested against it.
 */

/** A place in a body: property names, and item indexes (`-1` the last). */
export type MockBodyPath = readonly (string | number)[];

/** How a paged operation's pages are served (the model's pagination, its paths into the body, its parameters by their names on the wire). */
export interface MockPaging {
  style: 'link' | 'cursor' | 'page' | 'offset' | 'url';
  /** Where the list is in the fixture's body. */
  items: MockBodyPath;
  /** The query parameter that asks for a page (cursor, page number, offset); for `link` and `url`, the mock's own where there is none. */
  param?: string;
  /** The query parameter of the page size. */
  size?: string;
  /** The page size where the request gives none: the parameter's default, else {@link MOCK_PAGE_SIZE}. */
  defaultSize?: number;
  nextCursor?: MockBodyPath;
  hasMore?: MockBodyPath;
  nextUrl?: MockBodyPath;
  totalPages?: MockBodyPath;
  firstPage?: number;
}

/** Items a page holds where neither the request nor the document says. */
export const MOCK_PAGE_SIZE = 10;

/** The query key a page number travels in where the operation names none (a `Link` or next-page address of the mock's own). */
const OWN_PAGE_KEY = 'page';

/** A cursor of the mock's own: where the next page starts, readable back. */
const CURSOR_PREFIX = 'mock-offset-';

/** The answer `response` (a fixture's, a copy) as the page `url` asks for: the list cut to the page, the paging fields written. */
export function pageOf<R extends { headers: Record<string, string>; body: unknown }>(paging: MockPaging | undefined, response: R, url: URL): R {
  const list = paging && valueAt(response.body, paging.items);
  if (!paging || !Array.isArray(list)) return response;
  const query = url.searchParams;
  const asked = Number(paging.size === undefined ? Number.NaN : query.get(paging.size));
  const size = Number.isInteger(asked) && asked > 0 ? asked : (paging.defaultSize ?? MOCK_PAGE_SIZE);
  const first = paging.firstPage ?? 1;
  const key = paging.param ?? OWN_PAGE_KEY;
  const start = startOf(paging, list, query.get(key), size, first);
  const end = Math.min(list.length, start + size);
  const more = end < list.length;
  // A list that is the whole body is replaced whole.
  if (paging.items.length === 0) response.body = list.slice(start, end);
  else setAt(response.body, paging.items, list.slice(start, end));
  if (paging.hasMore) setAt(response.body, paging.hasMore, more);
  if (paging.totalPages) setAt(response.body, paging.totalPages, Math.ceil(list.length / size));
  // The next page's address (link, url): this one's with the next page's number (in the mock's own
  // key where the operation has none), as a reference from the root: the client reads it against baseUrl.
  const next = new URLSearchParams(url.search);
  next.set(key, String(Math.floor(end / size) + first));
  const nextUrl = `${url.pathname}?${next.toString()}`;
  if (paging.style === 'link') {
    // The fixture's own Link (a document's example names the API's host) gives way to the mock's.
    const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => name.toLowerCase() !== 'link'));
    response.headers = more ? { ...headers, Link: `<${nextUrl}>; rel="next"` } : headers;
  }
  if (paging.style === 'url' && paging.nextUrl) setOrDrop(response.body, paging.nextUrl, more ? nextUrl : undefined);
  if (paging.style === 'cursor' && paging.nextCursor && !isLastItemPath(paging))
    setOrDrop(response.body, paging.nextCursor, more ? `${CURSOR_PREFIX}${end}` : undefined);
  return response;
}

/** Where the page asked for starts in the list. */
function startOf(paging: MockPaging, list: readonly unknown[], asked: string | null, size: number, first: number): number {
  if (asked === null || asked === '') return 0;
  if (paging.style === 'offset') return Math.max(0, Number(asked) || 0);
  if (paging.style !== 'cursor') return Math.max(0, (Number(asked) - first) * size) || 0;
  if (asked.startsWith(CURSOR_PREFIX)) return Number(asked.slice(CURSOR_PREFIX.length)) || list.length;
  // A cursor that is an item's field (Stripe's starting_after=<id>): the page starts after that item.
  const field = paging.nextCursor?.slice(paging.items.length + 1) ?? [];
  const at = list.findIndex((item) => String(valueAt(item, field)) === asked);
  return at < 0 ? list.length : at + 1;
}

/** True where the next cursor is a field of the last item (`data[-1].id`), which the items carry as they are. */
function isLastItemPath(paging: MockPaging): boolean {
  const cursor = paging.nextCursor ?? [];
  return paging.items.every((step, i) => cursor[i] === step) && cursor[paging.items.length] === -1;
}

function valueAt(value: unknown, path: MockBodyPath): unknown {
  let node = value;
  for (const step of path) {
    if (typeof step === 'number') node = Array.isArray(node) ? node.at(step) : undefined;
    else node = node !== null && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>)[step] : undefined;
  }
  return node;
}

/** Writes `value` at `path` in `body`, making the objects on the way where the fixture has none. */
function setAt(body: unknown, path: MockBodyPath, value: unknown): void {
  if (path.length === 0 || body === null || typeof body !== 'object') return;
  let node = body as Record<string, unknown>;
  for (const step of path.slice(0, -1)) {
    const next = node[String(step)];
    if (next === null || typeof next !== 'object') node[String(step)] = {};
    node = node[String(step)] as Record<string, unknown>;
  }
  node[String(path.at(-1))] = value;
}

/** Writes `value` at `path`, or leaves the field out where there is none (the last page has no next). */
function setOrDrop(body: unknown, path: MockBodyPath, value: string | undefined): void {
  if (value !== undefined) {
    setAt(body, path, value);
    return;
  }
  const holder = valueAt(body, path.slice(0, -1));
  if (holder !== null && typeof holder === 'object') delete (holder as Record<string, unknown>)[String(path.at(-1))];
}
