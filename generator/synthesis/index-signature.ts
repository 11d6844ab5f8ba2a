/**
 * Whether a named property's value fits beside an index signature. openapi-typescript prints
 * `properties` with `additionalProperties` as `{ named } & { [key: string]: Extra }`, and an object
 * literal there must fit both: TypeScript checks excess keys against each, and it types the literal
 * by the named property alone, so a string or number literal keeps its literal type only where the
 * named property's type has literals (an enum) too; elsewhere it widens, and an index of an enum
 * rejects it.
 */
import type { SchemaObject } from '../model/types.js';
import { derefSchema, mergeAllOf, type SchemaResolver } from '../model/schema-merge.js';
import { conform } from './conform.js';

/** How deep literals are followed; below that a value is taken not to fit. */
const MAX_DEPTH = 16;

/** True when `value`, made for `property`, also fits the index signature's schema `indexed` as TypeScript sees it. */
export function fitsIndexSignature(value: unknown, property: SchemaObject, indexed: SchemaObject, resolve: SchemaResolver): boolean {
  return fitsExactly(value, indexed, resolve) && literalsKept(value, property, indexed, resolve, 0);
}

/** True when `value` conforms to `schema` as it is, with no key dropped and no default added. */
export function fitsExactly(value: unknown, schema: SchemaObject, resolve: SchemaResolver): boolean {
  const fit = conform(value, schema, resolve);
  return fit !== undefined && (fit.value === value || JSON.stringify(fit.value) === JSON.stringify(value));
}

/** True when every string or number the index's schema restricts to an enum is a literal of the property's type too. */
function literalsKept(value: unknown, property: SchemaObject, indexed: SchemaObject, resolve: SchemaResolver, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const own = flat(property, resolve);
  const index = flat(indexed, resolve);
  if (typeof value === 'string' || typeof value === 'number') return !hasLiterals(index, resolve) || hasLiterals(own, resolve);
  if (Array.isArray(value)) return value.every((item) => literalsKept(item, own.items || {}, index.items || {}, resolve, depth + 1));
  if (value === null || typeof value !== 'object') return true;
  return Object.entries(value).every(([key, item]) => literalsKept(item, member(own, key), member(index, key), resolve, depth + 1));
}

function flat(schema: SchemaObject, resolve: SchemaResolver): SchemaObject {
  const resolved = derefSchema(schema, resolve);
  return resolved.allOf ? mergeAllOf([resolved], resolve) : resolved;
}

/** An enum, or a branch of a union that has one. */
function hasLiterals(schema: SchemaObject, resolve: SchemaResolver): boolean {
  return schema.enum !== undefined || [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].some((branch) => hasLiterals(flat(branch, resolve), resolve));
}

/** The schema of an object's member `key`: its declared property, else its index signature's. */
function member(schema: SchemaObject, key: string): SchemaObject {
  const declared = schema.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
  return declared ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {});
}
