/**
 * The comparison: two models (and their documents) in, every change found out, each with its rule,
 * the surfaces it breaks and its places as JSON pointers. Document-wide changes first, then each
 * operation's.
 */
import { compareComponents } from './components.js';
import { compareContext, type CompareSide, type FoundChange } from './context.js';
import { compareEnvelope, compareInfo, compareServers, compareTags } from './document.js';
import { compareOperations } from './operations.js';
import type { SchemaMemo } from './schema-walk.js';
import { compareAuth, compareSecuritySchemes } from './security.js';

export { compareSide, type CompareSide, type FoundChange } from './context.js';

export function compareModels(old: CompareSide, next: CompareSide): FoundChange[] {
  const found: FoundChange[] = [];
  const ctx = compareContext(old, next, found);
  const memo: SchemaMemo = new Map();
  compareInfo(ctx);
  compareServers(ctx);
  compareAuth(ctx);
  compareSecuritySchemes(ctx);
  compareEnvelope(ctx);
  compareTags(ctx);
  compareComponents(ctx);
  compareOperations(ctx, memo);
  return unique(found);
}

/** One change per rule, operation and place: a component reached twice by one operation is reported once. */
function unique(found: FoundChange[]): FoundChange[] {
  const seen = new Set<string>();
  return found.filter((change) => {
    const op = change.operation;
    const key = [change.rule, op?.method, op?.path, change.oldPointer, change.newPointer, change.message].join('\u0000');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
