/**
 * The JSON Schema 2020-12 keywords (OpenAPI 3.1 and 3.2) in fixture synthesis. What can be built
 * to hold is built: `prefixItems` item by item, `contains` by items made to match it,
 * `dependentRequired` by adding the named keys. What cannot be checked without a validator
 * (`if`/`then`/`else`, `dependentSchemas` of a present key, `propertyNames`, a key a
 * `patternProperties` pattern matches, an item or key `unevaluated*` refuses) is noted as
 * unsatisfied: the value is then dropped where the schema allows, and the fixture is left out with
 * a warning (`fixtures/unsatisfiable`) where it does not. A fixture is never invalid.
 */
import type { SchemaObject } from '../model/types.js';
import { mergeAllOf, type SchemaResolver } from '../model/schema-merge.js';
import { noteUnsatisfied, type SynthContext } from './synth-context.js';
import { patternTest } from './pattern-test.js';

/** A boolean subschema as a schema: `true` is `{}`; `false` is undefined (no value fits). */
export function asSchema(schema: SchemaObject | boolean | undefined): SchemaObject | undefined {
  return schema === true || schema === undefined ? {} : schema === false ? undefined : schema;
}

/** True when the schema carries a 2020-12 keyword that conform.ts does not check (its examples are then not taken). */
export function hasUncheckedKeyword(schema: SchemaObject): boolean {
  return [
    'prefixItems',
    'contains',
    'unevaluatedItems',
    'patternProperties',
    'propertyNames',
    'dependentRequired',
    'dependentSchemas',
    'unevaluatedProperties',
    'if',
    'then',
    'else',
  ].some((key) => schema[key as keyof SchemaObject] !== undefined);
}

/** Notes as unsatisfied a schema whose `if`/`then`/`else` the synthesized value cannot be known to meet. */
export function noteConditional(schema: SchemaObject, ctx: SynthContext): void {
  if (schema.if !== undefined && (schema.then !== undefined || schema.else !== undefined)) noteUnsatisfied(ctx);
}

/** Items for an array with `prefixItems`/`contains`: the schema of item `i`, undefined where no item may be. */
export function itemSchemaAt(schema: SchemaObject, index: number, resolve: SchemaResolver): SchemaObject | undefined {
  const prefix = schema.prefixItems;
  if (prefix && index < prefix.length) return asSchema(prefix[index]);
  const items = asSchema(schema.items);
  const contains = prefix ? undefined : asSchema(schema.contains);
  if (!items || schema.contains === undefined || !contains) return items;
  // Every item is made to match `contains` (its count is checked by arrayCount).
  return mergeAllOf([items, contains], resolve);
}

/** How many items an array gets, and whether no count fits its 2020-12 keywords. */
export function arrayCount(schema: SchemaObject, wanted: number): { count: number; unsatisfied: boolean } {
  const prefix = schema.prefixItems?.length ?? 0;
  let count = wanted;
  if (schema.prefixItems) count = Math.max(schema.minItems ?? 0, Math.min(prefix, schema.maxItems ?? prefix));
  if (schema.items === false) count = Math.min(count, prefix);
  if (schema.prefixItems?.slice(0, count).some((s) => s === false)) return { count, unsatisfied: true };
  if (schema.contains !== undefined) {
    if (schema.prefixItems || schema.contains === false) return { count, unsatisfied: true };
    const min = schema.minContains ?? 1;
    count = Math.max(count, min);
    if ((schema.maxContains !== undefined && count > schema.maxContains) || (schema.maxItems !== undefined && count > schema.maxItems))
      return { count, unsatisfied: true };
  }
  const rest = schema.unevaluatedItems;
  if (rest !== undefined && rest !== true && schema.items === undefined && count > prefix) return { count, unsatisfied: true };
  return { count, unsatisfied: (schema.minItems ?? 0) > count };
}

/**
 * Fixes an object for its 2020-12 keywords: adds what `dependentRequired` asks for (`make` gives a
 * key's value, undefined where the object has no room for it), leaves out optional keys whose
 * dependencies cannot be met, and notes the rest as unsatisfied.
 */
export function fitObject(
  out: Record<string, unknown>,
  schema: SchemaObject,
  required: ReadonlySet<string>,
  ctx: SynthContext,
  make: (name: string) => { value: unknown } | undefined,
): void {
  // None of these keywords (most objects): nothing to fit.
  if (
    schema.dependentRequired === undefined &&
    schema.dependentSchemas === undefined &&
    schema.patternProperties === undefined &&
    schema.unevaluatedProperties === undefined &&
    schema.propertyNames === undefined
  )
    return;
  for (const [key, names] of Object.entries(schema.dependentRequired ?? {})) {
    if (!(key in out)) continue;
    for (const name of names) {
      if (name in out) continue;
      const made = make(name);
      if (made) out[name] = made.value;
      else if (required.has(key)) noteUnsatisfied(ctx);
      else delete out[key];
    }
  }
  for (const key of Object.keys(schema.dependentSchemas ?? {})) {
    if (!(key in out)) continue;
    if (required.has(key)) noteUnsatisfied(ctx);
    else delete out[key];
  }
  const patterns = Object.keys(schema.patternProperties ?? {}).flatMap((p) => patternTest(p) ?? []);
  const declared = new Set(Object.keys(schema.properties ?? {}));
  for (const key of Object.keys(out)) {
    const patterned =
      patterns.some((test) => test(key)) || (schema.patternProperties !== undefined && patterns.length < Object.keys(schema.patternProperties).length);
    const unevaluated =
      schema.unevaluatedProperties !== undefined &&
      schema.unevaluatedProperties !== true &&
      schema.additionalProperties === undefined &&
      !declared.has(key) &&
      !patterned;
    if (!patterned && !unevaluated) continue;
    if (required.has(key)) noteUnsatisfied(ctx);
    else delete out[key];
  }
  if (schema.propertyNames !== undefined && schema.propertyNames !== true && Object.keys(out).length > 0) noteUnsatisfied(ctx);
}
