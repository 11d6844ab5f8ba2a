/**
 * Constraints of a value (lengths, bounds, counts, pattern, format): each keyword either accepts
 * fewer values than before (tightened) or more (loosened); a change that does both (a pattern
 * rewritten, a `multipleOf` 2 that became 3) is reported as the move that breaks in its direction.
 */
import { formatCheck } from '../../emit/shared/checked-formats.js';
import type { ChangeRecord } from '../compare/record.js';
import { CONSTRAINT_TABLE, type ConstraintKeyword, type Tighter } from '../schema-rules.js';
import { at, type Judged, judged, shown } from './judge.js';
import { schemaRule } from './value-checks.js';

/** True for a constraint keyword this checker judges. */
export function isConstraint(keyword: string): keyword is ConstraintKeyword {
  return Object.hasOwn(CONSTRAINT_TABLE, keyword);
}

export function checkConstraint(record: ChangeRecord): Judged[] {
  if (!isConstraint(record.keyword)) throw new Error(`no constraint "${record.keyword}" to judge`);
  const entry = CONSTRAINT_TABLE[record.keyword];
  const move = moveOf(record.old, record.new, entry.tighter, record.direction === 'request');
  if (!move) return [];
  const side = (value: unknown) => (value === undefined ? 'none' : shown(value));
  const message = at(record, `${record.keyword} ${side(record.old)} -> ${side(record.new)}`);
  return [judged(schemaRule(record, `${entry.kind}-${move}`), message, (surface) => surface !== 'validators' || validatorsCheck(record))];
}

/**
 * Which way a keyword moved. A move both ways (neither value's set holds the other's) is the one that
 * breaks in the direction: tightened for a request (old callers' values refused), loosened for a
 * response (new values the old validator refuses).
 */
function moveOf(a: unknown, b: unknown, tighter: Tighter, request: boolean): 'tightened' | 'loosened' | undefined {
  const both = request ? 'tightened' : 'loosened';
  if (tighter === 'set') return (a === true) === (b === true) ? undefined : b === true ? 'tightened' : 'loosened';
  if (a === undefined) return 'tightened';
  if (b === undefined) return 'loosened';
  if (tighter === 'differs') return a === b ? undefined : both;
  if (typeof a !== 'number' || typeof b !== 'number' || a === b) return undefined;
  // A step that is a multiple of the old accepts a subset of the old values.
  if (tighter === 'divides') return Number.isInteger(b / a) ? 'tightened' : Number.isInteger(a / b) ? 'loosened' : both;
  const lower = b < a;
  return tighter === 'lower' ? (lower ? 'tightened' : 'loosened') : lower ? 'loosened' : 'tightened';
}

/**
 * A format breaks validators only where the side that must accept checks it and the other does not
 * (int64 on an integer adds no check): the new side for a request, the old one for a response.
 */
function validatorsCheck(record: ChangeRecord): boolean {
  if (record.keyword !== 'format') return true;
  const types = record.facts?.types ?? {};
  const check = (format: unknown, type: string[] | undefined) => formatCheck({ format, type });
  const oldCheck = check(record.old, types.old);
  const newCheck = check(record.new, types.new);
  const judging = record.direction === 'request' ? newCheck : oldCheck;
  return judging !== undefined && oldCheck !== newCheck;
}
