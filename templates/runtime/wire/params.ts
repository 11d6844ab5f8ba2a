/**
 * Parameters on the wire, as OpenAPI's styles write them: path (simple, label, matrix), query
 * (form, spaceDelimited, pipeDelimited, deepObject) and cookie (form) parameters, and the path with
 * its parameters filled in.
 */
import { RequestValidationError } from '../errors.js';
import { type FieldSpec, type OperationSpec, wireName } from '../spec.js';
import { isRecord } from '../values.js';

/**
 * An array or object as OpenAPI's simple style writes it (`a,b`; `k,v,k,v`, or `k=v,k=v` when
 * exploded), each item passed through `text`; `separator` between items, `pair` between an exploded
 * object's key and value. A primitive: its text.
 */
export function styledText(explode: boolean, value: unknown, text: (item: string) => string, separator: string, pair: string): string {
  if (Array.isArray(value)) return value.map((item) => text(itemText(item))).join(separator);
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return explode
      ? entries.map(([k, v]) => `${text(k)}${pair}${text(itemText(v))}`).join(separator)
      : entries.flatMap(([k, v]) => [text(k), text(itemText(v))]).join(',');
  }
  return text(String(value));
}

/**
 * A path parameter in style simple (the default): `a,b`; `k,v,k,v`, or `k=v,k=v` exploded. Each
 * value percent-escaped, so a delimiter within a value is not read as one.
 */
function simplePath(field: FieldSpec, value: unknown): string {
  return styledText(field.explode ?? false, value, encodeURIComponent, ',', '=');
}

/**
 * A path parameter in style label: `.a,b`, or `.a.b` exploded; `.k,v,k,v`, or `.k=v.k=v` exploded.
 * Each value percent-escaped, and its dots: `.` delimits exploded items (`%2E` reads back the same).
 */
export function labelPath(field: FieldSpec, value: unknown): string {
  const explode = field.explode ?? false;
  return `.${styledText(explode, value, (text) => encodeURIComponent(text).replace(/\./g, '%2E'), explode ? '.' : ',', '=')}`;
}

/**
 * A path parameter in style matrix: `;name=a,b`, or `;name=a;name=b` exploded; `;name=k,v,k,v`, or
 * `;k=v;k=v` exploded. Each value percent-escaped.
 */
export function matrixPath(field: FieldSpec, value: unknown): string {
  const name = encodeURIComponent(wireName(field));
  if (field.explode && Array.isArray(value)) return value.map((item) => `;${name}=${encodeURIComponent(String(item))}`).join('');
  if (field.explode && isRecord(value)) return `;${styledText(true, value, encodeURIComponent, ';', '=')}`;
  return `;${name}=${styledText(false, value, encodeURIComponent, ',', '=')}`;
}

/**
 * A cookie parameter, style form, as the `Cookie` header's pairs: `name=a,b` (`name=k,v,k,v` for an
 * object); exploded (the default), an array as the cookie repeated (`name=a; name=b`) and an
 * object's properties as cookies of their own (`k=v; k2=v2`). Each value percent-escaped.
 */
export function formCookie(field: FieldSpec, value: unknown): string {
  const explode = field.explode ?? true;
  if (explode && Array.isArray(value)) return value.map((item) => `${wireName(field)}=${encodeURIComponent(String(item))}`).join('; ');
  if (explode && isRecord(value))
    return Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
      .join('; ');
  return `${wireName(field)}=${styledText(false, value, encodeURIComponent, ',', '=')}`;
}

/**
 * A query parameter in style form (the default): exploded (the default), an array as the key
 * repeated and an object's properties as keys of their own; else `a,b` and `k,v,k,v`. A style this
 * runtime does not know is written as form, unexploded unless the document says.
 */
export function formQuery(query: URLSearchParams, field: FieldSpec, value: unknown): void {
  appendDelimited(query, field, value, field.explode ?? (field.style ?? 'form') === 'form', ',');
}

/** A query parameter in style spaceDelimited: an unexploded array as `a b`. */
export function spaceDelimitedQuery(query: URLSearchParams, field: FieldSpec, value: unknown): void {
  appendDelimited(query, field, value, field.explode ?? false, ' ');
}

/** A query parameter in style pipeDelimited: an unexploded array as `a|b`. */
export function pipeDelimitedQuery(query: URLSearchParams, field: FieldSpec, value: unknown): void {
  appendDelimited(query, field, value, field.explode ?? false, '|');
}

/** A query parameter in style deepObject: an object's properties as `name[k]=v`. */
export function deepObjectQuery(query: URLSearchParams, field: FieldSpec, value: unknown): void {
  // An array property as its items comma-joined (no style says; Pandascore's `range[id]=1,9` is so), an object as its JSON.
  if (isRecord(value))
    for (const [k, v] of Object.entries(value)) query.append(`${wireName(field)}[${k}]`, Array.isArray(v) ? v.map(itemText).join(',') : itemText(v));
  else appendDelimited(query, field, value, field.explode ?? false, ',');
}

/**
 * A query parameter as form writes it, an unexploded array's items joined with `separator`:
 * exploded, an array as the key repeated and an object's properties as keys of their own; else
 * `a<separator>b` and `k,v,k,v`.
 */
function appendDelimited(query: URLSearchParams, field: FieldSpec, value: unknown, explode: boolean, separator: string): void {
  if (Array.isArray(value)) {
    if (explode) for (const item of value) query.append(wireName(field), itemText(item));
    else query.append(wireName(field), value.map(itemText).join(separator));
  } else if (isRecord(value)) {
    if (explode) for (const [k, v] of Object.entries(value)) query.append(k, itemText(v));
    else
      query.append(
        wireName(field),
        Object.entries(value)
          .flatMap(([k, v]) => [k, itemText(v)])
          .join(','),
      );
  } else query.append(wireName(field), String(value));
}

/**
 * The path with its parameters written in. A segment that comes out as `.` or `..` (or an escape of
 * them, which URL parsers read alike) is a step of the path, not a name: fetch would request
 * another path (`/resourcegroups/./exportTemplate` is `/resourcegroups/exportTemplate`, and `..`
 * climbs), so such a value is refused before anything is sent.
 */
export function fillPath(spec: OperationSpec, input: Record<string, unknown>): string {
  return spec.path
    .split('/')
    .map((segment) => {
      const names: string[] = [];
      const text = segment.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const field = spec.fields.find((f) => f.in === 'path' && wireName(f) === name);
        if (!field) return '';
        names.push(field.name);
        return (field.write ?? simplePath)(field, input[field.name]);
      });
      if (names.length > 0 && /^(?:\.|%2e){1,2}$/i.test(text)) {
        throw new RequestValidationError(spec.operationId, [
          { path: [names[0] as string], message: `makes the path segment "${text}", which a URL reads as a step of the path, not a name` },
        ]);
      }
      return text;
    })
    .join('/');
}

/**
 * An item of a styled array or object: its text, or its JSON where it is itself an array or object,
 * which no style of OpenAPI's writes (Mastodon's `timeline`, an array of objects, went out as
 * `[object Object]`).
 */
export function itemText(item: unknown): string {
  return typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
}
