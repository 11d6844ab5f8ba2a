/**
 * The next page of a walk: from the page just had, by the operation's style, or none where it was
 * the last. A walk that would go round (an earlier cursor, address or page of items again) stops
 * with a {@link PaginationError} that says so.
 */
import { PaginationError } from '../errors.js';
import type { PagingSpec, PayloadPath } from '../spec.js';
import { isRecord } from '../values.js';
import { nextLink } from './link-header.js';

/** The value at `path` in `value` (`-1` the last item), or undefined where there is none. */
export function valueAt(value: unknown, path: PayloadPath): unknown {
  let node = value;
  for (const step of path) {
    if (typeof step === 'number') node = Array.isArray(node) ? node.at(step) : undefined;
    else node = isRecord(node) ? node[step] : undefined;
  }
  return node;
}

/** How the next page is asked for: the call's input with its cursor, page or offset, or the address the API gave. */
export type NextPage = { input: Record<string, unknown> } | { url: string };

/** What a walk has seen, as plain data: the cursors and addresses asked for, the last page's items (their JSON), the most items a page had. */
export interface WalkSeen {
  asked: readonly string[];
  lastItems?: string;
  mostItems?: number;
}

/** What a walk needs of the client ({@link Core} is one). */
export interface WalkClient {
  /** The client's redaction: a text of the API's that an error quotes may hold the credential. */
  redact(text: string): string;
  /** A page's address without the credential's query parameters: the request sets them again, and a walk keeps no credential. */
  withoutCredentialQuery(address: string): string;
}

/**
 * What the walk keeps to see it does not go round: the cursors and addresses asked for, and the last
 * page's items. A walk taken up a page at a time (an infinite query's) starts from what it had seen.
 */
export class WalkGuard {
  readonly #asked: Set<string>;
  #lastItems: string | undefined;
  /** The most items of a page, the last one included, and of the pages before it. */
  #mostItems: number;
  #mostBefore: number;

  constructor(
    readonly operationId: string,
    readonly client: WalkClient,
    seen: WalkSeen = { asked: [] },
  ) {
    this.#asked = new Set(seen.asked);
    this.#lastItems = seen.lastItems;
    this.#mostItems = seen.mostItems ?? 0;
    this.#mostBefore = this.#mostItems;
  }

  /** The client's redaction of a text an error quotes. */
  redact(text: string): string {
    return this.client.redact(text);
  }

  /** A next page's address as the walk keeps and asks for it (the credential's query parameters out); one asked for before means the walk would go round. */
  address(url: string): NextPage {
    const address = this.client.withoutCredentialQuery(url);
    this.asks('address', address);
    return { url: address };
  }

  /** What the walk has seen so far, to take it up again from here. */
  seen(): WalkSeen {
    return {
      asked: [...this.#asked],
      ...(this.#lastItems === undefined ? {} : { lastItems: this.#lastItems }),
      ...(this.#mostItems === 0 ? {} : { mostItems: this.#mostItems }),
    };
  }

  /** A page's items: the same non-empty list as the page before means the API ignores what asks for the next. */
  items(items: readonly unknown[], index: number): void {
    const text = JSON.stringify(items);
    if (items.length > 0 && text === this.#lastItems)
      throw new PaginationError(
        `${this.operationId}: page ${index + 1} repeats the items of page ${index}: the API does not move to the next page, and the walk would not end`,
        this.operationId,
      );
    this.#lastItems = text;
    this.#mostBefore = this.#mostItems;
    this.#mostItems = Math.max(this.#mostItems, items.length);
  }

  /**
   * Whether the last page is shorter than a page before it: the last page, where it is also shorter
   * than asked for. A server that caps the page size serves full pages of its cap first, so a first
   * page shorter than asked for does not end a walk by itself (the next, empty, page does).
   */
  shorterThanBefore(count: number): boolean {
    return count < this.#mostBefore;
  }

  /** A cursor or address asked for: one asked for before means the walk would go round. */
  asks(what: 'cursor' | 'address', value: string): void {
    const key = `${what}:${value}`;
    if (this.#asked.has(key))
      throw new PaginationError(
        `${this.operationId}: the API gave the ${what} of an earlier page again: the walk would go round, so it stops`,
        this.operationId,
      );
    this.#asked.add(key);
  }
}

/** One page as the walk reads it: its payload, its `Link` header, its items, the input that asked for it. */
export interface PageRead {
  data: unknown;
  /** The `Link` header as the API sent it (`Core.linkHeader`): the one shown has a credential the API repeats redacted. */
  link: string | undefined;
  items: readonly unknown[];
  input: Record<string, unknown>;
}

/** The next page after `page`, or undefined where `page` was the last. */
export function nextPage(paging: PagingSpec, page: PageRead, guard: WalkGuard): NextPage | undefined {
  const { data, items, input } = page;
  if (paging.hasMore !== undefined && valueAt(data, paging.hasMore) === false) return undefined;
  if (paging.style === 'link') return linkedPage(page.link, guard);
  if (paging.style === 'url') {
    const url = valueAt(data, paging.nextUrl ?? []);
    if (typeof url !== 'string' || url === '') return undefined;
    return guard.address(url);
  }
  const param = paging.param as string;
  if (paging.style === 'cursor') {
    const cursor = valueAt(data, paging.nextCursor ?? []);
    if (cursor === undefined || cursor === null || cursor === '') return undefined;
    guard.asks('cursor', JSON.stringify(cursor));
    return { input: { ...input, [param]: cursor } };
  }
  // A page or offset walk ends at a page of no items, or of fewer than were asked for and than a page before
  // (a server may serve fewer than asked for on every page: its cap).
  const size = paging.sizeParam === undefined ? undefined : Number(input[paging.sizeParam]);
  if (items.length === 0 || (size !== undefined && items.length < size && guard.shorterThanBefore(items.length))) return undefined;
  if (paging.style === 'offset') return { input: { ...input, [param]: (Number(input[param]) || 0) + items.length } };
  const first = paging.firstPage ?? 1;
  const current = input[param] === undefined ? first : Number(input[param]);
  const total = paging.totalPages === undefined ? undefined : valueAt(data, paging.totalPages);
  if (typeof total === 'number' && current - first + 1 >= total) return undefined;
  return { input: { ...input, [param]: current + 1 } };
}

function linkedPage(header: string | undefined, guard: WalkGuard): NextPage | undefined {
  if (header === undefined) return undefined;
  let url: string | undefined;
  try {
    url = nextLink(header);
  } catch (error) {
    const reason = guard.redact((error as Error).message);
    throw new PaginationError(`${guard.operationId}: the Link header cannot be read (${reason}): the walk cannot find the next page`, guard.operationId);
  }
  if (url === undefined) return undefined;
  return guard.address(url);
}
