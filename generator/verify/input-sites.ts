/**
 * The places of an operation's input where a request can put another value: each field, and the
 * properties of a JSON body's objects a few levels down, each with its schema (references followed,
 * `allOf` merged), its valid value in the input it starts from, and how it travels.
 */
import { derefSchema, mergeAllOf, type SchemaResolver } from '../model/schema-merge.js';
import type { InputFieldModel, OperationModel, SchemaObject } from '../model/types.js';
import type { Place } from './broken-values.js';

/** One place of the input. */
export interface InputSite {
  field: InputFieldModel;
  /** The path inside the field's value (empty: the field itself). */
  path: string[];
  schema: SchemaObject;
  /** Its value in the input (undefined where it is not given). */
  value: unknown;
  /** Whether its object (or the operation, for a field) requires it. */
  required: boolean;
  place: Place;
}

/** How deep into a body's objects the sites go. */
const MAX_DEPTH = 3;

/** Whether the operation's body travels as JSON (a form's fields travel as text). */
export function jsonBody(op: OperationModel): boolean {
  return op.body !== undefined && /json/i.test(op.body.contentType);
}

/**
 * The sites of `op`'s input, from `params`. A composition's branches are one site (not looked into):
 * which value fits which branch is the branches' to say.
 */
export function inputSites(op: OperationModel, params: Record<string, unknown>, resolve: SchemaResolver): InputSite[] {
  const json = jsonBody(op);
  const found: InputSite[] = [];
  const visit = (field: InputFieldModel, path: string[], schema: SchemaObject, value: unknown, required: boolean, place: Place) => {
    const own = resolvedSchema(schema, resolve);
    found.push({ field, path, schema: own, value, required, place });
    if (own.oneOf || own.anyOf || place !== 'json' || path.length >= MAX_DEPTH || !isRecord(value)) return;
    const needed = new Set(own.required ?? []);
    for (const [name, property] of Object.entries(own.properties ?? {})) {
      if (resolvedSchema(property, resolve).readOnly) continue;
      visit(field, [...path, name], property, value[name], needed.has(name), place);
    }
  };
  for (const field of op.input) {
    const body = field.in === 'body' || field.in === 'body-field';
    // A field given by `content` travels as JSON text in its parameter: left whole.
    if (field.contentType !== undefined && !body) continue;
    const place: Place = field.in === 'path' ? 'path' : body && json ? 'json' : 'text';
    visit(field, [], field.schema, params[field.name], field.required, place);
  }
  return found;
}

/** A schema with its references followed and its `allOf` merged. */
export function resolvedSchema(schema: SchemaObject, resolve: SchemaResolver): SchemaObject {
  const own = derefSchema(schema, resolve);
  return own.allOf ? mergeAllOf([own], resolve) : own;
}

/** A site for people: `the query parameter limit`, `the body field traits.pet_type`, `the body`. */
export function siteLabel(field: InputFieldModel, path: readonly string[]): string {
  if (field.in === 'body') return path.length === 0 ? 'the body' : `the body field ${path.join('.')}`;
  const where = field.in === 'body-field' ? 'the body field' : `the ${field.in} parameter`;
  return `${where} ${[field.wireName, ...path].join('.')}`;
}

/** `params` with the value at `path` inside the field `name` set (`undefined`: left out). */
export function setAt(params: Record<string, unknown>, name: string, path: readonly string[], value: unknown): Record<string, unknown> {
  if (path.length === 0) return value === undefined ? without(params, name) : { ...params, [name]: value };
  const root = structuredClone(params[name]) as Record<string, unknown>;
  let node = root;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string, unknown>;
  const last = path.at(-1) as string;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return { ...params, [name]: root };
}

/** A record without one key. */
export function without<T extends Record<string, unknown>>(record: T, name: string): T {
  const { [name]: _left, ...rest } = record;
  return rest as T;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
