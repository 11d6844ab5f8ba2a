/**
 * The constraint keywords of a value (lengths, bounds, counts, pattern, format) that differ between
 * two schemas, as they are written: which way each moved, and whom that breaks, is the checker's
 * (checker/constraint-checks.ts).
 */
import type { SchemaObject } from '../../model/types.js';
import { CONSTRAINT_KEYWORDS, CONSTRAINT_TABLE, type ConstraintKeyword } from '../schema-rules.js';

/** A flag's absence reads as `false`: `uniqueItems: false` and no `uniqueItems` say the same. */
const FLAGS = new Set(CONSTRAINT_KEYWORDS.filter((keyword) => CONSTRAINT_TABLE[keyword].tighter === 'set'));

/** The constraint keywords whose values differ, each with both values (undefined where a side has none). */
export function constraintChanges(old: SchemaObject, next: SchemaObject): { keyword: ConstraintKeyword; old: unknown; new: unknown }[] {
  const found: { keyword: ConstraintKeyword; old: unknown; new: unknown }[] = [];
  for (const keyword of CONSTRAINT_KEYWORDS) {
    const a = old[keyword];
    const b = next[keyword];
    if (FLAGS.has(keyword) ? (a === true) === (b === true) : a === b) continue;
    found.push({ keyword, old: a, new: b });
  }
  return found;
}
