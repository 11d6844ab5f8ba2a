/**
 * What changed between two models (and their documents): every difference the outputs read, as
 * neutral records (record.ts), document-wide ones first, then each operation's. The checkers
 * (../checker/) judge them.
 */
import { compareComponents } from './components.js';
import { type CompareSide, type Comparison, compareContext } from './context.js';
import { compareEnvelope, compareInfo, compareServers, compareTags } from './document.js';
import { compareOperations } from './operations.js';
import type { SchemaMemo } from './schema-walk.js';
import { compareAuth, compareSecuritySchemes } from './security.js';

export { type CompareSide, type Comparison, compareSide, type FoundChange } from './context.js';
export type { ChangeRecord } from './record.js';

export function compareModels(old: CompareSide, next: CompareSide): Comparison {
  const found: Comparison = { records: [] };
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
  return found;
}
