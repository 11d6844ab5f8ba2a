/**
 * The pages of an infinite query (`infiniteQueryOptions`), the same for every document: a paged
 * operation's pages asked for one at a time, as TanStack Query asks, through the generated client's
 * paged function, and the next one found by the runtime's own walk (`runtime/paging/next-page.ts`):
 * the same cursors, page numbers, offsets, `Link` headers and next-page addresses as `.pages()`
 * follows, and the same stop where a walk would go round. Imports nothing of TanStack Query.
 */
import { type ApiPage, type ApiPageItem, type Core, type PagedPromise, type PagedRequestOptions, PaginationError, type PagingSpec } from '../runtime.js';
import { nextPage, WalkGuard, type WalkSeen } from '../runtime/paging/next-page.js';
import type { QueryRequestOptions } from './query-keys.js';

/**
 * Where an infinite query's walk is, as plain data (TanStack Query keeps it with the pages): the
 * input that asks for a page, the address the API gave for it where it gave one, its place, what the
 * walk has seen so far, and why it cannot go on where it cannot.
 */
export interface PageParam<Input> extends WalkSeen {
  /** The query's parameters, with the cursor, page number or offset of this page. */
  input: Input;
  /** The address the API gave for this page (a `Link` header's, a payload's next link), asked for in place of the operation's path and query. */
  address?: string;
  /** Its place in the walk: 0 for the first page. */
  index: number;
  /** Why this page is not asked for: the walk would go round, or the next page cannot be found (a `PaginationError`'s message). */
  failure?: string;
}

/** A page as an infinite query holds it: the call's whole outcome, its items and place, and how the next page is asked for (none after the last). */
export interface InfinitePage<T, I, Input> extends ApiPage<T, I> {
  next?: PageParam<Input>;
}

/** The page of a paged function of the client (`typeof listIssues`), whose input is `Input`. */
export type InfinitePageOf<F, Input> = F extends (...args: never[]) => PagedPromise<infer T, infer P> ? InfinitePage<T, ApiPageItem<T, P>, Input> : never;

/** An infinite query as TanStack Query takes it (`useInfiniteQuery`, `infiniteQueryOptions`, `fetchInfiniteQuery`). */
export interface OperationInfiniteQuery<Key extends readonly unknown[], Page, Param> {
  queryKey: Key;
  queryFn: (context: { pageParam: Param; signal: AbortSignal }) => Promise<Page>;
  initialPageParam: Param;
  getNextPageParam: (lastPage: Page) => Param | undefined;
}

/**
 * The infinite query of a paged operation: its first page asked for with `params`, each later one
 * as the page before says (`next`), through `call` (the client's paged function).
 */
export function infiniteQuery<Key extends readonly unknown[], T, P extends readonly PropertyKey[], Input extends object>(query: {
  queryKey: Key;
  core: Core;
  operationId: string;
  paging: PagingSpec;
  params: Input;
  call: (input: Input, options: PagedRequestOptions) => PagedPromise<T, P>;
  options?: QueryRequestOptions | undefined;
}): OperationInfiniteQuery<Key, InfinitePage<T, ApiPageItem<T, P>, Input>, PageParam<Input>> {
  const { core, operationId, paging, call } = query;
  return {
    queryKey: query.queryKey,
    initialPageParam: { input: query.params, index: 0, asked: [] },
    queryFn: async ({ pageParam, signal }) => {
      if (pageParam.failure !== undefined) throw new PaginationError(pageParam.failure, operationId);
      const options = { ...query.options, signal, ...(pageParam.address === undefined ? {} : { pageAddress: pageParam.address }) };
      const guard = new WalkGuard(operationId, core, pageParam);
      let page: ApiPage<T, ApiPageItem<T, P>> | undefined;
      // The walk's own first page, its items read as `.pages()` reads them; the loop ends there, so
      // that walk asks for nothing more (the next page is this query's to ask for).
      for await (const first of call(pageParam.input, options).pages({ maxPages: 1 })) {
        page = { ...first, index: pageParam.index };
        break;
      }
      if (!page) throw new PaginationError(`${operationId}: no page was answered`, operationId);
      guard.items(page.items, pageParam.index);
      const next = following(paging, page, core.linkHeader(page), pageParam, guard);
      return next ? { ...page, next } : page;
    },
    getNextPageParam: (lastPage) => lastPage.next,
  };
}

/** The page after `page`, or undefined after the last; one the walk cannot ask for carries why, for its query to fail with. */
function following<Input>(
  paging: PagingSpec,
  page: ApiPage<unknown, unknown>,
  link: string | undefined,
  param: PageParam<Input>,
  guard: WalkGuard,
): PageParam<Input> | undefined {
  const index = param.index + 1;
  const input = param.input as Record<string, unknown>;
  try {
    const next = nextPage(paging, { data: page.data, link, items: page.items, input }, guard);
    if (!next) return undefined;
    // An address stands for the whole request: the input stays the one the walk had.
    return 'url' in next ? { ...guard.seen(), input: param.input, address: next.url, index } : { ...guard.seen(), input: next.input as Input, index };
  } catch (error) {
    if (!(error instanceof PaginationError)) throw error;
    return { ...guard.seen(), input: param.input, index, failure: error.message };
  }
}
