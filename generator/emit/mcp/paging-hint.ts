/**
 * A paged operation's tool says how to get the next page: in a sentence of its description (the
 * argument to set and where its value is in the result), and in what a cut result says of the call
 * that gets the rest (the binding's `paging`, which templates/mcp/result-budget.ts reads). Both from
 * the one model field, `OperationModel.pagination`.
 */
import { payloadPathText } from '../../model/payload-paths.js';
import type { OperationModel } from '../../model/types.js';
import type { Paging } from '../../../templates/mcp/result-budget.js';

export type { Paging };

/**
 * The tool binding's paging: the operation's pagination as the result budget reads it, with the
 * paged list's place in the structured result (under `data` where the payload is wrapped).
 * Undefined for an operation that is not paged.
 */
export function budgetPaging(operation: OperationModel, wrapData: boolean): Paging | undefined {
  const pagination = operation.pagination;
  if (!pagination) return undefined;
  const steps = pagination.items.filter((step): step is string => typeof step === 'string');
  const paging: Paging = { style: pagination.style, list: wrapData ? ['data', ...steps] : steps };
  if (pagination.param !== undefined) paging.param = pagination.param;
  if (pagination.sizeParam !== undefined) paging.sizeParam = pagination.sizeParam;
  if (pagination.firstPage !== undefined) paging.firstPage = pagination.firstPage;
  return paging;
}

/** The sentence, or undefined for an operation that is not paged. */
export function pagingHint(operation: OperationModel): string | undefined {
  const paging = operation.pagination;
  if (!paging) return undefined;
  const place = (path: readonly (string | number)[]) => `\`${payloadPathText(path)}\``;
  const param = paging.param === undefined ? undefined : `\`${paging.param}\``;
  const last = paging.sizeParam === undefined ? 'an empty page is the last' : `a page of fewer items than \`${paging.sizeParam}\` is the last`;
  const more = paging.hasMore === undefined ? '' : `, while ${place(paging.hasMore)} is true`;
  const counted = `for the next page, call again with ${param} one more (the first is ${paging.firstPage ?? 1}); ${last}.`;
  switch (paging.style) {
    case 'cursor': {
      const cursor = paging.nextCursor ?? [];
      const at = cursor.indexOf(-1);
      const from = at >= 0 ? `the ${place(cursor.slice(at + 1))} of the last item of ${place(cursor.slice(0, at))}` : `the result's ${place(cursor)}`;
      return `Paged: for the next page, call again with ${param} set to ${from}${more}; without one, this was the last page.`;
    }
    case 'offset':
      return `Paged: for the next page, call again with ${param} increased by the number of items in ${place(paging.items)}${more}; ${last}.`;
    case 'page':
      return `Paged: ${counted}`;
    case 'link':
      return param === undefined ? 'Paged by a Link header this tool does not show: it gives the first page.' : `Paged: ${counted}`;
    default:
      return `Paged: the result's ${place(paging.nextUrl ?? [])} is the next page's address, which this tool does not follow: it gives the first page.`;
  }
}
