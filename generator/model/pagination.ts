/**
 * Which operations give their results page by page, and how (`OperationModel.pagination`): the
 * operation's `x-pagination` or `x-speakeasy-pagination` extension where it has one
 * (model/pagination-extensions.ts), else what its names say. Only a GET (or QUERY) whose payload
 * holds a list is detected: a declared `Link` header; a cursor parameter answered by a next-cursor
 * field (or by `has_more` beside items with an `id`); an offset parameter; a page parameter; a
 * next-page address in the payload, in that order.
 */
import type { OpenApiDocument } from '../load/read-spec.js';
import type { Problem } from '../problems.js';
import { isList, plainSchema, propertiesOf, schemaAt } from './payload-paths.js';
import { paginationExtension, type RawPaginated } from './pagination-extensions.js';
import type { InputFieldModel, OperationModel, PaginationModel, PayloadPath, SchemaObject } from './types.js';

/** A name as it is compared: lower case, letters and digits only (`starting_after`, `startingAfter` -> `startingafter`). */
function normal(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const words = (text: string) => new Set(text.split(' '));
/** Parameters that carry a cursor (Stripe's `starting_after`, Google's `pageToken`, Notion's `start_cursor`, OData's `$skiptoken`). */
const CURSOR_PARAMS = words('cursor after startingafter pagetoken nextpagetoken nexttoken continuationtoken continuation startcursor pagecursor skiptoken');
/** Fields that answer with the next cursor (`next_cursor`, `nextPageToken`, GraphQL's `endCursor`). */
const NEXT_CURSOR_FIELDS = words(
  'nextcursor nextpagetoken nexttoken endcursor nextmarker continuationtoken nextcontinuationtoken nextpagecursor nextpage after',
);
/** Fields that say whether there is more (`has_more`). */
const HAS_MORE_FIELDS = words('hasmore hasnextpage hasnext');
const OFFSET_PARAMS = words('offset skip startindex');
const PAGE_PARAMS = words('page pagenumber pageno pagenum');
const SIZE_PARAMS = words('perpage pagesize limit size count maxresults pagelimit top maxitems');
/** Fields that give the next page's address (Azure's `nextLink`, OData's `@odata.nextLink`, `next`). */
const NEXT_URL_FIELDS = words('next nexturl nextlink nextpageurl odatanextlink');
const TOTAL_PAGES_FIELDS = words('totalpages pagecount numpages lastpage');
/** The names a page's list goes by where the payload has several lists. */
const ITEMS_FIELDS = words('data items results records entries values value list elements content nodes hits');
/** Objects of the payload the paging fields may sit in (`meta.next_cursor`, Slack's `response_metadata.next_cursor`). */
const PAGING_HOLDERS = words('meta metadata pagination paging pageinfo responsemetadata links cursors page');

/** What the detection reads of an operation. */
export interface PaginationSubject {
  document: OpenApiDocument;
  raw: RawPaginated;
  pointer: string;
  /** The method as the model reads it (`get`), and whether it is a fixed method's. */
  method: string;
  known: boolean;
  input: readonly InputFieldModel[];
  data: OperationModel['data'];
  success: OperationModel['success'];
  /** The envelope's data property, where the payload is the envelope's data. */
  envelopeData?: string;
  problems: Problem[];
}

/** The operation's pagination, or undefined where it gives its results at once (or the document says so). */
export function paginationOf(subject: PaginationSubject): PaginationModel | undefined {
  const declared = paginationExtension({ ...subject, itemsFound: () => itemsPath(subject.document, subject.data.schema) });
  if (declared !== undefined) return declared === false ? undefined : declared;
  const readable = subject.known && (subject.method === 'get' || subject.method === 'query');
  if (!readable || subject.data.kind !== 'json') return undefined;
  return detect(subject);
}

function detect(subject: PaginationSubject): PaginationModel | undefined {
  const { document, input } = subject;
  const payload = subject.data.schema;
  const items = itemsPath(document, payload);
  if (items === undefined) return undefined;
  const query = input.filter((f) => f.in === 'query');
  const param = (names: ReadonlySet<string>) => query.find((f) => names.has(normal(f.wireName)));
  const size = param(SIZE_PARAMS);
  const sized = size ? { sizeParam: size.name } : {};
  // Paging fields sit beside the list: at the payload's top, or in the page object that holds it.
  const holder = items.length > 1 ? items.slice(0, -1) : [];
  const found = (names: ReadonlySet<string>, fits?: (schema: SchemaObject | undefined) => boolean) => fieldPath(document, payload, names, fits, holder);
  const hasMore = found(HAS_MORE_FIELDS);
  const more = hasMore ? { hasMore } : {};
  const page = param(PAGE_PARAMS);
  // A Link header on a payload that only holds a list, with nothing to ask for a page by, is a
  // single resource's (GitHub declares one on a hosted runner, whose list is its IP addresses).
  const linked = subject.success.headers.some((h) => normal(h.name) === 'link');
  if (linked && (items.length === 0 || page || size || param(CURSOR_PARAMS)))
    return { style: 'link', source: 'detected', items, ...(page ? { param: page.name } : {}), ...sized };
  // A page parameter that takes text is a cursor (Stripe's search: `page` answered by `next_page`).
  const cursor = param(CURSOR_PARAMS) ?? (page && !isNumber(document, page.schema) ? page : undefined);
  const nextCursor = cursor && (found(NEXT_CURSOR_FIELDS, isText(document)) ?? (hasMore && lastItemId(document, payload, items)));
  if (cursor && nextCursor) return { style: 'cursor', source: 'detected', items, param: cursor.name, nextCursor, ...more, ...sized };
  const offset = param(OFFSET_PARAMS);
  if (offset) return { style: 'offset', source: 'detected', items, param: offset.name, ...more, ...sized };
  if (page && isNumber(document, page.schema)) {
    const totalPages = found(TOTAL_PAGES_FIELDS);
    const first = firstPage(document, page.schema);
    return { style: 'page', source: 'detected', items, param: page.name, ...more, ...sized, ...(totalPages ? { totalPages } : {}), ...first };
  }
  const nextUrl = found(NEXT_URL_FIELDS, isText(document));
  return nextUrl ? { style: 'url', source: 'detected', items, nextUrl, ...sized } : undefined;
}

/**
 * Where a page's list is: the payload itself, or its one list property (one of the usual names
 * where it has several). Undefined where the payload holds no list, or several none of which the
 * names tell apart.
 */
function itemsPath(document: OpenApiDocument, payload: SchemaObject, depth = 0): PayloadPath | undefined {
  const plain = plainSchema(document, payload);
  if (listsOnly(document, plain)) return [];
  const properties = Object.entries(plain?.properties ?? {});
  const lists = properties.filter(([, schema]) => listsOnly(document, plainSchema(document, schema)));
  if (lists.length === 1) return [(lists[0] as [string, SchemaObject])[0]];
  const named = lists.filter(([name]) => ITEMS_FIELDS.has(normal(name)));
  if (named.length === 1) return [(named[0] as [string, SchemaObject])[0]];
  if (lists.length > 0 || depth > 0) return undefined;
  // A page object under the payload's one property (Spotify's `{ categories: { items, next, ... } }`).
  const nested = properties.flatMap(([name, schema]) => {
    const inner = itemsPath(document, schema, depth + 1);
    return inner === undefined || inner.length === 0 ? [] : [[name, ...inner]];
  });
  return nested.length === 1 ? nested[0] : undefined;
}

/**
 * A list, or a choice of lists (GitHub's stargazers: `anyOf` a list of users or a list of
 * stargazers, as a header of the request chooses): either way the page is the list.
 */
function listsOnly(document: OpenApiDocument, plain: SchemaObject | undefined): boolean {
  if (isList(plain)) return true;
  const branches = plain?.anyOf ?? plain?.oneOf;
  return branches !== undefined && branches.length > 0 && branches.every((branch) => isList(plainSchema(document, branch)));
}

/** The first field of the payload (or of an object of it that holds paging fields, `meta`) whose name is one of `names`. */
function fieldPath(
  document: OpenApiDocument,
  payload: SchemaObject,
  names: ReadonlySet<string>,
  fits: (schema: SchemaObject | undefined) => boolean = () => true,
  at: PayloadPath = [],
): PayloadPath | undefined {
  const top = propertiesOf(document, schemaAt(document, payload, at));
  for (const [name, schema] of Object.entries(top)) if (names.has(normal(name)) && fits(plainSchema(document, schema))) return [...at, name];
  for (const [holder, schema] of Object.entries(top)) {
    if (!PAGING_HOLDERS.has(normal(holder))) continue;
    for (const [name, inner] of Object.entries(propertiesOf(document, schema)))
      if (names.has(normal(name)) && fits(plainSchema(document, inner))) return [...at, holder, name];
  }
  return at.length > 0 ? fieldPath(document, payload, names, fits, []) : undefined;
}

/** The last item's `id` (Stripe: `has_more` answered by `starting_after`), where the items have one. */
function lastItemId(document: OpenApiDocument, payload: SchemaObject, items: PayloadPath): PayloadPath | undefined {
  const hasId = (schema: SchemaObject | undefined): boolean => {
    const plain = plainSchema(document, schema);
    const branches = plain?.anyOf ?? plain?.oneOf;
    return plain?.properties?.['id'] !== undefined || (branches !== undefined && branches.length > 0 && branches.every(hasId));
  };
  return hasId(schemaAt(document, payload, [...items, -1])) ? [...items, -1, 'id'] : undefined;
}

/** A field that holds text (a cursor, an address): a string, or of no type. */
function isText(document: OpenApiDocument): (schema: SchemaObject | undefined) => boolean {
  return (schema) => {
    const type = plainSchema(document, schema)?.type;
    return type === undefined || type === 'string';
  };
}

/** A parameter that takes a number (a page number), or says nothing of its type. */
function isNumber(document: OpenApiDocument, schema: SchemaObject): boolean {
  const type = plainSchema(document, schema)?.type;
  return type === undefined || type === 'integer' || type === 'number';
}

/** A page parameter whose minimum (or default) is 0 counts from 0. */
function firstPage(document: OpenApiDocument, schema: SchemaObject): { firstPage?: number } {
  const plain = plainSchema(document, schema);
  return plain?.minimum === 0 || plain?.default === 0 ? { firstPage: 0 } : {};
}
