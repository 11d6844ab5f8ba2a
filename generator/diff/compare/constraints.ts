/**
 * Constraints of a value (lengths, bounds, counts, pattern, format): each keyword either accepts
 * fewer values than before (tightened) or more (loosened). Which of the two breaks depends on the
 * direction, which the rule code carries.
 */
import type { SchemaObject } from '../../model/types.js';
import type { ConstraintKind, Direction } from '../rules.js';
import { shown } from './schema-view.js';

/** One constraint that moved. */
export interface ConstraintMove {
  kind: ConstraintKind;
  keyword: string;
  move: 'tightened' | 'loosened';
  old: unknown;
  new: unknown;
}

type Keyword = { keyword: keyof SchemaObject; kind: ConstraintKind; tighter: 'lower' | 'higher' | 'set' };

const KEYWORDS: Keyword[] = [
  { keyword: 'maxLength', kind: 'max-length', tighter: 'lower' },
  { keyword: 'minLength', kind: 'min-length', tighter: 'higher' },
  { keyword: 'maximum', kind: 'maximum', tighter: 'lower' },
  { keyword: 'minimum', kind: 'minimum', tighter: 'higher' },
  { keyword: 'maxItems', kind: 'max-items', tighter: 'lower' },
  { keyword: 'minItems', kind: 'min-items', tighter: 'higher' },
  { keyword: 'maxProperties', kind: 'max-properties', tighter: 'lower' },
  { keyword: 'minProperties', kind: 'min-properties', tighter: 'higher' },
  { keyword: 'exclusiveMaximum', kind: 'exclusive-maximum', tighter: 'set' },
  { keyword: 'exclusiveMinimum', kind: 'exclusive-minimum', tighter: 'set' },
  { keyword: 'uniqueItems', kind: 'unique-items', tighter: 'set' },
];

/** The constraints that moved between two schemas, in keyword order. */
export function constraintMoves(old: SchemaObject, next: SchemaObject, direction: Direction): ConstraintMove[] {
  const moves: ConstraintMove[] = [];
  for (const { keyword, kind, tighter } of KEYWORDS) {
    const a = old[keyword];
    const b = next[keyword];
    if (a === b) continue;
    const move = moveOf(a, b, tighter);
    if (move) moves.push({ kind, keyword, move, old: a, new: b });
  }
  const multiple = multipleOfMove(old.multipleOf, next.multipleOf);
  if (multiple) moves.push({ kind: 'multiple-of', keyword: 'multipleOf', move: multiple, old: old.multipleOf, new: next.multipleOf });
  // A pattern or format that changed may both accept and refuse values: the move that breaks in this direction is reported.
  for (const [keyword, kind] of [
    ['pattern', 'pattern'],
    ['format', 'format'],
  ] as const) {
    const a = old[keyword];
    const b = next[keyword];
    if (a === b) continue;
    const move = a === undefined ? 'tightened' : b === undefined ? 'loosened' : direction === 'request' ? 'tightened' : 'loosened';
    moves.push({ kind, keyword, move, old: a, new: b });
  }
  return moves;
}

function moveOf(a: unknown, b: unknown, tighter: Keyword['tighter']): ConstraintMove['move'] | undefined {
  if (tighter === 'set') {
    const was = a === true;
    const is = b === true;
    return was === is ? undefined : is ? 'tightened' : 'loosened';
  }
  if (a === undefined) return 'tightened';
  if (b === undefined) return 'loosened';
  if (typeof a !== 'number' || typeof b !== 'number') return undefined;
  const lower = b < a;
  return tighter === 'lower' ? (lower ? 'tightened' : 'loosened') : lower ? 'loosened' : 'tightened';
}

function multipleOfMove(a: number | undefined, b: number | undefined): ConstraintMove['move'] | undefined {
  if (a === b) return undefined;
  if (a === undefined) return 'tightened';
  if (b === undefined) return 'loosened';
  // A new step that is a multiple of the old accepts a subset of the old values.
  return Number.isInteger(b / a) ? 'tightened' : Number.isInteger(a / b) ? 'loosened' : 'tightened';
}

/** `maxLength 100 -> 50`. */
export function describeMove(move: ConstraintMove): string {
  const side = (value: unknown) => (value === undefined ? 'none' : shown(value));
  return `${move.keyword} ${side(move.old)} -> ${side(move.new)}`;
}
