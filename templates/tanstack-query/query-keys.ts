/**
 * What the TanStack Query options share, the same for every document: the shapes of a query and a
 * mutation as TanStack Query takes them (every adapter: React, Vue, Svelte, Solid, Angular), and
 * the keys that select many at once. Imports nothing of TanStack Query: the per-framework files do.
 */
import type { RequestOptions } from '../runtime.js';

/** The options a query passes on to the client: TanStack Query gives the signal (it cancels a query nobody reads any more). */
export type QueryRequestOptions = Omit<RequestOptions, 'signal'>;

/** A query as TanStack Query takes it (`useQuery`, `queryOptions`, `fetchQuery`): its key, and the function that fetches its data. */
export interface OperationQuery<Key extends readonly unknown[], Data> {
  queryKey: Key;
  queryFn: (context: { signal: AbortSignal }) => Promise<Data>;
}

/** A mutation as TanStack Query takes it (`useMutation`, `mutationOptions`): its key, and the function that runs it. */
export interface OperationMutation<Key extends readonly unknown[], Params, Data> {
  mutationKey: Key;
  mutationFn: (params: Params) => Promise<Data>;
}

/**
 * The key that selects every query (and mutation) of the operations with `tag`: an operation's key
 * holds its tags as an object (`{ tags: { images: true } }`), which TanStack Query's filters match
 * in part, so one key selects every operation of a tag whatever its other tags.
 */
export function tagKey<Root extends string, Tag extends string>(root: Root, tag: Tag): readonly [Root, { readonly tags: { readonly [T in Tag]: true } }] {
  // A computed key: `__proto__` as a tag stays a property.
  return [root, { tags: { [tag]: true } as { readonly [T in Tag]: true } }];
}

/** The key that selects every query (and mutation) of one operation, whatever its parameters. */
export function operationKey<Root extends string, Id extends string>(root: Root, operationId: Id): readonly [Root, { readonly operationId: Id }] {
  return [root, { operationId }];
}
