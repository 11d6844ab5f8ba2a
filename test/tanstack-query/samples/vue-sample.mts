/**
 * A Vue composable using the TanStack Query output, type-checked under strict by
 * typecheck.compat.test.ts: reactive input through a getter, the data and variables the client's types.
 */
import { QueryClient, useMutation, useQuery } from '@tanstack/vue-query';
import { ref } from 'vue';
import { createPodcastCore, type PodcastData, type PodcastParams } from 'podcast-output/index.js';
import { addImageMutationOptions, podcastKeys, quotaSummaryQueryOptions, searchCatalogQueryOptions } from 'podcast-output/tanstack-query/vue.js';
import { expectType, type Equal } from './equal.js';

const core = createPodcastCore({ apiKey: 'key', baseUrl: 'https://api.example.com' });

export function useCatalog() {
  const kind = ref<PodcastParams<'searchCatalog'>['kind']>('voices');
  const catalog = useQuery(() => searchCatalogQueryOptions(core, { kind: kind.value }));
  expectType<Equal<typeof catalog.data.value, PodcastData<'searchCatalog'> | undefined>>(true);
  const quota = useQuery(quotaSummaryQueryOptions(core));
  expectType<Equal<typeof quota.data.value, PodcastData<'quotaSummary'> | undefined>>(true);
  const addImage = useMutation(addImageMutationOptions(core));
  expectType<Equal<Parameters<typeof addImage.mutate>[0], PodcastParams<'addImage'> | void | undefined>>(true);
  return { kind, catalog, quota, addImage };
}

export async function invalidate(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: podcastKeys.operation('searchCatalog') });
  const cached = queryClient.getQueryData(quotaSummaryQueryOptions(core).queryKey);
  expectType<Equal<typeof cached, PodcastData<'quotaSummary'> | undefined>>(true);
  // @ts-expect-error: not a kind of catalog
  searchCatalogQueryOptions(core, { kind: 'podcasts' });
}
