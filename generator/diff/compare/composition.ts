/**
 * oneOf, anyOf, allOf and discriminators. Variants are matched by the component they name, inline
 * ones by their order among the inline ones; matched variants are compared in turn.
 */
import { escapeToken } from '../../json-pointer.js';
import type { SchemaObject } from '../../model/types.js';
import type { Where } from './record.js';
import { stepInto } from './record.js';
import { refName, type SchemaAt } from './schema-view.js';
import { recordSchema, type SchemaWalk } from './schema-walk.js';

interface Member {
  key: string;
  at: SchemaAt;
  label: string;
}

function members(at: SchemaAt, keyword: 'oneOf' | 'anyOf' | 'allOf'): Member[] {
  let inline = 0;
  const taken = new Set<string>();
  return (at.schema[keyword] ?? []).map((schema: SchemaObject, i: number) => {
    const ref = refName(schema);
    const signature = ref === undefined ? inlineSignature(schema) : `$${ref}`;
    // Two inline variants alike (or none to tell them by) are matched by their order among the inline ones.
    const key = signature !== undefined && !taken.has(signature) ? signature : `#${inline}`;
    if (ref === undefined) inline++;
    taken.add(key);
    return { key, at: { schema, pointer: `${at.pointer}/${keyword}/${i}` }, label: ref ?? `#${i + 1}` };
  });
}

/** What tells an inline variant apart where variants move: the components its allOf names, else its title. */
function inlineSignature(schema: SchemaObject): string | undefined {
  const refs = (schema.allOf ?? []).flatMap((member) => refName(member) ?? []);
  if (refs.length > 0) return `allOf:${refs.sort().join(',')}`;
  return schema.title ? `title:${schema.title}` : undefined;
}

export function compareComposition(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: Where): void {
  if (!compareSwappedChoice(walk, o, n, where)) for (const keyword of ['oneOf', 'anyOf'] as const) compareVariants(walk, o, n, where, keyword);
  compareAllOf(walk, o, n, where);
  compareDiscriminator(walk, o, n, where);
}

/** A schema without composition, which the other side wrapped in (or took out of) a choice. */
function wraps(schema: SchemaObject): boolean {
  return !schema.oneOf && !schema.anyOf && !schema.allOf;
}

/** A variant more (`new`) or less (`old`), named by its component or its position. */
function recordVariant(walk: SchemaWalk, keyword: string, where: Where, member: Member, side: 'old' | 'new', pointers: [string, string]): void {
  recordSchema(walk, { keyword: `${keyword}-variant`, where, [side]: member.label, oldPointer: pointers[0], newPointer: pointers[1] });
}

function compareVariants(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: Where, keyword: 'oneOf' | 'anyOf'): void {
  const had = o.schema[keyword] !== undefined;
  const has = n.schema[keyword] !== undefined;
  if (!had && !has) return;
  const a = members(o, keyword);
  const b = members(n, keyword);
  // A schema that became a choice of itself and more (or the reverse) is compared as its first variant.
  if (!had && wraps(o.schema) && choiceOnly(n.schema)) {
    walk.visit(walk, o, (b[0] as Member).at, where);
    for (const member of b.slice(1)) recordVariant(walk, keyword, where, member, 'new', [o.pointer, member.at.pointer]);
    return;
  }
  if (!has && wraps(n.schema) && choiceOnly(o.schema)) {
    walk.visit(walk, (a[0] as Member).at, n, where);
    for (const member of a.slice(1)) recordVariant(walk, keyword, where, member, 'old', [member.at.pointer, n.pointer]);
    return;
  }
  // A choice beside the schema's own type: a condition more (or less) on the same values.
  if (!had || !has) {
    recordSchema(walk, {
      keyword,
      where,
      ...(had ? { old: a.length } : { new: b.length }),
      oldPointer: had ? `${o.pointer}/${keyword}` : o.pointer,
      newPointer: has ? `${n.pointer}/${keyword}` : n.pointer,
    });
    return;
  }
  matchVariants(walk, { o, n, where, was: keyword, is: keyword, a, b });
}

/** Matched variants compared, the rest recorded as added or removed. */
function matchVariants(
  walk: SchemaWalk,
  input: { o: SchemaAt; n: SchemaAt; where: Where; was: 'oneOf' | 'anyOf'; is: 'oneOf' | 'anyOf'; a: Member[]; b: Member[] },
): void {
  const { o, n, where, was, is, a, b } = input;
  const oldByKey = new Map(a.map((m) => [m.key, m]));
  const newKeys = new Set(b.map((m) => m.key));
  for (const member of b) {
    const match = oldByKey.get(member.key);
    if (match) walk.visit(walk, match.at, member.at, stepInto(where, `<${member.label}>`));
    else recordVariant(walk, is, where, member, 'new', [`${o.pointer}/${was}`, member.at.pointer]);
  }
  for (const member of a) if (!newKeys.has(member.key)) recordVariant(walk, is, where, member, 'old', [member.at.pointer, `${n.pointer}/${is}`]);
}

/** A oneOf that became an anyOf (or the reverse): recorded once, then its variants matched across. */
function compareSwappedChoice(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: Where): boolean {
  const only = (s: SchemaObject) => (s.oneOf && !s.anyOf ? 'oneOf' : s.anyOf && !s.oneOf ? 'anyOf' : undefined);
  const was = only(o.schema);
  const is = only(n.schema);
  if (!was || !is || was === is) return false;
  recordSchema(walk, { keyword: 'choice', where, old: was, new: is, oldPointer: `${o.pointer}/${was}`, newPointer: `${n.pointer}/${is}` });
  matchVariants(walk, { o, n, where, was, is, a: members(o, was), b: members(n, is) });
  return true;
}

/** A schema that is only a choice: no type or properties of its own. */
function choiceOnly(schema: SchemaObject): boolean {
  return schema.type === undefined && schema.properties === undefined;
}

/** allOf members that name a component; inline members' properties are compared with the object's own. */
function compareAllOf(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: Where): void {
  const refs = (at: SchemaAt) => members(at, 'allOf').filter((m) => m.key.startsWith('$'));
  const a = refs(o);
  const b = refs(n);
  const oldKeys = new Set(a.map((m) => m.key));
  const newKeys = new Set(b.map((m) => m.key));
  for (const member of b)
    if (!oldKeys.has(member.key))
      recordSchema(walk, { keyword: 'allOf-member', where, new: member.label, oldPointer: o.pointer, newPointer: member.at.pointer });
  for (const member of a)
    if (!newKeys.has(member.key))
      recordSchema(walk, { keyword: 'allOf-member', where, old: member.label, oldPointer: member.at.pointer, newPointer: n.pointer });
}

/** The component a mapping names (`#/components/schemas/Cat` or a bare `Cat`). */
function mappedName(target: string): string {
  return target.startsWith('#') ? (refName({ $ref: target } as SchemaObject) ?? target) : target;
}

function compareDiscriminator(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: Where): void {
  const a = o.schema.discriminator;
  const b = n.schema.discriminator;
  if (!a && !b) return;
  const pointers = { oldPointer: a ? `${o.pointer}/discriminator` : o.pointer, newPointer: b ? `${n.pointer}/discriminator` : n.pointer };
  if (!a || !b || a.propertyName !== b.propertyName) {
    recordSchema(walk, { keyword: 'discriminator', where, ...(a ? { old: a.propertyName } : {}), ...(b ? { new: b.propertyName } : {}), ...pointers });
    return;
  }
  const oldMapping = a.mapping ?? {};
  const newMapping = b.mapping ?? {};
  const at = (side: string, value: string) => `${side}/mapping/${escapeToken(value)}`;
  for (const [value, target] of Object.entries(newMapping)) {
    const was = Object.hasOwn(oldMapping, value) ? oldMapping[value] : undefined;
    if (was === undefined)
      recordSchema(walk, {
        keyword: 'discriminator-mapping',
        where,
        new: { value, to: mappedName(target) },
        ...pointers,
        newPointer: at(pointers.newPointer, value),
      });
    else if (mappedName(was) !== mappedName(target))
      recordSchema(walk, {
        keyword: 'discriminator-mapping',
        where,
        old: { value, to: mappedName(was) },
        new: { value, to: mappedName(target) },
        oldPointer: at(pointers.oldPointer, value),
        newPointer: at(pointers.newPointer, value),
      });
  }
  for (const [value, target] of Object.entries(oldMapping))
    if (!Object.hasOwn(newMapping, value))
      recordSchema(walk, {
        keyword: 'discriminator-mapping',
        where,
        old: { value, to: mappedName(target) },
        ...pointers,
        oldPointer: at(pointers.oldPointer, value),
      });
}
