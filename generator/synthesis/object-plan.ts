/**
 * What making an object reads of its schema alone (with the branch chosen, if any): the schema
 * merged with the branch, its properties in order and whether each must be set, the keys other
 * branches require, whether it has room for keys it does not declare. A pure function of the
 * schema, the branch and the model's resolver, worked out once: a component is made again for every
 * operation that reaches it, and an object of a large document may declare many properties, most of
 * them left out once the part's value budget is spent.
 */
import { derefSchema, type SchemaResolver } from '../model/schema-merge.js';
import type { SchemaObject } from '../model/types.js';
import { admitsNoValue, composed, objectWithBranch } from './composed-schemas.js';
import { perResolver } from './per-resolver.js';

/** A declared property of an object, and what decides whether it is set. */
export interface PlannedProperty {
  name: string;
  schema: SchemaObject;
  /** Set whatever the budget: `required` names it, or it has a `default` (openapi-typescript prints it required) no other branch requires. */
  needed: boolean;
  /** By direction, whether an optional one is left out (undefined until asked): see {@link leftOut}. */
  skip: { request: boolean | undefined; response: boolean | undefined };
}

/**
 * An object schema read for making its values, shared by every object made from it: callers read it;
 * only {@link leftOut} fills in each property's `skip`, a memo, when first asked.
 */
export interface ObjectPlan {
  /** The branch of the `oneOf`/`anyOf` chosen, as written; undefined without one. */
  branch: SchemaObject | undefined;
  /** That branch, its own composition merged. */
  chosen: SchemaObject | undefined;
  /** The schema merged with its chosen branch (the schema itself without one). */
  merged: SchemaObject;
  properties: Readonly<Record<string, SchemaObject>>;
  required: ReadonlySet<string>;
  /** Every declared property, in order. */
  entries: readonly PlannedProperty[];
  /** The needed ones alone, in order: all that an object made past the depth or the budget gets of its declared properties. */
  neededEntries: readonly PlannedProperty[];
  /** The index signature a named property must fit too (a non-empty `additionalProperties` schema). */
  indexed: SchemaObject | undefined;
  /** Whether the object's type has room for a key it does not declare. */
  open: boolean;
  /** The schema of such a key's value. */
  extra: SchemaObject;
}

/** One resolver's plans (per-resolver.ts). */
interface Plans {
  /** Of objects without branches (most): by schema alone. */
  plain: WeakMap<SchemaObject, ObjectPlan>;
  /** By schema, then by the index of the branch chosen. */
  branched: WeakMap<SchemaObject, Map<number, ObjectPlan>>;
}

const plansOf = perResolver<Plans>(() => ({ plain: new WeakMap(), branched: new WeakMap() }));

/** The plan of an object made from `schema` and its branch `index` (-1: it has none). */
export function objectPlan(schema: SchemaObject, index: number, resolve: SchemaResolver): ObjectPlan {
  const plans = plansOf(resolve);
  if (index < 0) {
    let plan = plans.plain.get(schema);
    if (!plan) plans.plain.set(schema, (plan = planned(schema, index, resolve)));
    return plan;
  }
  let byIndex = plans.branched.get(schema);
  if (!byIndex) plans.branched.set(schema, (byIndex = new Map()));
  let plan = byIndex.get(index);
  if (!plan) byIndex.set(index, (plan = planned(schema, index, resolve)));
  return plan;
}

function planned(schema: SchemaObject, index: number, resolve: SchemaResolver): ObjectPlan {
  const branches = schema.oneOf ?? schema.anyOf ?? [];
  const branch = branches[index];
  const merged = branch ? objectWithBranch(schema, branch, resolve) : schema;
  const required = new Set(merged.required ?? []);
  // A property only another branch requires would make that branch hold too (oneOf: exactly one).
  const excluded = new Set(branches.filter((_, i) => i !== index).flatMap((b) => composed(b, resolve).required ?? []));
  const properties = merged.properties ?? {};
  const entries = Object.entries(properties).map(([name, property]): PlannedProperty => {
    const needed = required.has(name) || (property.default !== undefined && !excluded.has(name));
    // Another branch's required key is never set where it is optional here.
    const skip = needed || !excluded.has(name) ? { request: undefined, response: undefined } : { request: true, response: true };
    return { name, schema: property, needed, skip };
  });
  return {
    branch,
    chosen: branch ? composed(branch, resolve) : undefined,
    merged,
    properties,
    required,
    entries,
    neededEntries: entries.filter((entry) => entry.needed),
    indexed: typeof merged.additionalProperties === 'object' && Object.keys(merged.additionalProperties).length > 0 ? merged.additionalProperties : undefined,
    // A key that `required` names but `properties` does not: only an open object's type has room for it.
    open:
      merged.additionalProperties === true ||
      typeof merged.additionalProperties === 'object' ||
      (merged.additionalProperties === undefined && Object.keys(properties).length === 0),
    extra: typeof merged.additionalProperties === 'object' ? merged.additionalProperties : {},
  };
}

/**
 * Whether an optional property is left out in this direction: a request leaves out readOnly
 * properties, a response writeOnly ones, and neither sets one that admits no value.
 */
export function leftOut(entry: PlannedProperty, direction: 'request' | 'response', resolve: SchemaResolver): boolean {
  let skip = entry.skip[direction];
  if (skip === undefined) {
    const resolved = derefSchema(entry.schema, resolve);
    skip = (direction === 'request' ? resolved.readOnly === true : resolved.writeOnly === true) || admitsNoValue(entry.schema, resolve);
    entry.skip[direction] = skip;
  }
  return skip;
}
