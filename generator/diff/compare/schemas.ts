/**
 * Two schemas side by side, in one direction (what callers send, or what the API answers): every
 * keyword that differs, recorded as it is written. Forms that accept the same values are read as one
 * first (equivalent-forms.ts). A pair of components is compared once per direction and its records
 * reused by every operation that reaches it.
 */
import type { SchemaObject } from '../../model/types.js';
import type { CompareSide } from './context.js';
import { compareComposition } from './composition.js';
import { constraintChanges } from './constraints.js';
import { propertyLifecycle, sunsetMove } from './lifecycle.js';
import { compareOtherKeywords, recordKeyword } from './other-keywords.js';
import { type CanonicalAt, canonicalSchema } from './equivalent-forms.js';
import type { SchemaRecord, Where } from './record.js';
import { bothNames, sameName, stepInto } from './record.js';
import { objectView, type SchemaAt, typeMove, typesOf } from './schema-view.js';
import { recordSchema, type SchemaMemo, type SchemaScope, type SchemaWalk } from './schema-walk.js';

/** The records between two schemas in one scope. */
export function compareSchemas(input: {
  old: CompareSide;
  new: CompareSide;
  scope: SchemaScope;
  memo: SchemaMemo;
  oldAt: SchemaAt;
  newAt: SchemaAt;
  where: Where;
}): SchemaRecord[] {
  const walk: SchemaWalk = { old: input.old, new: input.new, scope: input.scope, memo: input.memo, stack: new Set(), cut: false, out: [], visit: walkSchemas };
  walkSchemas(walk, input.oldAt, input.newAt, input.where);
  return walk.out;
}

/** Compares two schemas, following references (a pair of components once per scope). */
export function walkSchemas(walk: SchemaWalk, oldAt: SchemaAt, newAt: SchemaAt, where: Where): void {
  const o = canonicalSchema(walk.old, oldAt);
  const n = canonicalSchema(walk.new, newAt);
  // A wrapper's `nullable` is judged here, where it is written; the pair below compares the rest.
  const wrapped = o.wrapped || n.wrapped;
  if (wrapped && o.nullable !== n.nullable) recordNullable(walk, o, n, where);
  if (o.ref === undefined || n.ref === undefined) {
    compareNodes(walk, o, n, where, wrapped);
    return;
  }
  const key = `${o.ref}\u0000${n.ref}\u0000${walk.scope.direction}\u0000${walk.scope.serialized}\u0000${wrapped}`;
  const known = walk.memo.get(key);
  if (known) {
    walk.out.push(...known);
    return;
  }
  if (walk.stack.has(key)) {
    walk.cut = true;
    return;
  }
  const outer = { out: walk.out, cut: walk.cut };
  walk.out = [];
  walk.cut = false;
  walk.stack.add(key);
  compareNodes(walk, o, n, { old: o.ref, new: n.ref }, wrapped);
  walk.stack.delete(key);
  const found = walk.out;
  if (!walk.cut) walk.memo.set(key, found);
  walk.out = outer.out;
  walk.cut = outer.cut || walk.cut;
  walk.out.push(...found);
}

function recordNullable(walk: SchemaWalk, o: CanonicalAt, n: CanonicalAt, where: Where): void {
  recordSchema(walk, { keyword: 'nullable', where, old: o.nullable, new: n.nullable, oldPointer: o.nullablePointer, newPointer: n.nullablePointer });
}

function compareNodes(walk: SchemaWalk, o: CanonicalAt, n: CanonicalAt, where: Where, nullableJudged: boolean): void {
  const at = (keyword: string) => ({ oldPointer: `${o.pointer}/${keyword}`, newPointer: `${n.pointer}/${keyword}` });
  if (!nullableJudged && o.nullable !== n.nullable) recordNullable(walk, o, n, where);
  const oldTypes = typesOf(o.schema);
  const newTypes = typesOf(n.schema);
  const move = typeMove(oldTypes, newTypes);
  if (move !== 'same' && !(oldTypes === undefined && hasShape(o.schema)) && !(newTypes === undefined && hasShape(n.schema))) {
    recordSchema(walk, {
      keyword: 'type',
      where,
      old: listed(oldTypes),
      new: listed(newTypes),
      ...at('type'),
      ...(walk.scope.serialized ? { facts: { serialized: true } } : {}),
    });
    // Values of another type share no keyword worth comparing.
    if (move === 'changed') return;
  }
  // A schema that became a choice of itself and more (or the reverse) is compared as that variant.
  if (wrapsVariants(o.schema, n.schema) || wrapsVariants(n.schema, o.schema)) {
    compareComposition(walk, o, n, where);
    return;
  }
  compareEnums(walk, o, n, where);
  for (const changed of constraintChanges(o.schema, n.schema)) {
    // What a format checks depends on the type it is written beside.
    const written = (schema: SchemaObject) => (typeof schema.type === 'string' ? [schema.type] : undefined);
    const [a, b] = [written(o.schema), written(n.schema)];
    const facts = changed.keyword === 'format' ? { facts: { types: { ...(a ? { old: a } : {}), ...(b ? { new: b } : {}) } } } : {};
    recordSchema(walk, { keyword: changed.keyword, where, old: changed.old, new: changed.new, ...at(changed.keyword), ...facts });
  }
  if (o.schema.default !== undefined && n.schema.default !== undefined && JSON.stringify(o.schema.default) !== JSON.stringify(n.schema.default))
    recordSchema(walk, { keyword: 'default', where, old: o.schema.default, new: n.schema.default, ...at('default') });
  compareObjects(walk, o, n, where);
  compareItems(walk, o, n, where);
  compareComposition(walk, o, n, where);
  compareOtherKeywords(walk, o, n, where);
}

function listed(types: Set<string> | undefined): string[] | undefined {
  return types === undefined ? undefined : [...types].sort();
}

/** True when `b` is only a oneOf or anyOf (no type or properties of its own) and `a` no composition at all. */
function wrapsVariants(a: SchemaObject, b: SchemaObject): boolean {
  return (b.oneOf !== undefined || b.anyOf !== undefined) && b.type === undefined && b.properties === undefined && !hasShape(a);
}

/** A schema without a type whose shape (composition) the other checks read. */
function hasShape(schema: SchemaObject): boolean {
  return schema.oneOf !== undefined || schema.anyOf !== undefined || schema.allOf !== undefined;
}

function compareEnums(walk: SchemaWalk, o: CanonicalAt, n: CanonicalAt, where: Where): void {
  const a = Array.isArray(o.schema.enum) ? o.schema.enum : undefined;
  const b = Array.isArray(n.schema.enum) ? n.schema.enum : undefined;
  if (!a && !b) return;
  const pointers = { oldPointer: enumPointer(o), newPointer: enumPointer(n) };
  if (!a || !b) {
    recordSchema(walk, { keyword: 'enum', where, ...(a ? { old: a } : {}), ...(b ? { new: b } : {}), ...pointers });
    return;
  }
  // null among the values is the nullable check's to record.
  const keys = (values: unknown[]) => new Map(values.flatMap((v, i) => (v === null ? [] : [[JSON.stringify(v), i] as const])));
  const oldKeys = keys(a);
  const newKeys = keys(b);
  for (const [key, i] of newKeys)
    if (!oldKeys.has(key)) recordSchema(walk, { keyword: 'enum-value', where, new: b[i], oldPointer: pointers.oldPointer, newPointer: enumPointer(n, i) });
  for (const [key, i] of oldKeys)
    if (!newKeys.has(key)) recordSchema(walk, { keyword: 'enum-value', where, old: a[i], oldPointer: enumPointer(o, i), newPointer: pointers.newPointer });
}

/** Where an enum (or one of its values) is written: a choice of one-value enums writes each value in its branch. */
function enumPointer(at: CanonicalAt, index?: number): string {
  if (at.enumPointers) return index === undefined ? at.pointer : (at.enumPointers[index] ?? at.pointer);
  return index === undefined ? `${at.pointer}/enum` : `${at.pointer}/enum/${index}`;
}

function compareObjects(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: Where): void {
  const { direction } = walk.scope;
  const hasProperties = (at: SchemaAt) =>
    at.schema.properties !== undefined || at.schema.required !== undefined || at.schema.allOf !== undefined || at.schema.type === 'object';
  if (!hasProperties(o) && !hasProperties(n)) return;
  const a = objectView(walk.old, o, direction);
  const b = objectView(walk.new, n, direction);
  for (const [name, was] of a.properties) {
    const is = b.properties.get(name);
    const inner = stepInto(where, `.${name}`);
    if (!is) {
      const hidden = b.hidden.get(name);
      recordSchema(walk, {
        keyword: 'property',
        where: inner,
        by: 'old',
        old: name,
        oldPointer: was.at.pointer,
        newPointer: n.pointer,
        // A property that left this direction is still there: its life is not what is judged.
        facts: { required: was.required, closed: b.closed, ...(hidden ? { hidden } : { lifecycle: propertyLifecycle(walk.old, was.at) }) },
      });
      continue;
    }
    if (was.required !== is.required)
      recordSchema(walk, { keyword: 'required', where: inner, old: was.required, new: is.required, oldPointer: was.at.pointer, newPointer: is.at.pointer });
    compareLife(walk, was.at, is.at, inner);
    walkSchemas(walk, was.at, is.at, inner);
  }
  for (const [name, is] of b.properties) {
    if (a.properties.has(name)) continue;
    const hidden = a.hidden.get(name);
    // Added where the old value was another schema: both are named, so the place reads apart from an addition to the new schema alone.
    const at = where.old === where.new ? stepInto(where, `.${name}`) : sameName(`${bothNames(where)}.${name}`);
    recordSchema(walk, {
      keyword: 'property',
      where: at,
      by: 'new',
      new: name,
      oldPointer: o.pointer,
      newPointer: is.at.pointer,
      facts: { required: is.required, closed: a.closed, ...(hidden ? { hidden } : {}) },
    });
  }
  compareAdditional(walk, o, n, where, a.closed, b.closed);
}

/** A property now deprecated, and its sunset moved. */
function compareLife(walk: SchemaWalk, was: SchemaAt, is: SchemaAt, where: Where): void {
  const a = propertyLifecycle(walk.old, was);
  const b = propertyLifecycle(walk.new, is);
  if (b.deprecated && !a.deprecated)
    recordSchema(walk, {
      keyword: 'deprecated',
      where,
      old: false,
      new: true,
      oldPointer: was.pointer,
      newPointer: `${is.pointer}/deprecated`,
      facts: { lifecycle: b },
    });
  const moved = sunsetMove(a, b);
  if (moved) recordSchema(walk, { keyword: 'sunset', where, ...moved, oldPointer: was.pointer, newPointer: is.pointer });
}

/**
 * Whether other properties are allowed, and what their values may be: `true` and no keyword at all
 * allow any value, as `{}` does, so a map's `{type: string}` that became `true` is its values' type widened.
 */
function compareAdditional(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: Where, wasClosed: boolean, isClosed: boolean): void {
  const pointers = { oldPointer: `${o.pointer}/additionalProperties`, newPointer: `${n.pointer}/additionalProperties` };
  if (wasClosed !== isClosed) recordSchema(walk, { keyword: 'additionalProperties', where, old: !wasClosed, new: !isClosed, ...pointers });
  const a = o.schema.additionalProperties;
  const b = n.schema.additionalProperties;
  const isSchema = (value: unknown) => value !== null && typeof value === 'object';
  if (wasClosed || isClosed || (!isSchema(a) && !isSchema(b))) return;
  const schemaOf = (value: unknown): SchemaObject => (isSchema(value) ? (value as SchemaObject) : {});
  walkSchemas(walk, { schema: schemaOf(a), pointer: pointers.oldPointer }, { schema: schemaOf(b), pointer: pointers.newPointer }, stepInto(where, '{}'));
}

function compareItems(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: Where): void {
  const a = o.schema.items;
  const b = n.schema.items;
  if (!a || !b) {
    // Items added, removed or closed (`false`): no rule of its own reads it, and `{}` says what none says.
    const empty = (items: unknown) => items === undefined || isPlainEmpty(items);
    if (!(empty(a) && empty(b)) && JSON.stringify(a) !== JSON.stringify(b)) recordKeyword(walk, o, n, 'items', where);
    return;
  }
  const oldAt = { schema: a, pointer: `${o.pointer}/items` };
  const newAt = { schema: b, pointer: `${n.pointer}/items` };
  const inner = stepInto(where, '[]');
  // Items of another JSON type are one change of the array, not of each keyword below.
  const oldTypes = typesOf(canonicalSchema(walk.old, oldAt).schema);
  const newTypes = typesOf(canonicalSchema(walk.new, newAt).schema);
  if (oldTypes !== undefined && newTypes !== undefined && typeMove(oldTypes, newTypes) === 'changed') {
    recordSchema(walk, { keyword: 'items', where: inner, old: listed(oldTypes), new: listed(newTypes), ...oldAtNew(oldAt, newAt) });
    return;
  }
  walkSchemas(walk, oldAt, newAt, inner);
}

function isPlainEmpty(value: unknown): boolean {
  return value !== null && typeof value === 'object' && Object.keys(value).length === 0;
}

function oldAtNew(oldAt: SchemaAt, newAt: SchemaAt): { oldPointer: string; newPointer: string } {
  return { oldPointer: oldAt.pointer, newPointer: newAt.pointer };
}
