/// <reference types="node" />
/**
 * The mock's view of a document (its routes, credential and failure body, as `routes.ts` holds them)
 * and how it reads a request back into the input object the client was given: each parameter by its
 * style and explode, each wire string coerced to the JSON type its schema wants.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FixturePaging } from '../fixtures/pages.js';

/**
 * JSON type a wire string is coerced to before validation. Of a oneOf of several types: `scalar`, a
 * number or a boolean where the text is one; `structured`, an object or array where the text is its
 * JSON; `mixed`, either; else the text.
 */
export type WireType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'any' | 'scalar' | 'structured' | 'mixed';

/** One input field as the mock reads it back from a request. */
export interface MockField {
  name: string;
  in: 'path' | 'query' | 'querystring' | 'header' | 'cookie' | 'body-field' | 'body';
  /** Its name on the wire, where that is not `name` (read through wireName()). */
  wireName?: string;
  type: WireType;
  /** For arrays: the items' type. */
  itemType?: WireType;
  /**
   * How a parameter (or a form body's field, by the body's `encoding`) is written, where the document
   * says: OpenAPI `style` (query: form, spaceDelimited, pipeDelimited, deepObject; path: simple,
   * label, matrix; header: simple; cookie: form) and `explode`.
   */
  style?: string;
  explode?: boolean;
  /** For `in: querystring`: the media type of the whole query string. */
  contentType?: string;
  /** For a form-encoded querystring, or an object read from a query, a form, a path, a header or a cookie: each property's JSON type, to coerce its text to. */
  properties?: Record<string, WireType>;
  /** For a deepObject: the items' type of each array property (written comma-joined). */
  propertyItems?: Record<string, WireType>;
  /** For an object read from a query, a form or a cookie: true when it declares no properties (any key no other field takes is its). */
  anyKeys?: boolean;
  /** With `anyKeys`: its entries' JSON type (`additionalProperties`), where they are not text (SNS's message attributes: objects, sent as JSON). */
  entryType?: WireType;
}

/** A field's name on the wire: its own name unless the route gives another. */
export function wireName(field: MockField): string {
  return field.wireName ?? field.name;
}

/** One operation as the mock routes it (generator/emit/mock/route-table.ts writes them into `routes.ts`). */
export interface MockRoute {
  operationId: string;
  method: string;
  path: string;
  /** `name=value` pairs of the document's path fragment: a header or query parameter the request carries. */
  fragment?: readonly (readonly [string, string])[];
  /** Path parameters the document's template writes into its query part (`?lat={lat}`): `[query key, parameter]`. */
  queryParameters?: readonly (readonly [string, string])[];
  /** Of a path segment holding several parameters, the values of those with an enum, as sent: they tell where one ends (Buffer's `{id}{mediaTypeExtension}`, `.json`). */
  choices?: Readonly<Record<string, readonly string[]>>;
  fields: readonly MockField[];
  /** How the body is read: JSON, a form, or not read field by field (validation is then skipped). */
  bodyKind?: 'json' | 'form' | 'other';
  /** Every media type the document declares for the body (wildcards such as `image/*` included): another is refused 415. */
  bodyTypes?: readonly string[];
  /** The document requires a body. */
  bodyRequired?: true;
  /** The body's fields are spread into the input: a JSON body must be an object. */
  bodyObject?: true;
  idempotency?: { header: string; required?: true; minLength?: number; maxLength?: number };
  /** The 429 body's field that carries the wait in seconds. */
  retryAfterField?: string;
  /**
   * The error responses the operation declares, in the document's order: `key` as the document
   * writes it (`400`, `4XX`, `default`), the status of its fixture among the fixture's `errors`, and
   * its media type where it has a body. A refusal is sent as the one that covers its status.
   */
  declared?: readonly MockDeclaredError[];
  /** How a paged operation's fixture list is served page by page. */
  paging?: FixturePaging;
}

/** An error response an operation declares, as the mock answers with it. */
export interface MockDeclaredError {
  key: string;
  fixture: number;
  type?: string;
}

/** Where a security scheme's credential travels: an API key's header, query parameter or cookie, or the `Authorization` header. */
export type MockScheme = { kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string } | { kind: 'bearer' | 'basic' | 'oauth2' | 'openIdConnect' };

/** The document's security as the mock checks it. */
export interface MockAuth {
  /** The schemes by name. */
  schemes: Readonly<Record<string, MockScheme>>;
  /** What most operations require. */
  security: MockRequirement;
  /** The requirements of the other operations, by operationId. */
  operations?: Readonly<Record<string, MockRequirement>>;
}

/**
 * An operation's requirement: alternatives, each the schemes sent together (`[]`: nothing), or why
 * no request can meet it (mutual TLS, a scheme the document does not declare): it is never let in.
 */
export type MockRequirement = readonly (readonly string[])[] | { readonly unsatisfiable: string };

/** A document without security. */
export const NO_AUTH: MockAuth = { schemes: {}, security: [] };

/** The failure body the mock answers with (401, 400, 404, 405, injected faults without a fixture), and the keys that carry code, message, cause, details and request id. */
export interface MockFailureShape {
  template: Record<string, unknown>;
  codeKey?: string;
  messageKey?: string;
  causeKey?: string;
  detailsKey?: string;
  ridKey?: string;
}

/** What a request carried, by location. */
export interface RequestParts {
  /** Each path parameter's text as sent, percent-escaped. */
  pathParams: Record<string, string>;
  query: URLSearchParams;
  /** The whole query string, without its `?` (an OpenAPI 3.2 querystring parameter's value). */
  rawQuery: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * The client's flattened input object rebuilt from a request: what the params validator checks.
 * `auth`: the document's security, whose cookie or query keys no field takes.
 */
export function readInput(route: MockRoute, parts: RequestParts, auth: MockAuth = NO_AUTH): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const cookies = parseCookies(parts.headers.cookie);
  const cookieNames = new Set(route.fields.filter((f) => f.in === 'cookie').map((f) => wireName(f)));
  for (const scheme of Object.values(auth.schemes)) if (scheme.kind === 'apiKey' && scheme.in === 'cookie') cookieNames.add(scheme.name);
  const queryNames = new Set(route.fields.filter((f) => f.in === 'query').map((f) => wireName(f)));
  for (const scheme of Object.values(auth.schemes)) if (scheme.kind === 'apiKey' && scheme.in === 'query') queryNames.add(scheme.name);
  const bodyObject = parts.body !== null && typeof parts.body === 'object' && !Array.isArray(parts.body) ? (parts.body as Record<string, unknown>) : {};
  for (const field of route.fields) {
    let value: unknown;
    if (field.in === 'path') value = readPath(field, parts.pathParams[wireName(field)]);
    else if (field.in === 'query') value = readStyled(field, parts.query, queryNames, false);
    else if (field.in === 'querystring') value = readQuerystring(field, parts.rawQuery);
    else if (field.in === 'header') value = readSimple(field, headerValue(parts.headers, wireName(field)), field.explode ?? false, ',', (text) => text);
    else if (field.in === 'cookie') value = readCookie(field, cookies, cookieNames);
    else if (field.in === 'body-field') value = bodyObject[wireName(field)];
    else value = parts.body;
    if (value !== undefined) input[field.name] = value;
  }
  return input;
}

/** A querystring parameter's value: a form read into an object (each property coerced), else the decoded text (parsed when JSON). */
function readQuerystring(field: MockField, raw: string): unknown {
  if (raw === '') return undefined;
  const type = (field.contentType ?? '').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const value: Record<string, unknown> = {};
    const form = new URLSearchParams(raw);
    for (const name of new Set(form.keys())) {
      const all = form.getAll(name);
      const wire = field.properties?.[name] ?? 'any';
      value[name] = wire === 'array' ? all : coerce(all[0], wire);
    }
    return value;
  }
  const text = safeDecode(raw);
  return type.includes('json') ? coerce(text, 'object') : text;
}

/**
 * An application/x-www-form-urlencoded body read back as the object the client sent (wire names to
 * typed values): each field by its `encoding`'s style and explode, else as the client writes a form
 * (an array as repeated keys, one key being a one-item array; an object as JSON text).
 */
export function readForm(route: MockRoute, raw: string): Record<string, unknown> {
  const form = new URLSearchParams(raw);
  const fields = route.fields.filter((f) => f.in === 'body-field');
  const names = new Set(fields.map((f) => wireName(f)));
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = readStyled(field, form, names, true);
    if (value !== undefined) body[wireName(field)] = value;
  }
  // A form body taken whole (not spread into fields, as where a property named `body` would take the
  // body's own name): every key, a repeated one or an array's as a list.
  const whole = fields.length === 0 ? route.fields.find((f) => f.in === 'body') : undefined;
  for (const key of whole ? new Set(form.keys()) : []) {
    const type = whole?.properties?.[key] ?? 'any';
    const values = form.getAll(key);
    body[key] = type === 'array' || values.length > 1 ? values : coerce(values[0], type);
  }
  return body;
}

/**
 * One value of a query (or a form body) read by OpenAPI's style and explode, as the client writes it:
 * form (explode by default: repeated keys, an object's properties as keys of their own; else
 * comma-separated), spaceDelimited and pipeDelimited (one value split on ` ` or `|`, repeated keys
 * when exploded), deepObject (`name[key]=value`). `names`: the keys other fields take. A form body's
 * field the document gives no style keeps the client's default (`plainForm`).
 */
function readStyled(field: MockField, params: URLSearchParams, names: ReadonlySet<string>, plainForm: boolean): unknown {
  const plain = plainForm && field.style === undefined && field.explode === undefined;
  const style = field.style ?? 'form';
  const explode = field.explode ?? style === 'form';
  const name = wireName(field);
  if (field.type === 'object' && !plain) {
    const object: Record<string, unknown> = {};
    const typeOf = (key: string): WireType => field.properties?.[key] ?? field.entryType ?? 'any';
    if (style === 'deepObject') {
      for (const [key, value] of params) {
        if (!key.startsWith(`${name}[`) || !key.endsWith(']')) continue;
        const property = key.slice(name.length + 1, -1);
        // An array property is its items comma-joined, as the client writes it (`range[id]=1,9`).
        const items = field.propertyItems?.[property];
        object[property] = items === undefined ? coerce(value, typeOf(property)) : value.split(',').map((item) => coerce(item, items));
      }
    } else if (explode) {
      for (const key of new Set(params.keys())) {
        const own = declaresKey(field, key, names);
        if (own || (field.anyKeys === true && !takenByOther(names, key))) object[key] = coerce(params.get(key) ?? undefined, typeOf(key));
      }
    } else {
      if (!params.has(name)) return undefined;
      const items = (params.get(name) ?? '').split(delimiter(style));
      for (let i = 0; i + 1 < items.length; i += 2) object[items[i] as string] = coerce(items[i + 1], typeOf(items[i] as string));
    }
    return Object.keys(object).length > 0 ? object : undefined;
  }
  if (!params.has(name)) return undefined;
  if (field.type !== 'array') return coerce(params.get(name) ?? undefined, field.type);
  const text = params.get(name) ?? '';
  const values = plain || explode ? params.getAll(name) : text === '' ? [] : splitItems(text, delimiter(style), field.itemType);
  return values.map((v) => coerce(v, field.itemType ?? 'string'));
}

/**
 * A path parameter read by OpenAPI's style table, as the client writes it: simple (`a,b`; `k,v,k,v`
 * or `k=v,k=v` exploded), label (`.a,b` or `.a.b`; `.k,v,k,v` or `.k=v.k=v`), matrix (`;name=a,b`
 * or `;name=a;name=b`; `;name=k,v,k,v` or `;k=v;k=v`). Split on the delimiters, then each piece decoded.
 */
function readPath(field: MockField, raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  const style = field.style ?? 'simple';
  const explode = field.explode ?? false;
  if (style === 'label') return raw.startsWith('.') ? readSimple(field, raw.slice(1), explode, explode ? '.' : ',', safeDecode) : safeDecode(raw);
  if (style !== 'matrix') return readSimple(field, raw, explode, ',', safeDecode);
  const pairs = raw
    .split(';')
    .slice(1)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    }) as [string, string][];
  const name = encodeURIComponent(wireName(field));
  if (explode && field.type === 'array') return pairs.filter(([key]) => key === name).map(([, value]) => coerce(safeDecode(value), field.itemType ?? 'string'));
  if (explode && field.type === 'object') return readSimple(field, pairs.map(([key, value]) => `${key}=${value}`).join(';'), true, ';', safeDecode);
  const own = pairs.find(([key]) => key === name);
  return own ? readSimple(field, own[1], false, ',', safeDecode) : safeDecode(raw);
}

/**
 * A value in OpenAPI's simple style (a header's, a path's): an array's items split on `separator`;
 * an object's `k,v,k,v`, or `k=v` pairs split on `separator` when exploded; each piece passed
 * through `decode` and coerced to its JSON type. A primitive: the whole text.
 */
function readSimple(field: MockField, raw: string | undefined, explode: boolean, separator: string, decode: (text: string) => string): unknown {
  if (raw === undefined) return undefined;
  if (field.type === 'array')
    return raw === '' ? [] : splitItems(raw, separator, field.itemType).map((item) => coerce(decode(item), field.itemType ?? 'string'));
  if (field.type !== 'object') return coerce(decode(raw), field.type);
  const typeOf = (key: string): WireType => field.properties?.[key] ?? 'any';
  const object: Record<string, unknown> = {};
  if (explode) {
    for (const pair of raw.split(separator)) {
      const at = pair.indexOf('=');
      if (at < 0) return coerce(decode(raw), 'object');
      const key = decode(pair.slice(0, at));
      object[key] = coerce(decode(pair.slice(at + 1)), typeOf(key));
    }
  } else {
    const items = raw.split(',');
    if (items.length % 2 !== 0) return coerce(decode(raw), 'object');
    for (let i = 0; i + 1 < items.length; i += 2) {
      const key = decode(items[i] as string);
      object[key] = coerce(decode(items[i + 1] as string), typeOf(key));
    }
  }
  return object;
}

/**
 * A cookie parameter, style form, as the client writes it: `name=a,b` (`name=k,v,k,v`); exploded
 * (the default), an array as the cookie repeated and an object's properties as cookies of their own
 * (its declared properties, or, when it declares none, every cookie no other field takes: `names`).
 */
function readCookie(field: MockField, cookies: readonly [string, string][], names: ReadonlySet<string>): unknown {
  const explode = field.explode ?? true;
  const own = cookies.filter(([name]) => name === wireName(field)).map(([, value]) => value);
  if (explode && field.type === 'array') return own.length === 0 ? undefined : own.map((value) => coerce(safeDecode(value), field.itemType ?? 'string'));
  if (explode && field.type === 'object') {
    const object: Record<string, unknown> = {};
    for (const [key, value] of cookies) {
      const declared = declaresKey(field, key, names);
      if (declared || (field.anyKeys === true && !names.has(key))) object[key] = coerce(safeDecode(value), field.properties?.[key] ?? field.entryType ?? 'any');
    }
    return Object.keys(object).length > 0 ? object : undefined;
  }
  return readSimple(field, own[0], false, ',', safeDecode);
}

/**
 * Whether an exploded object's declared property takes the key. One that another field is named by
 * is that field's: on the wire the two are one key (an object's `Tier.Version` beside a `Version`).
 */
function declaresKey(field: MockField, key: string, names: ReadonlySet<string>): boolean {
  return field.properties !== undefined && Object.prototype.hasOwnProperty.call(field.properties, key) && (key === wireName(field) || !names.has(key));
}

/** Whether another field takes the key: its own name, or a deepObject's `name[property]`. */
function takenByOther(names: ReadonlySet<string>, key: string): boolean {
  const bracket = key.indexOf('[');
  return names.has(key) || (bracket > 0 && names.has(key.slice(0, bracket)));
}

/**
 * An unexploded array's items, split on `separator`. The client writes an item that is an object or
 * an array as its JSON text (`connections=[16,81],[100,4]`): where the items may be such, a
 * separator inside brackets or a JSON string does not split.
 */
function splitItems(text: string, separator: string, itemType: WireType | undefined): string[] {
  if (itemType !== 'object' && itemType !== 'array' && itemType !== 'structured' && itemType !== 'mixed') return text.split(separator);
  const items: string[] = [];
  let start = 0;
  while (start <= text.length) {
    const end = text.indexOf(separator, jsonEnd(text, start));
    items.push(text.slice(start, end < 0 ? text.length : end));
    if (end < 0) break;
    start = end + separator.length;
  }
  return items;
}

/** Where the JSON array or object that starts at `start` ends (`start` itself when none starts there). */
function jsonEnd(text: string, start: number): number {
  if (text[start] !== '[' && text[start] !== '{') return start;
  let depth = 0;
  let quoted = false;
  for (let at = start; at < text.length; at++) {
    const char = text[at];
    if (quoted) {
      if (char === '\\') at++;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === '[' || char === '{') depth++;
    else if ((char === ']' || char === '}') && --depth === 0) return at + 1;
  }
  return text.length;
}

function delimiter(style: string): string {
  return style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
}

/** A wire string as the JSON type the schema wants; left a string when it is not one (validation then names the field). */
export function coerce(value: string | undefined, type: WireType): unknown {
  if (value === undefined) return undefined;
  if ((type === 'integer' || type === 'number' || type === 'scalar' || type === 'mixed') && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  if ((type === 'boolean' || type === 'scalar' || type === 'mixed') && (value === 'true' || value === 'false')) return value === 'true';
  if (type === 'object' || type === 'array' || ((type === 'structured' || type === 'mixed') && /^\s*[[{]/.test(value))) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

/** A request header's value (the first, when sent several times). */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** A Cookie header's pairs in order, each value as sent (percent-escaped); a name may repeat. */
function parseCookies(header: string | undefined): [string, string][] {
  const cookies: [string, string][] = [];
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) cookies.push([pair.slice(0, at).trim(), pair.slice(at + 1).trim()]);
  }
  return cookies;
}

/** A percent-escaped text decoded, or as it is where it is no escape (`%E0%A4%A`). */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
