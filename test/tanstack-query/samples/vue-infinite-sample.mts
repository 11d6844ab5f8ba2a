/**
 * A Vue composable using the TanStack Query output's infinite queries (test/fixtures/paging/styles.yaml),
 * type-checked under strict by typecheck.compat.test.ts: each page's items the operation's items.
 */
import { useInfiniteQuery } from '@tanstack/vue-query';
import { ref } from 'vue';
import { createPagerCore, type PagerData } from 'pager-output/index.js';
import { listTracksInfiniteQueryOptions } from 'pager-output/tanstack-query/vue.js';
import { expectType, type Equal } from './equal.js';

const core = createPagerCore({ baseUrl: 'https://pager.example.com' });

export function useTracks() {
  const limit = ref(20);
  const tracks = useInfiniteQuery(() => listTracksInfiniteQueryOptions(core, { limit: limit.value }));
  const pages = tracks.data.value?.pages ?? [];
  expectType<Equal<(typeof pages)[number]['items'][number], NonNullable<PagerData<'listTracks'>['items']>[number]>>(true);
  // @ts-expect-error: limit is a number
  listTracksInfiniteQueryOptions(core, { limit: 'ten' });
  return { limit, tracks, more: () => tracks.fetchNextPage() };
}
