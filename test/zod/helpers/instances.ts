import fc from 'fast-check';
import type { SchemaObject } from '../../../generator/model/types.js';
import { effectiveType } from '../../../generator/emit/zod/zod-types.js';

type Components = Record<string, SchemaObject>;

/**
 * Instances for a schema: values built to satisfy it (mostly; the judge decides) and near misses
 * made from them by one small mutation (a wrong type, a missing or extra key, a bound crossed by
 * one, an item too many). Deterministic for a seed.
 */
export function sampleInstances(schema: SchemaObject, components: Components, options: { seed: number; count: number }): unknown[] {
  const valid = fc.sample(arbitrary(schema, components, 0), { seed: options.seed, numRuns: options.count });
  const misses = fc.sample(fc.tuple(arbitrary(schema, components, 0), fc.nat(), fc.nat()), { seed: options.seed + 1, numRuns: options.count });
  return [...valid, ...misses.map(([value, where, how]) => mutate(value, where, how))];
}

function arbitrary(schema: SchemaObject | undefined, components: Components, depth: number): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object') return fc.jsonValue({ maxDepth: 1 });
  if (schema.$ref) {
    const target = components[schema.$ref.split('/').pop() as string];
    return depth > 4 ? fc.constant(null) : arbitrary(target, components, depth + 1);
  }
  const base = core(schema, components, depth);
  return schema.nullable ? fc.oneof({ weight: 6, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function core(schema: SchemaObject, components: Components, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...(schema.enum.length > 0 ? schema.enum : [null]));
  const branches = schema.oneOf ?? schema.anyOf;
  const typed = typedArbitrary(schema, components, depth);
  const parts: fc.Arbitrary<unknown>[] = [...(typed ? [typed] : []), ...(schema.allOf ?? []).map((s) => arbitrary(s, components, depth + 1))];
  if (branches && branches.length > 0) parts.push(fc.oneof(...branches.map((s) => arbitrary(s, components, depth + 1))));
  if (parts.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.tuple(...parts).map((values) => values.reduce((a, b) => merge(a, b)));
}

/** Objects merge (as allOf means); otherwise the first value wins. */
function merge(a: unknown, b: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  return isObject(a) && isObject(b) ? { ...a, ...b } : a;
}

function typedArbitrary(schema: SchemaObject, components: Components, depth: number): fc.Arbitrary<unknown> | undefined {
  const { type } = effectiveType(schema);
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
    case 'number':
      return numberArbitrary(schema, type);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? min + 3, min + 3);
      if (!schema.prefixItems && schema.contains === undefined)
        return fc.array(arbitrary(schema.items || {}, components, depth + 1), { minLength: min, maxLength: Math.max(min, max) });
      const sub = (s: SchemaObject | boolean | undefined) => (s === false ? fc.constant(null) : arbitrary(s === true ? {} : s, components, depth + 1));
      const rest = fc.array(sub(schema.items === false ? {} : schema.items), { minLength: schema.prefixItems ? 0 : min, maxLength: Math.max(min, max) });
      // 2020-12: the prefix (some of it), the rest, and an item made from `contains` somewhere.
      const prefix = schema.prefixItems
        ? fc.tuple(...schema.prefixItems.map(sub), fc.nat()).map((values) => values.slice(0, Number(values.at(-1)) % values.length || values.length - 1))
        : fc.constant([]);
      const contained = schema.contains === undefined ? fc.constant([]) : fc.array(sub(schema.contains), { minLength: 0, maxLength: 3 });
      return fc.tuple(prefix, rest, contained).map(([p, r, c]) => [...p, ...(schema.items === false ? [] : r), ...c]);
    }
    case 'object':
      return objectArbitrary(schema, components, depth);
    default:
      return undefined;
  }
}

function stringArbitrary(schema: SchemaObject): fc.Arbitrary<unknown> {
  const formats: Record<string, fc.Arbitrary<string>> = {
    date: fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    'date-time': fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
    uuid: fc.uuid(),
    email: fc.emailAddress(),
    uri: fc.webUrl(),
    byte: fc.base64String(),
  };
  if (typeof schema.format === 'string' && formats[schema.format]) return formats[schema.format] as fc.Arbitrary<string>;
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern, 'u'));
    } catch {
      return fc.string();
    }
  }
  const min = schema.minLength ?? 0;
  return fc.string({
    unit: fc.oneof(fc.constantFrom('a', 'Z', ' ', '😀', 'é'), fc.string({ minLength: 1, maxLength: 1 })),
    minLength: min,
    maxLength: Math.max(min, Math.min(schema.maxLength ?? min + 8, min + 8)),
  });
}

function numberArbitrary(schema: SchemaObject, type: 'integer' | 'number'): fc.Arbitrary<unknown> {
  const int32 = schema.format === 'int32';
  const min = schema.minimum ?? (int32 ? -(2 ** 31) : -1e6);
  const max = schema.maximum ?? (int32 ? 2 ** 31 - 1 : 1e6);
  const integer = type === 'integer' || int32 || schema.format === 'int64';
  if (schema.multipleOf) {
    const step = schema.multipleOf;
    // k * step in doubles (0.30000000000000004 for 3 * 0.1: not a decimal multiple) and the clean decimal (0.3).
    return fc
      .tuple(fc.integer({ min: Math.ceil(min / step), max: Math.floor(max / step) }), fc.boolean())
      .map(([k, clean]) => (clean ? Number((k * step).toPrecision(12)) : k * step));
  }
  const edges = fc.constantFrom(min, max, schema.exclusiveMinimum ? min + 1 : min, schema.exclusiveMaximum ? max - 1 : max);
  const inside = integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(inside, edges);
}

function objectArbitrary(schema: SchemaObject, components: Components, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const record = fc.record(Object.fromEntries(properties.map(([name, s]) => [name, arbitrary(s, components, depth + 1)])), {
    requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)),
  });
  const extraValue =
    typeof schema.additionalProperties === 'object' ? arbitrary(schema.additionalProperties, components, depth + 1) : fc.jsonValue({ maxDepth: 1 });
  const extras = fc.dictionary(fc.constantFrom('extra', 'more', 'x-y'), extraValue, { maxKeys: schema.additionalProperties === false ? 0 : 2 });
  const undeclared = [...required].filter((name) => !schema.properties?.[name]);
  return fc
    .tuple(record, extras, fc.jsonValue({ maxDepth: 1 }))
    .map(([own, extra, any]) => ({ ...extra, ...Object.fromEntries(undeclared.map((n) => [n, any])), ...own }));
}

/** One small change at one place of the value (chosen by `where`, kind by `how`). */
export function mutate(value: unknown, where: number, how: number): unknown {
  const copy = structuredClone(value);
  const nodes: { parent: Record<string | number, unknown> | undefined; key: string | number | undefined; value: unknown }[] = [];
  const walk = (node: unknown, parent: Record<string | number, unknown> | undefined, key: string | number | undefined) => {
    nodes.push({ parent, key, value: node });
    if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, node as Record<string, unknown>, Array.isArray(node) ? Number(k) : k);
  };
  walk(copy, undefined, undefined);
  const target = nodes[where % nodes.length] as (typeof nodes)[number];
  const replacement = change(target.value, how);
  if (!target.parent || target.key === undefined) return replacement === REMOVE ? undefined : replacement;
  if (replacement === REMOVE) {
    if (Array.isArray(target.parent)) target.parent.splice(Number(target.key), 1);
    else delete target.parent[target.key];
  } else target.parent[target.key] = replacement;
  return copy;
}

const REMOVE = Symbol('remove');

function change(value: unknown, how: number): unknown {
  const kind = how % 6;
  if (kind === 0) return REMOVE;
  if (typeof value === 'number') return [value + 1, value - 1, value + 0.5, String(value), null][kind - 1];
  if (typeof value === 'string') return [`${value}x`, value.slice(1), 7, `${value}😀`, null][kind - 1];
  if (Array.isArray(value)) return [[...value, value[0] ?? 1], value.slice(1), {}, [...value, ...value], null][kind - 1];
  if (value && typeof value === 'object') return [{ ...value, extra: 1 }, [], 'x', Object.fromEntries(Object.entries(value).slice(1)), null][kind - 1];
  return ['x', 1, true, {}, []][kind - 1];
}
