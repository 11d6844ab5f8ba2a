/**
 * A paged operation's pages as the fixtures are served page by page (`fixtures/pages.ts`), by the
 * mock's routes and by the MSW handlers' alike: the model's pagination with its paths into the body
 * and its parameters by their names on the wire.
 */
import type { FixturePaging } from '../../../templates/fixtures/pages.js';
import { derefSchema, type SchemaResolver } from '../../model/schema-merge.js';
import type { ApiModel, OperationModel, PayloadPath } from '../../model/types.js';

/**
 * The pages of `op`'s fixture list: paths into the body (under the envelope's data where responses
 * are enveloped), parameters by their names on the wire, the page size's default where the
 * document gives one. None where the operation is not paged, or its page is asked for by a field
 * a server does not read from the query (a body property).
 */
export function fixturePaging(model: Pick<ApiModel, 'envelope'>, op: OperationModel, resolve: SchemaResolver): FixturePaging | undefined {
  const pagination = op.pagination;
  if (!pagination) return undefined;
  const envelopeData = op.data.fromEnvelope ? model.envelope?.dataProperty : undefined;
  const query = (name: string | undefined) => op.input.find((f) => f.name === name && f.in === 'query');
  const param = query(pagination.param);
  if (pagination.param !== undefined && !param) return undefined;
  const size = query(pagination.sizeParam);
  const body = (path: PayloadPath | undefined) => (path === undefined ? undefined : envelopeData === undefined ? path : [envelopeData, ...path]);
  const sizeDefault = size && derefSchema(size.schema, resolve).default;
  const paging: FixturePaging = { style: pagination.style, items: body(pagination.items) as PayloadPath };
  if (param) paging.param = param.wireName;
  if (size) paging.size = size.wireName;
  if (typeof sizeDefault === 'number' && Number.isInteger(sizeDefault) && sizeDefault > 0) paging.defaultSize = sizeDefault;
  for (const field of ['nextCursor', 'hasMore', 'nextUrl', 'totalPages'] as const) {
    const path = body(pagination[field]);
    if (path) paging[field] = path;
  }
  if (pagination.firstPage !== undefined) paging.firstPage = pagination.firstPage;
  return paging;
}
