/**
 * The TanStack Query output's view of the model: which operations are queries and which mutations,
 * their export names, their keys' literal part, and the tags keys select by.
 */
import type { ApiModel, OperationModel } from '../../model/types.js';
import { tsPropertyKey, tsString, tsUnion } from '../print.js';

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
}

/**
 * The view, and the operations left out: a streamed response (3.2 `itemSchema`) is an iterable a
 * query's cache cannot hold. `root` is the API's name as keys begin with it.
 *
 * Where `infiniteQueryOptions` will come from: a paged operation, which the model will say
 * (issue 42's pagination: an `OperationModel` field that names the page parameter and where the
 * next one is read), gets a third kind beside query and mutation here; nothing detects paging yet.
 */
export function queryView(model: ApiModel, root: string): { view: QueryView; streamed: OperationModel[] } {
  const kept = model.operations.filter((op) => op.data.kind !== 'stream');
  const operations = kept.map((op) => operationView(model, op));
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
    },
    streamed: model.operations.filter((op) => op.data.kind === 'stream'),
  };
}

function operationView(model: ApiModel, op: OperationModel): QueryOperationView {
  // A method that only reads is a query, the others mutations.
  const query = op.safeMethod;
  const kind = query ? 'Query' : 'Mutation';
  const params = `${model.names.api}Params<${tsString(op.operationId)}>`;
  const tags = op.tags.length === 0 ? '{}' : `{ ${[...new Set(op.tags)].map((tag) => `${tsPropertyKey(tag)}: true`).join(', ')} }`;
  return {
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
}

/** The tags the operations carry: the document's declared order first, then the others as they come. */
function operationTags(model: ApiModel, operations: readonly OperationModel[]): string[] {
  const used = new Set(operations.flatMap((op) => op.tags));
  return [...new Set([...model.tags.map((tag) => tag.name).filter((name) => used.has(name)), ...used])];
}
