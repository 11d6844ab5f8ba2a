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
import { compareAuth } from './security.js';

export { compareSide, type CompareSide, type FoundChange } from './context.js';

export function compareModels(old: CompareSide, next: CompareSide): FoundChange[] {
  const found: FoundChange[] = [];
  const ctx = compareContext(old, next, found);
  const memo: SchemaMemo = new Map();
  compareInfo(ctx);
  compareServers(ctx);
  compareAuth(ctx);
  compareEnvelope(ctx);
  compareTags(ctx);
  compareComponents(ctx);
  compareOperations(ctx, memo);
  return found;
}
