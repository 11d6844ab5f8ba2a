/**
 * Each operation's stability level as the report judges its changes: the more stable of what the
 * two sides write (`x-stability-level`; none written is stable), so that marking an operation less
 * stable does not soften the changes made with it. A value that is none of the levels is read as
 * stable, with a note.
 */
import type { OperationModel } from '../../model/types.js';
import { routeOf } from '../change-id.js';
import { moreStable, STABILITY_EXTENSION, STABILITY_LEVELS, type StabilityLevel } from '../lifecycle.js';
import type { CompareSide } from './context.js';
import { operationStability } from './lifecycle.js';
import { matchOperations } from './operations.js';

/** The stability level of each operation by its route (`GET /things`), on either side, and notes on values that are no level. */
export function operationStabilities(old: CompareSide, next: CompareSide): { levels: Map<string, StabilityLevel>; notes: string[] } {
  const levels = new Map<string, StabilityLevel>();
  const notes: string[] = [];
  const read = (side: CompareSide, which: string, op: OperationModel) => {
    const { level, unreadable } = operationStability(side, op);
    if (unreadable !== undefined)
      notes.push(
        `${STABILITY_EXTENSION} ${JSON.stringify(unreadable)} of ${routeOf({ ...op, method: op.httpMethod })} (the ${which} document) is none of ${STABILITY_LEVELS.join(', ')}: judged as stable`,
      );
    return level;
  };
  const set = (op: OperationModel, level: StabilityLevel) => levels.set(routeOf({ ...op, method: op.httpMethod }), level);
  const { pairs, removed, added } = matchOperations(old.model.operations, next.model.operations);
  for (const pair of pairs) {
    const level = moreStable(read(old, 'old', pair.old), read(next, 'new', pair.new));
    set(pair.old, level);
    set(pair.new, level);
  }
  for (const op of removed) set(op, read(old, 'old', op));
  for (const op of added) set(op, read(next, 'new', op));
  return { levels, notes };
}
