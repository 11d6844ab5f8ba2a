/**
 * The report's order: document-wide changes first, then by the first operation each reaches in the
 * new document's order (removed ones after), then by rule and place; a change's operations in the
 * same order. The same two documents give the same order on every run.
 */
import type { Change, ChangeOperation } from './change.js';
import type { LoadedSide } from './load-side.js';
import { RULES } from './rules.js';
import { byCodeUnits } from '../text-order.js';

const RULE_ORDER = new Map(RULES.map((rule, i) => [rule.code, i]));

/** The changes in the report's order. */
export function orderChanges(changes: Change[], next: LoadedSide): Change[] {
  // Keyed by the method in upper case: a fixed method is named either way.
  const opIndex = new Map(next.model.operations.map((op, i) => [`${op.httpMethod.toUpperCase()} ${op.path}`, i]));
  const rankOf = (op: ChangeOperation) => opIndex.get(`${op.method.toUpperCase()} ${op.path}`) ?? opIndex.size;
  const sorted = changes.map((change) => {
    if (!change.operations) return change;
    const operations = [...change.operations].sort((a, b) => rankOf(a) - rankOf(b) || byCodeUnits(`${a.path} ${a.method}`, `${b.path} ${b.method}`));
    return { ...change, operations };
  });
  const first = (change: Change) => change.operations?.[0];
  const rank = (change: Change) => {
    const op = first(change);
    return op ? rankOf(op) : -1;
  };
  const text = (change: Change) => `${first(change)?.path ?? ''}\u0000${first(change)?.method ?? ''}`;
  const key = (change: Change) => `${change.new?.pointer ?? ''}\u0000${change.old?.pointer ?? ''}\u0000${change.message}`;
  return sorted.sort(
    (a, b) =>
      rank(a) - rank(b) || byCodeUnits(text(a), text(b)) || (RULE_ORDER.get(a.rule) ?? 0) - (RULE_ORDER.get(b.rule) ?? 0) || byCodeUnits(key(a), key(b)),
  );
}
