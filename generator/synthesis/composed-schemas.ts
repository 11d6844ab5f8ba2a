/**
 * What synthesis reads of a schema's composition (its `allOf` merged, a branch merged with what
 * stands beside it, whether it admits a value at all) and whether its own `example` and `default`
 * fit it, worked out once per schema object and model. Each is a pure function of the schema and
 * the model's resolver, asked for every value made: on a document whose components reach each
 * other through `allOf`s (Microsoft Graph's), merging them again for every value took much of the
 * fixtures' time (bench/RESULTS.md). The results are shared: callers read them and never change them.
 */
import { closedParts } from '../model/closed-parts.js';
import { derefSchema, isUnsatisfiable, mergeAllOf, type SchemaResolver } from '../model/schema-merge.js';
import type { SchemaObject } from '../model/types.js';
import { conform, isPlainObject } from './conform.js';
import { perResolver } from './per-resolver.js';

/** One resolver's answers, by schema object (per-resolver.ts). */
interface Answers {
  composed: WeakMap<SchemaObject, SchemaObject>;
  noValue: WeakMap<SchemaObject, boolean>;
  /** By the schema beside the branches, then by branch. */
  branches: WeakMap<SchemaObject, Map<SchemaObject, BranchReading>>;
  objectBranches: WeakMap<SchemaObject, Map<SchemaObject, SchemaObject>>;
  /** The schema's own `example` and `default` fitted to it; null where it does not conform. */
  ownFits: Record<'example' | 'default', WeakMap<SchemaObject, { value: unknown } | null>>;
}

/** A branch of a `oneOf`/`anyOf` read with what stands beside it (its siblings left out). */
export interface BranchReading {
  /** `allOf` of both admits no value (they demand different types, or their enums share none). */
  unsatisfiable: boolean;
  /** Both merged, and the result's own `allOf` merged too. */
  merged: SchemaObject;
}

const answers = perResolver<Answers>(() => ({
  composed: new WeakMap(),
  noValue: new WeakMap(),
  branches: new WeakMap(),
  objectBranches: new WeakMap(),
  ownFits: { example: new WeakMap(), default: new WeakMap() },
}));

/** The schema a reference names, its `allOf` merged into one (schema-merge.ts `mergeAllOf`). */
export function composed(schema: SchemaObject, resolve: SchemaResolver): SchemaObject {
  if (schema.$ref === undefined && schema.allOf === undefined) return schema;
  const cache = answers(resolve).composed;
  let found = cache.get(schema);
  if (found === undefined) {
    // Asked of the schema the reference names: every reference to a component shares its answer.
    const resolved = derefSchema(schema, resolve);
    found = resolved === schema ? mergeAllOf([resolved], resolve) : composed(resolved, resolve);
    cache.set(schema, found);
  }
  return found;
}

/**
 * Whether the schema admits no value: its `allOf` parts disagree (schema-merge.ts), or it is closed
 * to every property its parts require (closed-parts.ts), as the validators read it.
 */
export function admitsNoValue(schema: SchemaObject, resolve: SchemaResolver): boolean {
  // Neither reading applies (the common case): no lookup.
  if (schema.$ref === undefined && schema.allOf === undefined && schema.additionalProperties !== false) return false;
  const cache = answers(resolve).noValue;
  let found = cache.get(schema);
  if (found === undefined) {
    // Both readings are of the schema the reference names: every reference to a component shares its answer.
    const resolved = derefSchema(schema, resolve);
    found = resolved === schema ? isUnsatisfiable(schema, resolve) || closedParts(schema, resolve)?.noValue === true : admitsNoValue(resolved, resolve);
    cache.set(schema, found);
  }
  return found;
}

/** `branch` of `schema`'s `oneOf`/`anyOf` with the rest of `schema` (a value of another type than the object's). */
export function branchReading(schema: SchemaObject, branch: SchemaObject, resolve: SchemaResolver): BranchReading {
  const cache = answers(resolve).branches;
  let byBranch = cache.get(schema);
  if (!byBranch) cache.set(schema, (byBranch = new Map()));
  let found = byBranch.get(branch);
  if (!found) {
    const parts = [withoutBranches(schema), branch];
    found = { unsatisfiable: isUnsatisfiable({ allOf: parts }, resolve), merged: composed(mergeAllOf(parts, resolve), resolve) };
    byBranch.set(branch, found);
  }
  return found;
}

/** An object schema merged with its chosen branch, the branch's own `allOf` merged first. */
export function objectWithBranch(schema: SchemaObject, branch: SchemaObject, resolve: SchemaResolver): SchemaObject {
  const cache = answers(resolve).objectBranches;
  let byBranch = cache.get(schema);
  if (!byBranch) cache.set(schema, (byBranch = new Map()));
  let found = byBranch.get(branch);
  if (!found) {
    found = mergeAllOf([withoutBranches(schema), composed(branch, resolve)], resolve);
    byBranch.set(branch, found);
  }
  return found;
}

/** The schema without its branches and discriminator. */
export function withoutBranches(schema: SchemaObject): SchemaObject {
  const { oneOf: _oneOf, anyOf: _anyOf, discriminator: _discriminator, ...rest } = schema;
  return rest;
}

/**
 * {@link conform} of the schema's own `example` or `default` to the schema: synthesis asks it for
 * every value it makes of a schema, and a document's components are made again for every operation
 * that reaches them. Each caller gets a copy of the value, free to change it.
 */
export function ownValueFit(schema: SchemaObject, keyword: 'example' | 'default', resolve: SchemaResolver): { value: unknown } | undefined {
  // Read by name, not by `schema[keyword]`: asked of every schema a value is made of, and most have neither.
  const own = keyword === 'example' ? schema.example : schema.default;
  if (own === undefined) return undefined;
  const fits = answers(resolve).ownFits[keyword];
  let fit = fits.get(schema);
  if (fit === undefined) fits.set(schema, (fit = conform(own, schema, resolve) ?? null));
  return fit === null ? undefined : { value: copied(fit.value) };
}

/** A JSON value copied: its objects and arrays new, each key its own property (`__proto__` too), in order. */
function copied(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copied);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.keys(value).map((key) => [key, copied(value[key])]));
}
