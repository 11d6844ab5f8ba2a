/**
 * oneOf, anyOf, allOf and discriminators. Variants are matched by the component they name, inline
 * ones by their order among the inline ones; matched variants are compared in turn.
 */
import { escapeToken } from '../../json-pointer.js';
import type { SchemaObject } from '../../model/types.js';
import { refName, type SchemaAt } from './schema-view.js';
import { reportSchema, type SchemaWalk } from './schema-walk.js';

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

export function compareComposition(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: string): void {
  if (!compareSwappedChoice(walk, o, n, where)) for (const keyword of ['oneOf', 'anyOf'] as const) compareVariants(walk, o, n, where, keyword);
  compareAllOf(walk, o, n, where);
  compareDiscriminator(walk, o, n, where);
}

/** A schema without composition, which the other side wrapped in (or took out of) a choice. */
function wraps(schema: SchemaObject): boolean {
  return !schema.oneOf && !schema.anyOf && !schema.allOf;
}

function compareVariants(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: string, keyword: 'oneOf' | 'anyOf'): void {
  const had = o.schema[keyword] !== undefined;
  const has = n.schema[keyword] !== undefined;
  if (!had && !has) return;
  const kind = keyword === 'oneOf' ? 'one-of' : 'any-of';
  const a = members(o, keyword);
  const b = members(n, keyword);
  // A schema that became a choice of itself and more (or the reverse) is compared as its first variant.
  if (!had && wraps(o.schema) && choiceOnly(n.schema)) {
    walk.visit(walk, o, (b[0] as Member).at, where);
    for (const member of b.slice(1))
      reportVariant(walk, `${kind}-variant-added`, `${where}: ${keyword} variant ${member.label} added`, o.pointer, member.at.pointer);
    return;
  }
  if (!has && wraps(n.schema) && choiceOnly(o.schema)) {
    walk.visit(walk, (a[0] as Member).at, n, where);
    for (const member of a.slice(1))
      reportVariant(walk, `${kind}-variant-removed`, `${where}: ${keyword} variant ${member.label} removed`, member.at.pointer, n.pointer);
    return;
  }
  // A choice beside the schema's own type: a condition more (or less) on the same values.
  if (!had || !has) {
    const pointers = { oldPointer: had ? `${o.pointer}/${keyword}` : o.pointer, newPointer: has ? `${n.pointer}/${keyword}` : n.pointer };
    reportSchema(walk, {
      kind: `${kind}-${has ? 'added' : 'removed'}`,
      message: `${where}: ${has ? 'now' : 'no longer'} one of ${has ? b.length : a.length} ${keyword} conditions`,
      ...pointers,
    });
    return;
  }
  const oldByKey = new Map(a.map((m) => [m.key, m]));
  const newByKey = new Map(b.map((m) => [m.key, m]));
  for (const member of b) {
    const was = oldByKey.get(member.key);
    if (was) walk.visit(walk, was.at, member.at, `${where}<${member.label}>`);
    else reportVariant(walk, `${kind}-variant-added`, `${where}: ${keyword} variant ${member.label} added`, `${o.pointer}/${keyword}`, member.at.pointer);
  }
  for (const member of a)
    if (!newByKey.has(member.key))
      reportVariant(walk, `${kind}-variant-removed`, `${where}: ${keyword} variant ${member.label} removed`, member.at.pointer, `${n.pointer}/${keyword}`);
}

/** A oneOf that became an anyOf (or the reverse): reported once, then its variants matched across. */
function compareSwappedChoice(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: string): boolean {
  const only = (s: SchemaObject) => (s.oneOf && !s.anyOf ? 'oneOf' : s.anyOf && !s.oneOf ? 'anyOf' : undefined);
  const was = only(o.schema);
  const is = only(n.schema);
  if (!was || !is || was === is) return false;
  const kind = was === 'oneOf' ? 'one-of-became-any-of' : 'any-of-became-one-of';
  reportSchema(walk, { kind, message: `${where}: ${was} -> ${is}`, oldPointer: `${o.pointer}/${was}`, newPointer: `${n.pointer}/${is}` });
  const label = is === 'oneOf' ? 'one-of' : 'any-of';
  const a = members(o, was);
  const b = members(n, is);
  const oldByKey = new Map(a.map((m) => [m.key, m]));
  const newKeys = new Set(b.map((m) => m.key));
  for (const member of b) {
    const match = oldByKey.get(member.key);
    if (match) walk.visit(walk, match.at, member.at, `${where}<${member.label}>`);
    else reportVariant(walk, `${label}-variant-added`, `${where}: ${is} variant ${member.label} added`, `${o.pointer}/${was}`, member.at.pointer);
  }
  for (const member of a)
    if (!newKeys.has(member.key))
      reportVariant(walk, `${label}-variant-removed`, `${where}: ${is} variant ${member.label} removed`, member.at.pointer, `${n.pointer}/${is}`);
  return true;
}

function reportVariant(walk: SchemaWalk, kind: string, message: string, oldPointer: string, newPointer: string): void {
  reportSchema(walk, { kind, message, oldPointer, newPointer });
}

/** A schema that is only a choice: no type or properties of its own. */
function choiceOnly(schema: SchemaObject): boolean {
  return schema.type === undefined && schema.properties === undefined;
}

/** allOf members that name a component; inline members' properties are compared with the object's own. */
function compareAllOf(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: string): void {
  const refs = (at: SchemaAt) => members(at, 'allOf').filter((m) => m.key.startsWith('$'));
  const a = refs(o);
  const b = refs(n);
  const oldKeys = new Set(a.map((m) => m.key));
  const newKeys = new Set(b.map((m) => m.key));
  for (const member of b)
    if (!oldKeys.has(member.key))
      reportSchema(walk, {
        kind: 'all-of-member-added',
        message: `${where}: allOf member ${member.label} added`,
        oldPointer: o.pointer,
        newPointer: member.at.pointer,
      });
  for (const member of a)
    if (!newKeys.has(member.key))
      reportSchema(walk, {
        kind: 'all-of-member-removed',
        message: `${where}: allOf member ${member.label} removed`,
        oldPointer: member.at.pointer,
        newPointer: n.pointer,
      });
}

function compareDiscriminator(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: string): void {
  const a = o.schema.discriminator;
  const b = n.schema.discriminator;
  if (!a || !b) return;
  const pointers = { oldPointer: `${o.pointer}/discriminator`, newPointer: `${n.pointer}/discriminator` };
  if (a.propertyName !== b.propertyName) {
    reportSchema(walk, { kind: 'discriminator-property-changed', message: `${where}: discriminator ${a.propertyName} -> ${b.propertyName}`, ...pointers });
    return;
  }
  const oldMapping = a.mapping ?? {};
  const newMapping = b.mapping ?? {};
  for (const value of Object.keys(newMapping))
    if (!(value in oldMapping))
      reportSchema(walk, {
        kind: 'discriminator-mapping-added',
        message: `${where}: discriminator value ${JSON.stringify(value)} added`,
        oldPointer: pointers.oldPointer,
        newPointer: `${pointers.newPointer}/mapping/${escapeToken(value)}`,
      });
  for (const value of Object.keys(oldMapping))
    if (!(value in newMapping))
      reportSchema(walk, {
        kind: 'discriminator-mapping-removed',
        message: `${where}: discriminator value ${JSON.stringify(value)} removed`,
        oldPointer: `${pointers.oldPointer}/mapping/${escapeToken(value)}`,
        newPointer: pointers.newPointer,
      });
}
