/**
 * An operation's paging arguments, by role, from the names and types of its query parameters: what a
 * tool's cut result tells the agent to pass to get the rest (`page` and `per_page`, `offset` and
 * `limit`, a cursor such as `after`). Pure.
 */
import type { InputFieldModel, OperationModel } from './types.js';

/** Names of each role, compared without case, `_` or `-` (`per_page`, `perPage`, `page-size`). */
const ROLES: Record<keyof NonNullable<OperationModel['paging']>, { names: readonly string[]; integer: boolean }> = {
  page: { names: ['page', 'pagenumber', 'pageno'], integer: true },
  perPage: { names: ['perpage', 'pagesize', 'pagelimit', 'size'], integer: true },
  offset: { names: ['offset', 'skip', 'start', 'startindex'], integer: true },
  limit: { names: ['limit', 'count', 'maxresults', 'top', 'first'], integer: true },
  cursor: { names: ['cursor', 'after', 'pagetoken', 'nexttoken', 'continuationtoken', 'startingafter', 'marker'], integer: false },
};

/** The query parameters that page the operation's answer, by role; undefined when none does. */
export function pagingOf(input: readonly InputFieldModel[]): OperationModel['paging'] {
  const paging: NonNullable<OperationModel['paging']> = {};
  for (const field of input) {
    if (field.in !== 'query') continue;
    const key = field.name.toLowerCase().replace(/[_-]/g, '');
    const type = field.schema.type;
    for (const [role, { names, integer }] of Object.entries(ROLES) as [keyof typeof ROLES, (typeof ROLES)[keyof typeof ROLES]][]) {
      if (paging[role] !== undefined || !names.includes(key)) continue;
      if (integer ? type === 'integer' || type === 'number' : type === 'string' || type === undefined) paging[role] = field.name;
    }
  }
  // A page number needs its size to say where the rest starts; an offset stands alone.
  if (paging.page && !paging.perPage) delete paging.page;
  return Object.keys(paging).length > 0 ? paging : undefined;
}
