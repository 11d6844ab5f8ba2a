/**
 * Two schemas side by side, in one direction: what callers send (`request`) or what the API answers
 * (`response`). Narrowing a request refuses what old callers send; widening a response sends what old
 * readers and validators do not expect. A pair of components is compared once per direction and
 * its changes reused by every operation that reaches it.
 */
import { formatCheck } from '../../emit/shared/checked-formats.js';
import type { SchemaObject } from '../../model/types.js';
import type { Surface } from '../change.js';
import { ruleOf } from '../rules.js';
import { constraintMoves, describeMove } from './constraints.js';
import type { CompareSide, Finding } from './context.js';
import { reportSchema, type SchemaMemo, type SchemaScope, type SchemaWalk } from './schema-walk.js';
import { compareComposition } from './composition.js';
import { objectView, resolveSchema, sameTsTypes, shown, typeMove, typesOf, type SchemaAt } from './schema-view.js';

/** The changes between two schemas in one scope. */
export function compareSchemas(input: {
  old: CompareSide;
  new: CompareSide;
  scope: SchemaScope;
  memo: SchemaMemo;
  oldAt: SchemaAt;
  newAt: SchemaAt;
  where: string;
}): Finding[] {
  const walk: SchemaWalk = { old: input.old, new: input.new, scope: input.scope, memo: input.memo, stack: new Set(), cut: false, out: [], visit: walkSchemas };
  walkSchemas(walk, input.oldAt, input.newAt, input.where);
  return walk.out;
}

/** Compares two schemas, following references (a pair of components once per scope). */
export function walkSchemas(walk: SchemaWalk, oldAt: SchemaAt, newAt: SchemaAt, where: string): void {
  const o = resolveSchema(walk.old, oldAt);
  const n = resolveSchema(walk.new, newAt);
  if (o.ref === undefined || n.ref === undefined) {
    compareNodes(walk, o, n, where);
    return;
  }
  const key = `${o.ref}\u0000${n.ref}\u0000${walk.scope.direction}\u0000${walk.scope.serialized}`;
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
  compareNodes(walk, o, n, n.ref);
  walk.stack.delete(key);
  const found = walk.out;
  if (!walk.cut) walk.memo.set(key, found);
  walk.out = outer.out;
  walk.cut = outer.cut || walk.cut;
  walk.out.push(...found);
}

function compareNodes(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: string): void {
  const { direction } = walk.scope;
  const at = (keyword: string) => ({ oldPointer: `${o.pointer}/${keyword}`, newPointer: `${n.pointer}/${keyword}` });
  const nullableOld = o.schema.nullable === true;
  const nullableNew = n.schema.nullable === true;
  if (nullableOld !== nullableNew) {
    reportSchema(walk, {
      kind: nullableNew ? 'nullable-added' : 'nullable-removed',
      message: `${where}: null ${nullableNew ? 'is now allowed' : 'is no longer allowed'}`,
      ...at('nullable'),
    });
  }
  const oldTypes = typesOf(o.schema);
  const newTypes = typesOf(n.schema);
  const move = typeMove(oldTypes, newTypes);
  if (move !== 'same' && !(oldTypes === undefined && hasShape(o.schema)) && !(newTypes === undefined && hasShape(n.schema))) {
    const message = `${where}: type ${typeText(oldTypes)} -> ${typeText(newTypes)}`;
    reportSchema(walk, { kind: `type-${move}`, message, ...at('type'), surfaces: typeSurfaces(walk, move, oldTypes, newTypes) });
    if (move === 'changed') return;
  }
  // A schema that became a choice of itself and more (or the reverse) is compared as that variant.
  if (wrapsVariants(o.schema, n.schema) || wrapsVariants(n.schema, o.schema)) {
    compareComposition(walk, o, n, where);
    return;
  }
  compareEnums(walk, o, n, where);
  for (const moved of constraintMoves(o.schema, n.schema, direction)) {
    const kind = `${moved.kind}-${moved.move}`;
    // A format breaks validators only where the side that must accept checks it and the other does not (int64 on an integer adds no check).
    const judging = direction === 'request' ? formatCheck(n.schema) : formatCheck(o.schema);
    const unchecked = moved.kind === 'format' && (judging === undefined || formatCheck(o.schema) === formatCheck(n.schema));
    const surfaces = unchecked ? ruleOf(`${direction}-${kind}`).surfaces.filter((surface) => surface !== 'validators') : undefined;
    reportSchema(walk, { kind, message: `${where}: ${describeMove(moved)}`, ...at(moved.keyword), ...(surfaces ? { surfaces } : {}) });
  }
  if (
    direction === 'request' &&
    o.schema.default !== undefined &&
    n.schema.default !== undefined &&
    JSON.stringify(o.schema.default) !== JSON.stringify(n.schema.default)
  ) {
    reportSchema(walk, { kind: 'default-changed', message: `${where}: default ${shown(o.schema.default)} -> ${shown(n.schema.default)}`, ...at('default') });
  }
  compareObjects(walk, o, n, where);
  compareItems(walk, o, n, where);
  compareComposition(walk, o, n, where);
}

/** True when `b` is only a oneOf or anyOf (no type or properties of its own) and `a` no composition at all. */
function wrapsVariants(a: SchemaObject, b: SchemaObject): boolean {
  return (b.oneOf !== undefined || b.anyOf !== undefined) && b.type === undefined && b.properties === undefined && !hasShape(a);
}

/** A schema without a type whose shape (composition) the other checks read. */
function hasShape(schema: SchemaObject): boolean {
  return schema.oneOf !== undefined || schema.anyOf !== undefined || schema.allOf !== undefined;
}

function typeText(types: Set<string> | undefined): string {
  return types === undefined ? 'any' : [...types].sort().join('|');
}

/** The surfaces a type move breaks here: the TypeScript type only where it differs, the wire not for a parameter turned string. */
function typeSurfaces(
  walk: SchemaWalk,
  move: 'widened' | 'narrowed' | 'changed',
  old: Set<string> | undefined,
  next: Set<string> | undefined,
): Surface[] | undefined {
  const { direction, serialized } = walk.scope;
  const breaks = direction === 'request' ? move !== 'widened' : move !== 'narrowed';
  if (!breaks) return [];
  const surfaces: Surface[] = direction === 'request' ? ['wire', 'types', 'validators', 'mcp'] : ['wire', 'types', 'validators'];
  const keep = new Set(surfaces);
  if (sameTsTypes(old, next)) keep.delete('types');
  // A parameter is text on the wire: an old caller's number reads as a string the new API accepts.
  if (direction === 'request' && serialized && next?.has('string') && next.size === 1 && old && [...old].every((t) => t !== 'object' && t !== 'array'))
    keep.delete('wire');
  return surfaces.filter((s) => keep.has(s));
}

function compareEnums(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: string): void {
  const a = Array.isArray(o.schema.enum) ? o.schema.enum : undefined;
  const b = Array.isArray(n.schema.enum) ? n.schema.enum : undefined;
  const pointers = { oldPointer: `${o.pointer}/enum`, newPointer: `${n.pointer}/enum` };
  if (!a && !b) return;
  if (!a) {
    reportSchema(walk, { kind: 'enum-added', message: `${where}: now limited to ${shown(b)}`, ...pointers });
    return;
  }
  if (!b) {
    reportSchema(walk, { kind: 'enum-removed', message: `${where}: no longer limited to ${shown(a)}`, ...pointers });
    return;
  }
  // null among the values is the nullable check's to report.
  const keys = (values: unknown[]) => new Map(values.flatMap((v, i) => (v === null ? [] : [[JSON.stringify(v), i] as const])));
  const oldKeys = keys(a);
  const newKeys = keys(b);
  for (const [key, i] of newKeys)
    if (!oldKeys.has(key))
      reportSchema(walk, {
        kind: 'enum-value-added',
        message: `${where}: enum value ${shown(b[i])} added`,
        oldPointer: pointers.oldPointer,
        newPointer: `${n.pointer}/enum/${i}`,
      });
  for (const [key, i] of oldKeys)
    if (!newKeys.has(key))
      reportSchema(walk, {
        kind: 'enum-value-removed',
        message: `${where}: enum value ${shown(a[i])} removed`,
        oldPointer: `${o.pointer}/enum/${i}`,
        newPointer: pointers.newPointer,
      });
}

function compareObjects(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: string): void {
  const { direction } = walk.scope;
  const hasProperties = (at: SchemaAt) => at.schema.properties !== undefined || at.schema.allOf !== undefined || at.schema.type === 'object';
  if (!hasProperties(o) && !hasProperties(n)) return;
  const a = objectView(walk.old, o, direction);
  const b = objectView(walk.new, n, direction);
  const request = direction === 'request';
  for (const [name, was] of a.properties) {
    const is = b.properties.get(name);
    const inner = `${where}.${name}`;
    if (!is) {
      const hidden = b.hidden.get(name);
      const why = hidden ? ` (now ${hidden})` : '';
      const surfaces: Surface[] = request
        ? ['types', 'mcp', ...(b.closed ? (['wire', 'validators'] as Surface[]) : [])]
        : ['types', ...(was.required ? (['wire', 'validators'] as Surface[]) : [])];
      reportSchema(walk, {
        kind: 'property-removed',
        message: `${inner}: removed${why}${was.required ? ' (it was required)' : ''}`,
        oldPointer: was.at.pointer,
        newPointer: n.pointer,
        surfaces,
      });
      continue;
    }
    if (was.required !== is.required) {
      const kind = is.required ? 'property-became-required' : 'property-became-optional';
      reportSchema(walk, { kind, message: `${inner}: now ${is.required ? 'required' : 'optional'}`, oldPointer: was.at.pointer, newPointer: is.at.pointer });
    }
    const deprecated = resolveSchema(walk.new, is.at).schema.deprecated === true && resolveSchema(walk.old, was.at).schema.deprecated !== true;
    if (deprecated)
      reportSchema(walk, {
        kind: 'property-deprecated',
        message: `${inner}: now deprecated`,
        oldPointer: was.at.pointer,
        newPointer: `${is.at.pointer}/deprecated`,
      });
    walkSchemas(walk, was.at, is.at, inner);
  }
  for (const [name, is] of b.properties) {
    if (a.properties.has(name)) continue;
    const hidden = a.hidden.get(name);
    const why = hidden ? ` (no longer ${hidden})` : '';
    const closed = !request && a.closed;
    if (is.required)
      reportSchema(walk, {
        kind: 'property-added-required',
        message: `${where}.${name}: added, required${why}`,
        oldPointer: o.pointer,
        newPointer: is.at.pointer,
        ...(request ? {} : { surfaces: closed ? ['wire', 'validators'] : [] }),
      });
    else
      reportSchema(walk, {
        kind: 'property-added',
        message: `${where}.${name}: added${why}${closed ? ' to an object that allowed no other properties' : ''}`,
        oldPointer: o.pointer,
        newPointer: is.at.pointer,
        surfaces: closed ? ['wire', 'validators'] : [],
      });
  }
  compareAdditional(walk, o, n, where, a.closed, b.closed);
}

function compareAdditional(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: string, wasClosed: boolean, isClosed: boolean): void {
  const pointers = { oldPointer: `${o.pointer}/additionalProperties`, newPointer: `${n.pointer}/additionalProperties` };
  if (!wasClosed && isClosed)
    reportSchema(walk, { kind: 'additional-properties-closed', message: `${where}: no other properties allowed any more`, ...pointers });
  if (wasClosed && !isClosed) reportSchema(walk, { kind: 'additional-properties-opened', message: `${where}: other properties now allowed`, ...pointers });
  const a = o.schema.additionalProperties;
  const b = n.schema.additionalProperties;
  if (a && b && typeof a === 'object' && typeof b === 'object')
    walkSchemas(walk, { schema: a, pointer: pointers.oldPointer }, { schema: b, pointer: pointers.newPointer }, `${where}{}`);
}

function compareItems(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: string): void {
  const a = o.schema.items;
  const b = n.schema.items;
  if (!a || !b) return;
  walkSchemas(walk, { schema: a, pointer: `${o.pointer}/items` }, { schema: b, pointer: `${n.pointer}/items` }, `${where}[]`);
}
