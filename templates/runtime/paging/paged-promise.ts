/**
 * A paged operation's call: a promise of its first page, as every call is, that also walks the
 * pages (`.pages()`) and their items (`.items()`), each page asked for as a call of its own (the
 * same retries, `Retry-After` and time limits), bounded by `maxPages` and `maxItems`.
 */
import type { Core } from '../core/core.js';
import type { RequestOptions } from '../core/options.js';
import { ApiPromise, type ApiResult } from '../core/result.js';
import { PaginationError } from '../errors.js';
import type { OperationSpec, OperationValidators } from '../spec.js';
import { nextPage, valueAt, WalkGuard } from './next-page.js';

/** The pages a walk asks for at most unless told: past it, a walk with more to come fails rather than stop unseen. */
const DEFAULT_MAX_PAGES = 1000;

/** One step into a union's members, `never` where none has the key. */
type At<T, K> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;

/** The type of a page's items: what the list at `P` in a payload of type `T` holds. */
export type ApiPageItem<T, P extends readonly PropertyKey[]> = P extends readonly [infer K, ...infer R extends readonly PropertyKey[]]
  ? ApiPageItem<At<NonNullable<T>, K>, R>
  : NonNullable<T> extends readonly (infer I)[]
    ? I
    : never;

/** One page of a walk: the whole outcome of its call, its items, and its place (0 for the first). */
export interface ApiPage<T, I> extends ApiResult<T> {
  items: I[];
  index: number;
}

/** How far a walk goes. */
export interface PagingOptions {
  /**
   * The most pages asked for (the first included); the walk ends there. Without it (`maxItems`
   * alone included), a walk with more than 1 000 pages fails with a {@link PaginationError} there.
   */
  maxPages?: number;
  /** The most items given; the walk ends once it has them (no further page is asked for). It bounds no pages: see `maxPages`. */
  maxItems?: number;
}

/** Options of a paged call: a call's, and where it starts where that is not its first page. */
export interface PagedRequestOptions extends RequestOptions {
  /**
   * The address of the page to ask for in place of the first, as the API gave it for a next page (a
   * `Link` header's, a payload's next link: an infinite query's later page); only within
   * `baseUrl`'s origin. `.pages()` walks on from it.
   */
  pageAddress?: string;
}

/** What a walk needs: the engine and the first call. */
interface Walk {
  core: Core;
  spec: OperationSpec;
  input: Record<string, unknown>;
  validators: OperationValidators;
  options: RequestOptions;
}

/**
 * The promise a paged operation's method returns: it resolves to the first page's payload (and
 * `.withResponse()` to its whole outcome), as any call does; `.pages()` and `.items()` walk on
 * from it.
 */
export class PagedPromise<T, P extends readonly PropertyKey[]> extends ApiPromise<T> {
  readonly #walk: Walk;

  constructor(result: Promise<ApiResult<T>>, walk: Walk) {
    super(result);
    this.#walk = walk;
  }

  /** Every page from the first, each with its items, as the loop asks for them. */
  async *pages(options: PagingOptions = {}): AsyncGenerator<ApiPage<T, ApiPageItem<T, P>>, void, undefined> {
    const { core, spec, validators } = this.#walk;
    const paging = spec.paging;
    if (!paging) throw new TypeError(`${spec.operationId}: its spec carries no paging`);
    // Only pages the caller bounded may end a walk unseen: maxItems alone stopping at the default cap would lose items silently.
    const bounded = options.maxPages !== undefined;
    const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
    const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
    const guard = new WalkGuard(spec.operationId, core);
    let input = this.#walk.input;
    let result = await this.withResponse();
    let given = 0;
    for (let index = 0; ; index++) {
      const items = pageItems(spec, result.data, index) as ApiPageItem<T, P>[];
      guard.items(items, index);
      yield { ...result, items, index };
      given += items.length;
      if (given >= maxItems) return;
      const next = nextPage(paging, { data: result.data, link: core.linkHeader(result), items, input }, guard);
      if (!next) return;
      if (index + 1 >= maxPages) {
        if (bounded) return;
        throw new PaginationError(
          `${spec.operationId}: the walk stopped after ${maxPages} pages, with more to come: pass maxPages to say how far it goes`,
          spec.operationId,
        );
      }
      if ('input' in next) input = next.input;
      const at = 'url' in next ? next.url : undefined;
      result = await core.request<T>(spec, input, validators, this.#walk.options, at).withResponse();
    }
  }

  /** Every item of every page, in order, as the loop asks for them; `maxItems` ends the walk once given. */
  async *items(options: PagingOptions = {}): AsyncGenerator<ApiPageItem<T, P>, void, undefined> {
    const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
    let given = 0;
    if (maxItems <= 0) return;
    for await (const page of this.pages(options)) {
      for (const item of page.items) {
        yield item;
        if (++given >= maxItems) return;
      }
    }
  }
}

/** A page's items: the list at the spec's `items` (none where the page has no list there). */
export function pageItems(spec: OperationSpec, data: unknown, index: number): unknown[] {
  const items = valueAt(data, spec.paging?.items ?? []);
  if (items === undefined || items === null) return [];
  if (!Array.isArray(items)) throw new PaginationError(`${spec.operationId}: page ${index + 1} has no list of items where the document says`, spec.operationId);
  return items;
}

/** Calls a paged operation: the first page now (or the one at `pageAddress`), the others as `.pages()` or `.items()` asks. */
export function pagedRequest<T, P extends readonly PropertyKey[]>(
  core: Core,
  spec: OperationSpec,
  input: Record<string, unknown> | undefined,
  validators: OperationValidators,
  options: PagedRequestOptions = {},
): PagedPromise<T, P> {
  const { pageAddress, ...request } = options;
  const walk = { core, spec, input: input ?? {}, validators, options: request };
  return new PagedPromise<T, P>(core.request<T>(spec, walk.input, validators, request, pageAddress).withResponse(), walk);
}
