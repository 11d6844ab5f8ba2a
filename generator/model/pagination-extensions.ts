/**
 * An operation's pagination as its document declares it: podcast-gen's own `x-pagination`
 * (docs/client.md, "Pagination"), or Speakeasy's `x-speakeasy-pagination`, read so that documents
 * written for it work. Either overrides what the names would say; `x-pagination: false` says the
 * operation is not paged. A declaration the operation cannot meet is an error at its place.
 */
import type { OpenApiDocument } from '../load/read-spec.js';
import type { Problem } from '../problems.js';
import { isList, parsePayloadPath, payloadPathText, schemaAt } from './payload-paths.js';
import { pointerJoin } from './refs.js';
import type { InputFieldModel, OperationModel, PaginationModel, PayloadPath } from './types.js';

/** The extensions an operation may carry. */
export interface RawPaginated {
  'x-pagination'?: unknown;
  'x-speakeasy-pagination'?: unknown;
}

/** What reading a declaration needs of its operation. */
interface Declared {
  document: OpenApiDocument;
  raw: RawPaginated;
  pointer: string;
  input: readonly InputFieldModel[];
  data: OperationModel['data'];
  envelopeData?: string;
  problems: Problem[];
  /** The page's list where the declaration names none: as the names say. */
  itemsFound(): PayloadPath | undefined;
}

const STYLES: readonly PaginationModel['style'][] = ['link', 'cursor', 'page', 'offset', 'url'];

/** Thrown inside the readers: the declaration's fault, at a place below the extension. */
class Misdeclared extends Error {
  constructor(
    readonly at: (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

/**
 * The pagination an extension declares; `false` where `x-pagination: false` says the operation is
 * not paged, or where the declaration has a fault (reported: the run stops); undefined where the
 * operation declares none.
 */
export function paginationExtension(declared: Declared): PaginationModel | false | undefined {
  const own = declared.raw['x-pagination'];
  const speakeasy = declared.raw['x-speakeasy-pagination'];
  const [key, read] = own !== undefined ? (['x-pagination', readOwn] as const) : (['x-speakeasy-pagination', readSpeakeasy] as const);
  const value = own ?? speakeasy;
  if (value === undefined) return undefined;
  if (value === false && key === 'x-pagination') return false;
  try {
    if (!isObject(value)) throw new Misdeclared([], key === 'x-pagination' ? 'is an object, or false' : 'is an object');
    return read(declared, value);
  } catch (error) {
    if (!(error instanceof Misdeclared)) throw error;
    declared.problems.push({
      code: 'model/pagination-extension',
      severity: 'error',
      pointer: pointerJoin(declared.pointer, key, ...error.at),
      message: `${key}${error.at.length > 0 ? `.${error.at.join('.')}` : ''} ${error.message}`,
      hint: 'see docs/client.md, "Pagination", for its shape; x-pagination: false says the operation is not paged',
    });
    return false;
  }
}

/** podcast-gen's `x-pagination`: `{ style, items?, param?, size?, nextCursor?, hasMore?, nextUrl?, totalPages?, firstPage? }`. */
function readOwn(declared: Declared, value: Record<string, unknown>): PaginationModel {
  const style = value['style'];
  if (typeof style !== 'string' || !STYLES.includes(style as PaginationModel['style'])) throw new Misdeclared(['style'], `is one of ${STYLES.join(', ')}`);
  const model: PaginationModel = { style: style as PaginationModel['style'], source: 'x-pagination', items: itemsAt(declared, value['items'], ['items']) };
  if (value['param'] !== undefined) model.param = inputNamed(declared, value['param'], ['param']);
  if (value['size'] !== undefined) model.sizeParam = inputNamed(declared, value['size'], ['size']);
  for (const field of ['nextCursor', 'hasMore', 'nextUrl', 'totalPages'] as const)
    if (value[field] !== undefined) model[field] = payloadPath(declared, value[field], [field]);
  if (value['firstPage'] !== undefined) {
    if (!Number.isInteger(value['firstPage'])) throw new Misdeclared(['firstPage'], 'is an integer');
    model.firstPage = value['firstPage'] as number;
  }
  return complete(model);
}

/**
 * Speakeasy's `x-speakeasy-pagination`: `{ type: offsetLimit | cursor | url, inputs: [{ name, in:
 * parameters | requestBody, type: page | offset | limit | cursor }], outputs: { results, numPages,
 * nextCursor, nextUrl } }`, its outputs JSONPaths into the response body.
 */
function readSpeakeasy(declared: Declared, value: Record<string, unknown>): PaginationModel {
  const type = value['type'];
  const inputs = Array.isArray(value['inputs']) ? value['inputs'] : value['inputs'] === undefined ? [] : undefined;
  if (!inputs) throw new Misdeclared(['inputs'], 'is a list of { name, in, type }');
  const outputs = isObject(value['outputs']) ? value['outputs'] : {};
  const input = (kind: string) => {
    const at = inputs.findIndex((entry) => isObject(entry) && entry['type'] === kind);
    return at < 0 ? undefined : inputNamed(declared, (inputs[at] as Record<string, unknown>)['name'], ['inputs', at, 'name']);
  };
  const page = input('page');
  const style = type === 'cursor' ? 'cursor' : type === 'url' ? 'url' : type === 'offsetLimit' ? (page ? 'page' : 'offset') : undefined;
  if (!style) throw new Misdeclared(['type'], 'is offsetLimit, cursor or url');
  const model: PaginationModel = { style, source: 'x-speakeasy-pagination', items: itemsAt(declared, outputs['results'], ['outputs', 'results']) };
  const param = style === 'cursor' ? input('cursor') : style === 'page' ? page : style === 'offset' ? input('offset') : undefined;
  if (param) model.param = param;
  const size = input('limit');
  if (size) model.sizeParam = size;
  if (outputs['nextCursor'] !== undefined) model.nextCursor = payloadPath(declared, outputs['nextCursor'], ['outputs', 'nextCursor']);
  if (outputs['nextUrl'] !== undefined) model.nextUrl = payloadPath(declared, outputs['nextUrl'], ['outputs', 'nextUrl']);
  if (outputs['numPages'] !== undefined) model.totalPages = payloadPath(declared, outputs['numPages'], ['outputs', 'numPages']);
  return complete(model);
}

/** A declaration holds what its style needs to find the next page. */
function complete(model: PaginationModel): PaginationModel {
  const needs: Partial<Record<PaginationModel['style'], [keyof PaginationModel, string][]>> = {
    cursor: [
      ['param', 'the parameter that takes the cursor'],
      ['nextCursor', 'where the next cursor is'],
    ],
    page: [['param', 'the page number parameter']],
    offset: [['param', 'the offset parameter']],
    url: [['nextUrl', "where the next page's address is"]],
  };
  for (const [field, what] of needs[model.style] ?? [])
    if (model[field] === undefined) throw new Misdeclared([], `of style ${model.style} names ${what} (${String(field)})`);
  return model;
}

/** The page's list: the path given (it must lead to a list of the payload), else the payload where it is a list. */
function itemsAt(declared: Declared, value: unknown, at: (string | number)[]): PayloadPath {
  if (declared.data.kind !== 'json') throw new Misdeclared([], `needs a JSON response, and the operation's is ${declared.data.kind}`);
  const path = value === undefined ? declared.itemsFound() : payloadPath(declared, value, at);
  if (path === undefined) throw new Misdeclared(at, 'is needed: the response is no list, nor has one list');
  if (!isList(schemaAt(declared.document, declared.data.schema, path))) throw new Misdeclared(at, `(${payloadPathText(path)}) is no list of the response`);
  return path;
}

/** A JSONPath into the response's body, as a path into the payload (within the envelope's data where responses are enveloped). */
function payloadPath(declared: Declared, value: unknown, at: (string | number)[]): PayloadPath {
  const path = typeof value === 'string' ? parsePayloadPath(value) : undefined;
  if (!path) throw new Misdeclared(at, 'is a path into the response body: `$.data`, `$.meta.next_cursor`, `$.data[-1].id`');
  const envelope = declared.envelopeData;
  if (envelope === undefined) return path;
  if (path[0] !== envelope) throw new Misdeclared(at, `(${String(value)}) is outside the envelope's ${envelope}, the operation's payload`);
  return path.slice(1);
}

/** The input field of the operation whose name on the wire is `value` (a query parameter, or a body property). */
function inputNamed(declared: Declared, value: unknown, at: (string | number)[]): string {
  const field =
    typeof value === 'string'
      ? declared.input.find((f) => f.wireName === value && (f.in === 'query' || f.in === 'body-field' || f.in === 'header'))
      : undefined;
  if (!field) throw new Misdeclared(at, `(${JSON.stringify(value)}) is no query parameter or body property of the operation`);
  return field.name;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
