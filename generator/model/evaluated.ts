import type { SchemaObject } from './types.js';

/** Resolves a component reference (`#/components/schemas/X`) to its schema. */
export type Resolve = (schema: SchemaObject) => SchemaObject | undefined;

/** The properties a schema evaluates (JSON Schema 2020-12's annotations), when they can be known before the value is. */
export interface EvaluatedProperties {
  /** Declared property names (evaluated when present). */
  names: string[];
  /** `patternProperties` patterns (keys matching one are evaluated). */
  patterns: string[];
  /** Every key is evaluated (an `additionalProperties` or a nested `unevaluatedProperties` applies). */
  all: boolean;
}

/**
 * How `unevaluatedProperties` can be checked: the keys the schema's own keywords and its `allOf`
 * members evaluate (`fixed`), plus those of each `anyOf`/`oneOf` branch the value passes
 * (`branches`, known once each branch is checked). Undefined where the set depends on more than
 * that (`if`/`then`/`else`, `dependentSchemas`, a branch with branches of its own, a reference
 * cycle): zod cannot follow JSON Schema's annotation rules there.
 * `hidden` leaves out properties that are not to count as evaluated (none by default).
 */
export function unevaluatedPropertiesPlan(
  schema: SchemaObject,
  resolve: Resolve,
  hidden: (property: SchemaObject) => boolean = () => false,
): { fixed: EvaluatedProperties; branches: { schema: SchemaObject; evaluated: EvaluatedProperties }[] } | undefined {
  const { anyOf, oneOf, ...own } = schema;
  const fixed = staticProperties(own, resolve, hidden, new Set(), true);
  if (!fixed) return undefined;
  const branches: { schema: SchemaObject; evaluated: EvaluatedProperties }[] = [];
  for (const branch of [...(anyOf ?? []), ...(oneOf ?? [])]) {
    const evaluated = staticProperties(branch, resolve, hidden, new Set(), false);
    if (!evaluated) return undefined;
    branches.push({ schema: branch, evaluated });
  }
  return { fixed, branches };
}

function staticProperties(
  schema: SchemaObject | boolean,
  resolve: Resolve,
  hidden: (p: SchemaObject) => boolean,
  seen: Set<string>,
  top: boolean,
): EvaluatedProperties | undefined {
  if (typeof schema !== 'object' || schema === null) return { names: [], patterns: [], all: false };
  if (schema.$ref !== undefined) {
    if (seen.has(schema.$ref)) return undefined;
    const target = resolve(schema);
    return target ? staticProperties(target, resolve, hidden, new Set([...seen, schema.$ref]), false) : undefined;
  }
  if (schema.if !== undefined || schema.dependentSchemas !== undefined || schema.then !== undefined || schema.else !== undefined) return undefined;
  if (schema.anyOf !== undefined || schema.oneOf !== undefined) return undefined;
  const out: EvaluatedProperties = {
    names: Object.entries(schema.properties ?? {})
      .filter(([, p]) => !hidden(p))
      .map(([name]) => name),
    patterns: Object.keys(schema.patternProperties ?? {}),
    all: schema.additionalProperties !== undefined || (!top && schema.unevaluatedProperties !== undefined),
  };
  for (const member of schema.allOf ?? []) {
    const inner = staticProperties(member, resolve, hidden, seen, false);
    if (!inner) return undefined;
    out.names.push(...inner.names.filter((n) => !out.names.includes(n)));
    out.patterns.push(...inner.patterns.filter((p) => !out.patterns.includes(p)));
    out.all ||= inner.all;
  }
  return out;
}

/**
 * How `unevaluatedItems` can be checked: items from `prefix` on are unevaluated, or none is
 * (`all`: an `items` applies). Undefined where the set depends on the value (`contains`,
 * `anyOf`/`oneOf`, `if`/`then`/`else`, a reference cycle).
 */
export function unevaluatedItemsPlan(schema: SchemaObject, resolve: Resolve): { prefix: number; all: boolean } | undefined {
  return staticItems(schema, resolve, new Set(), true);
}

function staticItems(schema: SchemaObject | boolean, resolve: Resolve, seen: Set<string>, top: boolean): { prefix: number; all: boolean } | undefined {
  if (typeof schema !== 'object' || schema === null) return { prefix: 0, all: false };
  if (schema.$ref !== undefined) {
    if (seen.has(schema.$ref)) return undefined;
    const target = resolve(schema);
    return target ? staticItems(target, resolve, new Set([...seen, schema.$ref]), false) : undefined;
  }
  if (schema.contains !== undefined || schema.anyOf || schema.oneOf || schema.if !== undefined || schema.then !== undefined || schema.else !== undefined)
    return undefined;
  const out = { prefix: schema.prefixItems?.length ?? 0, all: schema.items !== undefined || (!top && schema.unevaluatedItems !== undefined) };
  for (const member of schema.allOf ?? []) {
    const inner = staticItems(member, resolve, seen, false);
    if (!inner) return undefined;
    out.prefix = Math.max(out.prefix, inner.prefix);
    out.all ||= inner.all;
  }
  return out;
}

/** The 2020-12 keywords of one schema that the generated zod validators cannot check exactly. */
export function inexactKeywords(schema: SchemaObject, resolve: Resolve): ('unevaluatedProperties' | 'unevaluatedItems')[] {
  const out: ('unevaluatedProperties' | 'unevaluatedItems')[] = [];
  if (schema.unevaluatedProperties !== undefined && schema.unevaluatedProperties !== true && !unevaluatedPropertiesPlan(schema, resolve))
    out.push('unevaluatedProperties');
  if (schema.unevaluatedItems !== undefined && schema.unevaluatedItems !== true && !unevaluatedItemsPlan(schema, resolve)) out.push('unevaluatedItems');
  return out;
}
