/**
 * A React component using the TanStack Query output, type-checked under strict by
 * typecheck.compat.test.ts: the data, variables and keys are the client's types, and wrong input is
 * refused (each `@ts-expect-error` must meet an error, or the check fails).
 */
import { QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createPodcastCore, type PodcastData, type PodcastParams } from 'podcast-output/index.js';
import {
  addImageMutationOptions,
  deleteImageMutationOptions,
  getVoiceCloneAllowanceQueryOptions,
  podcastKeys,
  quotaSummaryQueryKey,
  quotaSummaryQueryOptions,
  searchCatalogQueryOptions,
} from 'podcast-output/tanstack-query/react.js';
import { expectType, type Equal } from './equal.js';

const core = createPodcastCore({ apiKey: 'key', baseUrl: 'https://api.example.com' });

export function Credits() {
  const quota = useQuery(quotaSummaryQueryOptions(core));
  expectType<Equal<typeof quota.data, PodcastData<'quotaSummary'> | undefined>>(true);
  const catalog = useQuery({ ...searchCatalogQueryOptions(core, { kind: 'voices' }, { timeoutMs: 5000 }), staleTime: 60_000 });
  expectType<Equal<typeof catalog.data, PodcastData<'searchCatalog'> | undefined>>(true);
  const allowance = useQuery({ ...getVoiceCloneAllowanceQueryOptions(core), select: (data) => data.free_count });
  expectType<Equal<typeof allowance.data, number | undefined>>(true);
  const queryClient = useQueryClient();
  const addImage = useMutation({
    ...addImageMutationOptions(core),
    onSuccess: (image) => {
      expectType<Equal<typeof image, PodcastData<'addImage'>>>(true);
      return queryClient.invalidateQueries({ queryKey: podcastKeys.tag('Templates and visual podcasts') });
    },
  });
  // Its input is optional (no field is required): `mutate()` too (TanStack Query adds `undefined` to an optional argument).
  expectType<Equal<Parameters<typeof addImage.mutate>[0], PodcastParams<'addImage'> | void | undefined>>(true);
  const deleteImage = useMutation(deleteImageMutationOptions(core));
  expectType<Equal<Parameters<typeof deleteImage.mutate>[0], PodcastParams<'deleteImage'>>>(true);
  return (
    <button type="button" onClick={() => deleteImage.mutate({ id: 7 })}>
      {quota.data?.credits_remaining} {allowance.data}
    </button>
  );
}

export function refused(queryClient: QueryClient): void {
  // The key types what the cache holds.
  const cached = queryClient.getQueryData(quotaSummaryQueryOptions(core).queryKey);
  expectType<Equal<typeof cached, PodcastData<'quotaSummary'> | undefined>>(true);
  expectType<Equal<ReturnType<typeof quotaSummaryQueryKey>[0], 'podcast'>>(true);
  // @ts-expect-error: not a kind of catalog
  searchCatalogQueryOptions(core, { kind: 'podcasts' });
  // @ts-expect-error: the input is required
  searchCatalogQueryOptions(core);
  // @ts-expect-error: the query's signal is TanStack Query's to give
  quotaSummaryQueryOptions(core, { signal: new AbortController().signal });
  // @ts-expect-error: each mutate is its own call, with its own idempotency key
  addImageMutationOptions(core, { idempotencyKey: 'one-for-all' });
  // @ts-expect-error: a tag no operation has
  podcastKeys.tag('Images');
  // @ts-expect-error: an operation the document does not have
  podcastKeys.operation('searchCatalogs');
}
