/**
 * Values made for the purpose of a `validators` proof: a whole valid value of the validator's
 * schema (synthesis/), with the part at the change's place replaced by the values a change there
 * is about: each enum value, strings at the length bounds, numbers at the bounds, null, the
 * part's own valid values, or the part left out (a property no longer required).
 */
import { decodeToken } from '../../json-pointer.js';
import { derefSchema, type SchemaResolver } from '../../model/schema-merge.js';
import type { SchemaObject } from '../../model/types.js';
import { synthContext, synthesize } from '../../synthesis/synthesize.js';

/** Marks a part to leave out. */
export const OMIT: unique symbol = Symbol('omit');
export type Candidate = unknown | typeof OMIT;

/** Where in a value a place of the schema is: the value path and the schema tokens walked to it. */
export interface ValuePlace {
  path: (string | number)[];
  /** How many schema tokens lead to the node the values are made for. */
  nodeTokens: number;
  /** The change is one enum value (`enum/2`) or one required name (`required/0`). */
  item?: { keyword: 'enum' | 'required'; index: number };
}

const THROUGH_SAME_VALUE = new Set(['allOf', 'oneOf', 'anyOf']);

/** The value place of schema tokens below a validator's root schema (`properties/status/enum/2`). */
export function valuePlace(tokens: readonly string[]): ValuePlace {
  const path: (string | number)[] = [];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] as string;
    const next = tokens[i + 1];
    if (token === 'properties' && next !== undefined) {
      path.push(decodeToken(next));
      i += 2;
    } else if (token === 'items') {
      path.push(0);
      i += 1;
    } else if (token === 'prefixItems' && next !== undefined) {
      path.push(Number(next));
      i += 2;
    } else if (token === 'additionalProperties') {
      path.push('additional');
      i += 1;
    } else if (THROUGH_SAME_VALUE.has(token) && next !== undefined) i += 2;
    else break;
  }
  const keyword = tokens[i];
  const index = Number(tokens[i + 1]);
  const item = (keyword === 'enum' || keyword === 'required') && Number.isInteger(index) ? { keyword: keyword as 'enum' | 'required', index } : undefined;
  return { path, nodeTokens: i, ...(item ? { item } : {}) };
}

/** The schema node `tokens` lead to from `root`, references followed. */
export function schemaAt(root: SchemaObject, tokens: readonly string[], resolve: SchemaResolver): SchemaObject | undefined {
  let node: unknown = root;
  for (const token of tokens) {
    if (node === null || typeof node !== 'object') return undefined;
    node = derefSchema(node as SchemaObject, resolve);
    node = (node as Record<string, unknown>)[decodeToken(token)];
  }
  return node !== null && typeof node === 'object' ? derefSchema(node as SchemaObject, resolve) : undefined;
}

/** Values made already, by schema object: many changes of a large document share a root schema. */
const made = new WeakMap<SchemaObject, Map<string, unknown>>();

/** A whole valid value of `schema`, deterministic for `seed` (the same value for the same inputs, made once). */
export function wholeValue(schema: SchemaObject, resolve: SchemaResolver, direction: 'request' | 'response', seed: string, variant?: number): unknown {
  let values = made.get(schema);
  if (!values) {
    values = new Map();
    made.set(schema, values);
  }
  const key = `${direction} ${seed} ${variant ?? ''}`;
  if (!values.has(key)) values.set(key, synthesize(schema, synthContext({ seed, resolve, direction, ...(variant === undefined ? {} : { variant }) })));
  return values.get(key);
}

/** The values a change at `node` is about (see the module's comment), most telling first. */
export function partValues(node: SchemaObject, place: ValuePlace, resolve: SchemaResolver, direction: 'request' | 'response'): Candidate[] {
  const values: Candidate[] = [];
  if (place.item?.keyword === 'enum') values.push(node.enum?.[place.item.index]);
  if (place.item?.keyword === 'required') return [OMIT];
  for (const value of node.enum ?? []) values.push(value);
  if (node.nullable) values.push(null);
  if (node.minLength !== undefined) values.push(lengthString(node.minLength));
  if (node.maxLength !== undefined) values.push(lengthString(node.maxLength), lengthString(node.maxLength + 1));
  for (const bound of [node.minimum, node.maximum]) if (bound !== undefined) values.push(bound);
  if (node.minItems !== undefined || node.maxItems !== undefined) {
    const item = node.items ? wholeValue(node.items, resolve, direction, 'proof/item') : null;
    for (const count of [node.minItems, node.maxItems]) if (count !== undefined && count <= 1000) values.push(Array.from({ length: count }, () => item));
  }
  for (let variant = 0; variant < 3; variant++) values.push(wholeValue(node, resolve, direction, 'proof/part', variant));
  values.push(OMIT);
  return values;
}

function lengthString(length: number): string {
  return 'a'.repeat(Math.min(length, 100_000));
}

/** `base` with the part at `path` replaced by `value` (or left out), made where missing; `base` is not changed. */
export function withPart(base: unknown, path: readonly (string | number)[], value: Candidate): unknown {
  if (path.length === 0) return value === OMIT ? undefined : value;
  const [step, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof step === 'number') {
    const list = Array.isArray(base) ? [...base] : [];
    const inner = withPart(list[step], rest, value);
    if (inner === undefined && rest.length === 0) return list.slice(0, step);
    list[step] = inner;
    return list;
  }
  const object = base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  const inner = withPart(object[step], rest, value);
  if (value === OMIT && rest.length === 0) delete object[step];
  else object[step] = inner;
  return object;
}
