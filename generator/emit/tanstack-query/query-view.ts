/**
 * The TanStack Query output's view of the model: which operations are queries and which mutations,
 * which queries are paged (infinite queries too, by the model's pagination), their export names,
 * their keys' literal part, and the tags keys select by.
 */
import type { ApiModel, OperationModel } from '../../model/types.js';
import { tsPropertyKey, tsString, tsUnion } from '../print.js';
import { operationExports } from '../shared/operation-exports.js';

/** What the templates receive for one operation. */
export interface QueryOperationView {
  operationId: string;
  methodName: string;
  /** True for a query (a safe method), false for a mutation. */
  query: boolean;
  hasInput: boolean;
  inputRequired: boolean;
  /** `quotaSummaryQueryKey` / `addImageMutationKey`. */
  keyName: string;
  /** The framework-neutral builder: `quotaSummaryQuery` / `addImageMutation`. */
  builderName: string;
  /** The framework file's export: `quotaSummaryQueryOptions` / `addImageMutationOptions`. */
  optionsName: string;
  /** The key's object: `{ operationId: "addImage", tags: { images: true } }`. */
  keyPart: string;
  /** A mutation's variables: its input, `| void` where it is optional, `void` where it takes none. */
  variablesType: string;
  docLines: string[];
  /** For a paged query (the model's `pagination`): its infinite query's names, key and spec. */
  infinite?: InfiniteQueryView;
}

/** What the templates receive of a paged query's infinite query. */
export interface InfiniteQueryView {
  /** `listIssuesInfiniteQueryKey`. */
  keyName: string;
  /** The framework-neutral builder: `listIssuesInfiniteQuery`. */
  builderName: string;
  /** The framework file's export: `listIssuesInfiniteQueryOptions`. */
  optionsName: string;
  /** The key's object: the query's, marked infinite (an infinite query's cache holds pages, a query's one payload). */
  keyPart: string;
  /** Its wire descriptor's export in `operations.ts` (`listIssuesSpec`), whose `paging` the walk reads. */
  specName: string;
  docLines: string[];
}

/** What the templates receive. */
export interface QueryView {
  title: string;
  /** The API's name in type names (`Podcast`). */
  api: string;
  /** The first item of every key (`podcast`). */
  root: string;
  /** `podcastKeys`. */
  keysName: string;
  /** `PodcastTag`, and its members as string literals. */
  tagType: string;
  tagUnion: string;
  operations: QueryOperationView[];
  queries: boolean;
  mutations: boolean;
  /** Whether some operation's input type is printed (`PodcastParams`). */
  usesParams: boolean;
  /** Whether some query is paged (the infinite queries' code is then imported). */
  infinites: boolean;
}

/**
 * The view, and the operations left out: a streamed response (3.2 `itemSchema`) is an iterable a
 * query's cache cannot hold. `root` is the API's name as keys begin with it.
 */
export function queryView(model: ApiModel, root: string): { view: QueryView; streamed: OperationModel[] } {
  const kept = model.operations.filter((op) => op.data.kind !== 'stream');
  const exports = operationExports(model);
  const operations = kept.map((op) => operationView(model, op, exports.get(op.operationId)?.spec as string));
  return {
    view: {
      title: model.title,
      api: model.names.api,
      root,
      keysName: `${root}Keys`,
      tagType: `${model.names.api}Tag`,
      tagUnion: tsUnion(operationTags(model, kept).map(tsString)),
      operations,
      queries: operations.some((op) => op.query),
      mutations: operations.some((op) => !op.query),
      usesParams: operations.some((op) => op.hasInput),
      infinites: operations.some((op) => op.infinite !== undefined),
    },
    streamed: model.operations.filter((op) => op.data.kind === 'stream'),
  };
}

function operationView(model: ApiModel, op: OperationModel, specName: string): QueryOperationView {
  // A method that only reads is a query, the others mutations.
  const query = op.safeMethod;
  const kind = query ? 'Query' : 'Mutation';
  const params = `${model.names.api}Params<${tsString(op.operationId)}>`;
  const tags = op.tags.length === 0 ? '{}' : `{ ${[...new Set(op.tags)].map((tag) => `${tsPropertyKey(tag)}: true`).join(', ')} }`;
  const view: QueryOperationView = {
    operationId: op.operationId,
    methodName: op.methodName,
    query,
    hasInput: op.hasInput,
    inputRequired: op.inputRequired,
    keyName: `${op.methodName}${kind}Key`,
    builderName: `${op.methodName}${kind}`,
    optionsName: `${op.methodName}${kind}Options`,
    keyPart: `{ operationId: ${tsString(op.operationId)}, tags: ${tags} }`,
    variablesType: !op.hasInput ? 'void' : op.inputRequired ? params : `${params} | void`,
    docLines: [
      ...(op.summary ? [op.summary, ''] : []),
      `The ${query ? 'query' : 'mutation'} of \`${op.httpMethod} ${op.path}\` (operationId \`${op.operationId}\`), through the client's \`${op.methodName}\`.`,
      ...(op.deprecated ? ['@deprecated'] : []),
    ],
  };
  // A paged query's pages, as the client's `.pages()` walks them, for `infiniteQueryOptions`.
  if (query && op.pagination)
    view.infinite = {
      keyName: `${op.methodName}InfiniteQueryKey`,
      builderName: `${op.methodName}InfiniteQuery`,
      optionsName: `${op.methodName}InfiniteQueryOptions`,
      keyPart: `{ operationId: ${tsString(op.operationId)}, tags: ${tags}, infinite: true }`,
      specName,
      docLines: [
        ...(op.summary ? [op.summary, ''] : []),
        `The infinite query of \`${op.httpMethod} ${op.path}\` (operationId \`${op.operationId}\`): its pages (${op.pagination.style}), each through the client's \`${op.methodName}\`, the next one as the client's \`.pages()\` finds it.`,
        ...(op.deprecated ? ['@deprecated'] : []),
      ],
    };
  return view;
}

/** The tags the operations carry: the document's declared order first, then the others as they come. */
function operationTags(model: ApiModel, operations: readonly OperationModel[]): string[] {
  const used = new Set(operations.flatMap((op) => op.tags));
  return [...new Set([...model.tags.map((tag) => tag.name).filter((name) => used.has(name)), ...used])];
}
