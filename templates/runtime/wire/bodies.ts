/** Request bodies on the wire: JSON, text and bytes as they are, forms and multipart encoded, a 3.2 query string. */
import { carried, type FieldSpec, type OperationSpec, wireName } from '../spec.js';
import { isRecord } from '../values.js';

/** The body of a request and what hooks are shown of it; sets its `content-type` (but multipart's, which fetch writes). */
export function encodeBody(
  spec: OperationSpec,
  input: Record<string, unknown>,
  headers: Record<string, string>,
): { body: BodyInit | undefined; shown: unknown } {
  if (!spec.body) return { body: undefined, shown: undefined };
  let value: unknown;
  if (spec.body.flattened) {
    const fields = spec.fields.filter((f) => f.in === 'body-field' && input[f.name] !== undefined);
    if (fields.length === 0 && !spec.body.required) return { body: undefined, shown: undefined };
    value = Object.fromEntries(fields.map((f) => [wireName(f), input[f.name]]));
  } else {
    value = input['body'];
    if (value === undefined) return { body: undefined, shown: undefined };
  }
  // multipart's media type is fetch's to write, with the boundary it chooses.
  if (spec.body.kind !== 'multipart') headers['content-type'] = spec.body.contentType;
  if (spec.body.kind === 'json') return { body: JSON.stringify(value), shown: value };
  if (spec.body.kind === 'form' || spec.body.kind === 'multipart') return { body: carried(spec, spec.body.encode, 'body.encode')(value, spec), shown: value };
  if (spec.body.kind === 'text') return { body: String(value), shown: value };
  return { body: value as BodyInit, shown: '[binary]' };
}

/**
 * A form body (application/x-www-form-urlencoded): arrays as repeated keys, objects as JSON text,
 * null left out; a property the body's `encoding` gives a style or explode is written like a query
 * parameter of that style (its field's {@link FieldSpec.append}).
 */
export function formBody(value: unknown, spec: OperationSpec): string {
  const form = new URLSearchParams();
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
    const field = spec.body?.flattened ? spec.fields.find((f) => f.in === 'body-field' && wireName(f) === name) : undefined;
    if (field?.append && item !== null) field.append(form, field, item);
    else appendForm(form, name, item);
  }
  return form.toString();
}

/** A multipart body: files as files, objects as JSON text, arrays as repeated parts. */
export function multipartBody(value: unknown): FormData {
  const form = new FormData();
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
    for (const part of Array.isArray(item) ? item : [item]) {
      if (part instanceof Blob) form.append(name, part);
      else form.append(name, typeof part === 'object' && part !== null ? JSON.stringify(part) : String(part));
    }
  }
  return form;
}

/**
 * A 3.2 `in: querystring` value of media type application/x-www-form-urlencoded as the whole query
 * string: an object as a form (`a=1&b=2`), a string as it is.
 */
export function formQuerystring(_field: FieldSpec, value: unknown): string {
  if (typeof value === 'string') return value;
  const form = new URLSearchParams();
  if (isRecord(value)) for (const [name, item] of Object.entries(value)) appendForm(form, name, item);
  return form.toString();
}

/** A 3.2 `in: querystring` value of any other media type: its text (JSON for a JSON media type), escaped. */
export function textQuerystring(field: FieldSpec, value: unknown): string {
  const text = typeof value === 'string' && !/json/.test((field.contentType ?? '').toLowerCase()) ? value : JSON.stringify(value);
  return encodeURIComponent(text);
}

function appendForm(form: URLSearchParams, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) for (const item of value) appendForm(form, name, item);
  else form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
}
