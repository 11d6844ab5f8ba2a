/**
 * A React component using the TanStack Query output's infinite queries (test/fixtures/paging/styles.yaml),
 * type-checked under strict by typecheck.compat.test.ts: each page's items are the operation's items,
 * its data the client's payload, and wrong input is refused.
 */
import { QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { createPagerCore, type PagerData, type PagerParams } from 'pager-output/index.js';
import { listChargesInfiniteQueryOptions, listIssuesInfiniteQueryOptions, listIssuesQueryOptions, pagerKeys } from 'pager-output/tanstack-query/react.js';
import { expectType, type Equal } from './equal.js';

const core = createPagerCore({ baseUrl: 'https://pager.example.com' });

export function Issues() {
  const issues = useInfiniteQuery(listIssuesInfiniteQueryOptions(core, { owner: 'octo', per_page: 50 }));
  const pages = issues.data?.pages ?? [];
  expectType<Equal<(typeof pages)[number]['items'][number], PagerData<'listIssues'>[number]>>(true);
  expectType<Equal<(typeof pages)[number]['data'], PagerData<'listIssues'>>>(true);
  const charges = useInfiniteQuery({ ...listChargesInfiniteQueryOptions(core, { limit: 20 }), select: (data) => data.pages.flatMap((page) => page.items) });
  expectType<Equal<typeof charges.data, PagerData<'listCharges'>['data'][number][] | undefined>>(true);
  return (
    <button type="button" disabled={!issues.hasNextPage} onClick={() => void issues.fetchNextPage()}>
      {pages.flatMap((page) => page.items.map((issue) => issue.title)).join(', ')} {charges.data?.length}
    </button>
  );
}

export function refused(queryClient: QueryClient): void {
  // The key types what the cache holds: pages, not a payload.
  const cached = queryClient.getQueryData(listIssuesInfiniteQueryOptions(core, { owner: 'octo' }).queryKey);
  expectType<Equal<NonNullable<typeof cached>['pages'][number]['items'][number], PagerData<'listIssues'>[number]>>(true);
  const params: PagerParams<'listIssues'> = { owner: 'octo' };
  // @ts-expect-error: an infinite query's key is not its query's (its cache holds pages, the query's a payload)
  const plainKey: ReturnType<typeof listIssuesQueryOptions>['queryKey'] = listIssuesInfiniteQueryOptions(core, params).queryKey;
  void plainKey;
  // @ts-expect-error: owner is required
  listIssuesInfiniteQueryOptions(core, { per_page: 3 });
  // @ts-expect-error: the query's signal is TanStack Query's to give
  listChargesInfiniteQueryOptions(core, {}, { signal: new AbortController().signal });
  void queryClient.invalidateQueries({ queryKey: pagerKeys.operation('listIssues') });
}
