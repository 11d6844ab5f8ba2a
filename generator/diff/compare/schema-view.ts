/**
 * How the comparison reads a schema: references to components followed, the JSON types it admits,
 * and the properties of an object with its allOf members merged in (as the types and validators see
 * them).
 */
import { escapeToken } from '../../json-pointer.js';
import type { SchemaObject } from '../../model/types.js';
import type { CompareSide } from './context.js';
import type { Direction } from '../rules.js';

/** A schema and where the document writes it. */
export interface SchemaAt {
  schema: SchemaObject;
  pointer: string;
}

const REF_PREFIX = '#/components/schemas/';

/** The component a schema names by `$ref`, with its own schema and pointer; the schema itself otherwise. */
export function resolveSchema(side: CompareSide, at: SchemaAt): SchemaAt & { ref?: string } {
  // A 2020-12 boolean subschema (`true`, `false`) has no keywords to compare.
  let current = at.schema !== null && typeof at.schema === 'object' ? at : { schema: {}, pointer: at.pointer };
  let ref: string | undefined;
  for (let jumps = 0; jumps < 16 && typeof current.schema.$ref === 'string' && current.schema.$ref.startsWith(REF_PREFIX); jumps++) {
    const name = decodeURIComponent(current.schema.$ref.slice(REF_PREFIX.length)).replace(/~1/g, '/').replace(/~0/g, '~');
    const named = side.schemas.get(name);
    if (!named) break;
    ref = name;
    current = { schema: named.schema, pointer: `${REF_PREFIX}${escapeToken(name)}` };
  }
  return ref === undefined ? current : { ...current, ref };
}

/** The component name a schema refers to (not followed further), if any. */
export function refName(schema: SchemaObject): string | undefined {
  const ref = schema.$ref;
  return typeof ref === 'string' && ref.startsWith(REF_PREFIX) ? decodeURIComponent(ref.slice(REF_PREFIX.length)) : undefined;
}

/** JSON types a schema admits (`integer` apart from `number`), or undefined for any. */
export function typesOf(schema: SchemaObject): Set<string> | undefined {
  if (schema.type) return new Set([schema.type]);
  if (schema.properties || schema.additionalProperties !== undefined) return new Set(['object']);
  if (schema.items !== undefined) return new Set(['array']);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const types = new Set<string>();
    for (const value of schema.enum) if (value !== null) types.add(jsonType(value));
    return types.size > 0 ? types : undefined;
  }
  return undefined;
}

function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** How the admitted types moved: `same`, `widened` (old within new), `narrowed` (new within old) or `changed`. */
export function typeMove(old: Set<string> | undefined, next: Set<string> | undefined): 'same' | 'widened' | 'narrowed' | 'changed' {
  if (old === undefined && next === undefined) return 'same';
  if (old === undefined) return 'narrowed';
  if (next === undefined) return 'widened';
  const within = (a: Set<string>, b: Set<string>) => [...a].every((t) => b.has(t) || (t === 'integer' && b.has('number')));
  const oldInNew = within(old, next);
  const newInOld = within(next, old);
  if (oldInNew && newInOld) return 'same';
  if (oldInNew) return 'widened';
  if (newInOld) return 'narrowed';
  return 'changed';
}

/** True when the TypeScript type of the two type sets is the same (integer and number are both `number`). */
export function sameTsTypes(old: Set<string> | undefined, next: Set<string> | undefined): boolean {
  const ts = (types: Set<string> | undefined) =>
    types === undefined ? 'any' : [...new Set([...types].map((t) => (t === 'integer' ? 'number' : t)))].sort().join('|');
  return ts(old) === ts(next);
}

/** A property of an object view. */
export interface PropertyView {
  at: SchemaAt;
  required: boolean;
}

/** An object's properties as one direction sees them (allOf merged; readOnly out of requests, writeOnly out of responses). */
export interface ObjectView {
  properties: Map<string, PropertyView>;
  /** Properties the direction leaves out, by flag. */
  hidden: Map<string, 'readOnly' | 'writeOnly'>;
  /** `additionalProperties: false`. */
  closed: boolean;
}

export function objectView(side: CompareSide, at: SchemaAt, direction: Direction): ObjectView {
  const view: ObjectView = { properties: new Map(), hidden: new Map(), closed: at.schema.additionalProperties === false };
  const required = new Set<string>();
  const seen = new Set<string>();
  const visit = (node: SchemaAt, depth: number) => {
    const resolved = resolveSchema(side, node);
    if (resolved.ref) {
      if (seen.has(resolved.ref) || depth > 8) return;
      seen.add(resolved.ref);
    }
    const schema = resolved.schema;
    for (const name of schema.required ?? []) required.add(name);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (view.properties.has(name) || view.hidden.has(name)) continue;
      const flag = property?.readOnly === true ? 'readOnly' : property?.writeOnly === true ? 'writeOnly' : undefined;
      const hiddenHere = (direction === 'request' && flag === 'readOnly') || (direction === 'response' && flag === 'writeOnly');
      if (hiddenHere) view.hidden.set(name, flag as 'readOnly' | 'writeOnly');
      else view.properties.set(name, { at: { schema: property, pointer: `${resolved.pointer}/properties/${escapeToken(name)}` }, required: false });
    }
    (schema.allOf ?? []).forEach((member, i) => {
      visit({ schema: member, pointer: `${resolved.pointer}/allOf/${i}` }, depth + 1);
    });
  };
  visit(at, 0);
  for (const [name, property] of view.properties) property.required = required.has(name);
  // A name `required` lists that no `properties` declares is still a property of any value the
  // validators demand (and the types write as `unknown`): one added to a request breaks callers.
  for (const name of required)
    if (!view.properties.has(name) && !view.hidden.has(name))
      view.properties.set(name, { at: { schema: {}, pointer: `${at.pointer}/required` }, required: true });
  return view;
}

/** A value as a message shows it. */
export function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
