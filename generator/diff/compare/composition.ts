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
  return (at.schema[keyword] ?? []).map((schema: SchemaObject, i: number) => {
    const ref = refName(schema);
    const key = ref === undefined ? `#${inline++}` : `$${ref}`;
    return { key, at: { schema, pointer: `${at.pointer}/${keyword}/${i}` }, label: ref ?? `#${i + 1}` };
  });
}

export function compareComposition(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: string): void {
  for (const keyword of ['oneOf', 'anyOf'] as const) compareVariants(walk, o, n, where, keyword);
  compareAllOf(walk, o, n, where);
  compareDiscriminator(walk, o, n, where);
}

/** A schema without composition, which the other side wrapped in (or took out of) a choice. */
function wraps(schema: SchemaObject): boolean {
  return !schema.oneOf && !schema.anyOf && !schema.allOf;
}

function compareVariants(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: string, keyword: 'oneOf' | 'anyOf'): void {
  if (!o.schema[keyword] && !n.schema[keyword]) return;
  const kind = keyword === 'oneOf' ? 'one-of' : 'any-of';
  const a = members(o, keyword);
  const b = members(n, keyword);
  const oldByKey = new Map(a.map((m) => [m.key, m]));
  const newByKey = new Map(b.map((m) => [m.key, m]));
  const listPointer = (at: SchemaAt) => (at.schema[keyword] ? `${at.pointer}/${keyword}` : at.pointer);
  for (const member of b) {
    const was = oldByKey.get(member.key);
    if (was) walk.visit(walk, was.at, member.at, `${where}<${member.label}>`);
    // A schema that turns into a oneOf of itself and more is compared as its first variant.
    else if (wraps(o.schema) && member === b[0]) walk.visit(walk, o, member.at, where);
    else
      reportSchema(walk, {
        kind: `${kind}-variant-added`,
        message: `${where}: ${keyword} variant ${member.label} added`,
        oldPointer: listPointer(o),
        newPointer: member.at.pointer,
      });
  }
  for (const member of a) {
    if (newByKey.has(member.key)) continue;
    if (wraps(n.schema) && member === a[0]) walk.visit(walk, member.at, n, where);
    else
      reportSchema(walk, {
        kind: `${kind}-variant-removed`,
        message: `${where}: ${keyword} variant ${member.label} removed`,
        oldPointer: member.at.pointer,
        newPointer: listPointer(n),
      });
  }
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
