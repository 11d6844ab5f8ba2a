/**
 * What values a schema admits: null, its JSON types (and its array items'), its enum, its default.
 * Narrowing what a request admits refuses what old callers send; widening what a response admits
 * sends what old readers and validators do not expect.
 */
import type { Surface } from '../change.js';
import type { ChangeRecord } from '../compare/record.js';
import { sameTsTypes, typeMove } from '../compare/schema-view.js';
import { at, type Judged, judged, shown } from './judge.js';

/** `request-nullable-added`: a schema rule in the record's direction. */
export function schemaRule(record: ChangeRecord, kind: string): string {
  return `${record.direction}-${kind}`;
}

export function checkNullable(record: ChangeRecord): Judged[] {
  const added = record.new === true;
  return [judged(schemaRule(record, added ? 'nullable-added' : 'nullable-removed'), at(record, `null ${added ? 'is now allowed' : 'is no longer allowed'}`))];
}

function typeText(types: unknown): string {
  return Array.isArray(types) ? types.join('|') : 'any';
}

function typeSet(types: unknown): Set<string> | undefined {
  return Array.isArray(types) ? new Set(types as string[]) : undefined;
}

/** The JSON types moved: widened, narrowed or changed; at an array's items, `items-type-changed`. */
export function checkType(record: ChangeRecord): Judged[] {
  const old = typeSet(record.old);
  const next = typeSet(record.new);
  const move = typeMove(old, next);
  if (move === 'same') return [];
  const items = record.keyword === 'items';
  const rule = schemaRule(record, items ? 'items-type-changed' : `type-${move}`);
  const message = at(
    record,
    items ? `items of type ${typeText(record.old)} -> ${typeText(record.new)}` : `type ${typeText(record.old)} -> ${typeText(record.new)}`,
  );
  return [judged(rule, message, (surface) => typeBreaks(record, surface, old, next))];
}

/** The TypeScript type breaks only where it differs; the wire not where a parameter turned string (any scalar travels as text). */
function typeBreaks(record: ChangeRecord, surface: Surface, old: Set<string> | undefined, next: Set<string> | undefined): boolean {
  if (surface === 'types') return record.keyword === 'items' || !sameTsTypes(old, next);
  if (surface !== 'wire' || record.direction !== 'request' || record.facts?.serialized !== true) return true;
  const toText = next?.has('string') === true && next.size === 1 && old !== undefined && [...old].every((t) => t !== 'object' && t !== 'array');
  return !toText;
}

export function checkEnum(record: ChangeRecord): Judged[] {
  if (record.keyword === 'enum') {
    return [
      record.new !== undefined
        ? judged(schemaRule(record, 'enum-added'), at(record, `now limited to ${shown(record.new)}`))
        : judged(schemaRule(record, 'enum-removed'), at(record, `no longer limited to ${shown(record.old)}`)),
    ];
  }
  return [
    record.new !== undefined
      ? judged(schemaRule(record, 'enum-value-added'), at(record, `enum value ${shown(record.new)} added`))
      : judged(schemaRule(record, 'enum-value-removed'), at(record, `enum value ${shown(record.old)} removed`)),
  ];
}

export function checkDefault(record: ChangeRecord): Judged[] {
  return [judged(schemaRule(record, 'default-changed'), at(record, `default ${shown(record.old)} -> ${shown(record.new)}`))];
}
