/**
 * The React page of query-and-msw.compat.test.ts: a component that reads the API through the
 * TanStack Query output (`podcast-output` is the generated folder), runs a mutation and invalidates
 * by tag, rendered by React in the browser. What it shows is in the DOM, and in `window.queryReport`.
 * Query: `api` (the mock's base address).
 */
import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createPodcastCore } from 'podcast-output/index.js';
import {
  addImageMutationOptions,
  listImageBackgroundsQueryOptions,
  podcastKeys,
  quotaSummaryQueryOptions,
  searchCatalogQueryOptions,
} from 'podcast-output/tanstack-query/react.js';
import './reports.js';

const core = createPodcastCore({ apiKey: 'browser-key', baseUrl: new URLSearchParams(location.search).get('api') ?? '' });
// The client retries what is safe to; the queries do not retry on top of it.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

function Page() {
  const quota = useQuery(quotaSummaryQueryOptions(core));
  const catalog = useQuery(searchCatalogQueryOptions(core, { kind: 'voices' }));
  const backgrounds = useQuery(listImageBackgroundsQueryOptions(core));
  const client = useQueryClient();
  const addImage = useMutation({
    ...addImageMutationOptions(core),
    onSuccess: () => client.invalidateQueries({ queryKey: podcastKeys.tag('Templates and visual podcasts') }),
  });
  const loaded = quota.isSuccess && catalog.isSuccess && backgrounds.isSuccess;
  const { mutate } = addImage;
  useEffect(() => {
    if (loaded) mutate({ image_material: 'https://cdn.example.com/uploads/browser.png' });
  }, [loaded, mutate]);
  const fetches = client.getQueryState(listImageBackgroundsQueryOptions(core).queryKey)?.dataUpdateCount ?? 0;
  const done = addImage.isSuccess && !backgrounds.isFetching && fetches >= 2;
  const failure = [quota, catalog, backgrounds, addImage].find((result) => result.isError)?.error;
  useEffect(() => {
    if (failure) {
      document.body.dataset['done'] = 'false';
      document.body.dataset['failure'] = `${failure.name}: ${failure.message}`;
    } else if (done) {
      window.queryReport = { quota: quota.data, catalog: catalog.data, backgrounds: backgrounds.data, added: addImage.data, backgroundFetches: fetches };
      document.body.dataset['done'] = 'true';
    }
  }, [failure, done, quota.data, catalog.data, backgrounds.data, addImage.data, fetches]);
  return (
    <main>
      <h1>Credits</h1>
      <output id="credits">{quota.data?.credits_remaining}</output>
      <output id="plan">{quota.data?.plan_name}</output>
      <ul id="backgrounds">
        {backgrounds.data?.list?.map((background) => (
          <li key={background.id}>{background.background}</li>
        ))}
      </ul>
      <output id="added">{addImage.data?.id}</output>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root');
createRoot(root).render(
  <QueryClientProvider client={queryClient}>
    <Page />
  </QueryClientProvider>,
);
