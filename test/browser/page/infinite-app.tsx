/**
 * The infinite-query page of query-and-msw.compat.test.ts: a React component reads a paged operation
 * of test/fixtures/paging/styles.yaml (`pager-output` is its generated folder) through the TanStack
 * Query output's infinite query, asking for the next page while there is one, and MSW's service
 * worker answers it page by page from the generated handler (a list of 7 issues given by `data`),
 * at the document's server, which no part of the test serves. What it got is in `window.infiniteReport`.
 */
import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { setupWorker } from 'msw/browser';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createPagerCore } from 'pager-output/index.js';
import { listIssuesHandler } from 'pager-output/msw/index.js';
import { listIssuesInfiniteQueryOptions } from 'pager-output/tanstack-query/react.js';
import './reports.js';

const ISSUES = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, title: `issue ${i + 1}` }));
const core = createPagerCore({ baseUrl: 'https://pager.example.com' });
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

function Issues() {
  const issues = useInfiniteQuery(listIssuesInfiniteQueryOptions(core, { owner: 'octo', per_page: 3 }));
  const { hasNextPage, isFetchingNextPage, fetchNextPage, data, error } = issues;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const pages = data?.pages ?? [];
  useEffect(() => {
    if (error) {
      document.body.dataset['done'] = 'false';
      document.body.dataset['failure'] = `${error.name}: ${error.message}`;
    } else if (pages.length > 0 && !hasNextPage && !isFetchingNextPage) {
      window.infiniteReport = { pageSizes: pages.map((page) => page.items.length), items: pages.flatMap((page) => page.items) };
      document.body.dataset['done'] = 'true';
    }
  }, [error, pages, hasNextPage, isFetchingNextPage]);
  return (
    <ul id="issues">
      {pages.flatMap((page) => page.items.map((issue) => <li key={issue.id}>{issue.title}</li>))}
    </ul>
  );
}

try {
  const worker = setupWorker(listIssuesHandler({ data: ISSUES }));
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, quiet: true, onUnhandledRequest: 'error' });
  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root');
  createRoot(root).render(
    <QueryClientProvider client={queryClient}>
      <Issues />
    </QueryClientProvider>,
  );
} catch (error) {
  document.body.dataset['done'] = 'false';
  document.body.dataset['failure'] = String(error);
}
