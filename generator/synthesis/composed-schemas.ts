/**
 * What synthesis reads of a schema's composition (its `allOf` merged, a branch merged with what
 * stands beside it, whether it admits a value at all), worked out once per schema object and
 * model. Each is a pure function of the schema and the model's resolver, asked for every value
 * made: on a document whose components reach each other through `allOf`s (Microsoft Graph's),
 * merging them again for every value took much of the fixtures' time (bench/RESULTS.md). The
 * results are shared: callers read them and never change them.
 */
import { closedParts } from '../model/closed-parts.js';
import { derefSchema, isUnsatisfiable, mergeAllOf, type SchemaResolver } from '../model/schema-merge.js';
import type { SchemaObject } from '../model/types.js';

/** One resolver's answers, by schema object (each model has one resolver: build-fixture.ts `modelResolver`). */
interface Answers {
  composed: WeakMap<SchemaObject, SchemaObject>;
  noValue: WeakMap<SchemaObject, boolean>;
  /** By the schema beside the branches, then by branch. */
  branches: WeakMap<SchemaObject, Map<SchemaObject, BranchReading>>;
  objectBranches: WeakMap<SchemaObject, Map<SchemaObject, SchemaObject>>;
}

/** A branch of a `oneOf`/`anyOf` read with what stands beside it (its siblings left out). */
export interface BranchReading {
  /** `allOf` of both admits no value (they demand different types, or their enums share none). */
  unsatisfiable: boolean;
  /** Both merged, and the result's own `allOf` merged too. */
  merged: SchemaObject;
}

const byResolver = new WeakMap<SchemaResolver, Answers>();

function answers(resolve: SchemaResolver): Answers {
  let found = byResolver.get(resolve);
  if (!found) {
    found = { composed: new WeakMap(), noValue: new WeakMap(), branches: new WeakMap(), objectBranches: new WeakMap() };
    byResolver.set(resolve, found);
  }
  return found;
}

/** The schema a reference names, its `allOf` merged into one (schema-merge.ts `mergeAllOf`). */
export function composed(schema: SchemaObject, resolve: SchemaResolver): SchemaObject {
  if (schema.$ref === undefined && schema.allOf === undefined) return schema;
  const cache = answers(resolve).composed;
  let found = cache.get(schema);
  if (found === undefined) {
    const resolved = derefSchema(schema, resolve);
    found = resolved.allOf ? mergeAllOf([resolved], resolve) : resolved;
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
    found = isUnsatisfiable(schema, resolve) || closedParts(derefSchema(schema, resolve), resolve)?.noValue === true;
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
