/** What the pages of query-and-msw.compat.test.ts report, for the test to read from `window`. */

/** What the React page shows once its queries and its mutation are done. */
export interface QueryPageReport {
  quota: unknown;
  catalog: unknown;
  backgrounds: unknown;
  added: unknown;
  /** How many times the backgrounds were fetched: again after the mutation invalidated their tag. */
  backgroundFetches: number;
}

/** What the MSW page got. */
export interface MswPageReport {
  /** The payload of the call the worker answered with the fixture. */
  data: unknown;
  /** The attempts of a call the worker answered 429 once (with its Retry-After), then with the fixture. */
  retried: { data: unknown; attempts: number };
  /** Whether the service worker controls the page. */
  controlled: boolean;
}

/** What the infinite-query page got: each page's number of items, and the items in order. */
export interface InfinitePageReport {
  pageSizes: number[];
  items: unknown[];
}

declare global {
  interface Window {
    queryReport?: QueryPageReport;
    mswReport?: MswPageReport;
    infiniteReport?: InfinitePageReport;
  }
}
