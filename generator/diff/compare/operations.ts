/**
 * Operations matched across the two documents (by method and path, path parameters by position;
 * then by operationId, for one that moved), the removed and added ones, and what changed on each.
 */
import type { OperationModel } from '../../model/types.js';
import { type CompareContext, type OperationPair, operationOf, operationRecorder } from './context.js';
import { compareParameters } from './parameters.js';
import { compareRequestBody } from './request-body.js';
import { compareResponses } from './responses.js';
import { compareOperationLifecycle, operationLifecycle } from './lifecycle.js';
import type { SchemaMemo } from './schema-walk.js';
import { compareOperationSecurity } from './security.js';
import { compareTool } from './tools.js';

/** `GET /images/{}`: path parameters' names do not make another URL. */
function routeKey(op: OperationModel): string {
  return `${op.httpMethod} ${op.path.replace(/\{[^}]*\}/g, '{}')}`;
}

/** Pairs the operations; the rest were removed (old) or added (new). */
export function matchOperations(
  old: readonly OperationModel[],
  next: readonly OperationModel[],
): { pairs: OperationPair[]; removed: OperationModel[]; added: OperationModel[] } {
  const byRoute = new Map(old.map((op) => [routeKey(op), op]));
  const matched = new Set<OperationModel>();
  const pairs: OperationPair[] = [];
  const unmatched: OperationModel[] = [];
  for (const op of next) {
    const was = byRoute.get(routeKey(op));
    if (was && !matched.has(was)) {
      matched.add(was);
      pairs.push({ old: was, new: op });
    } else unmatched.push(op);
  }
  const byId = new Map(old.filter((op) => !matched.has(op)).map((op) => [op.operationId, op]));
  const added: OperationModel[] = [];
  for (const op of unmatched) {
    const was = byId.get(op.operationId);
    if (was && !matched.has(was)) {
      matched.add(was);
      pairs.push({ old: was, new: op });
    } else added.push(op);
  }
  return { pairs, removed: old.filter((op) => !matched.has(op)), added };
}

/** What an operation is, as a record of its presence names it. */
function presence(op: OperationModel): { method: string; path: string; methodName: string; toolName: string } {
  return { method: op.httpMethod, path: op.path, methodName: op.methodName, toolName: op.toolName };
}

/** Every operation's changes. */
export function compareOperations(ctx: CompareContext, memo: SchemaMemo): void {
  const { pairs, removed, added } = matchOperations(ctx.old.model.operations, ctx.new.model.operations);
  for (const op of removed)
    ctx.record({
      family: 'operation',
      keyword: 'presence',
      direction: 'both',
      where: '',
      old: presence(op),
      oldPointer: op.pointer,
      operations: [operationOf(op)],
      facts: { lifecycle: operationLifecycle(ctx.old, op) },
    });
  for (const op of added)
    ctx.record({
      family: 'operation',
      keyword: 'presence',
      direction: 'both',
      where: '',
      new: presence(op),
      newPointer: op.pointer,
      operations: [operationOf(op)],
    });
  for (const pair of pairs) compareOperation(ctx, pair, memo);
}

function compareOperation(ctx: CompareContext, pair: OperationPair, memo: SchemaMemo): void {
  const { old: a, new: b } = pair;
  const record = operationRecorder(ctx, pair);
  if (a.path !== b.path && routeKey(a) !== routeKey(b)) record('path', { old: a.path, new: b.path });
  if (a.httpMethod !== b.httpMethod) record('method', { old: a.httpMethod, new: b.httpMethod });
  compareNames(ctx, pair);
  compareTool(ctx, pair);
  compareOperationSecurity(ctx, pair);
  if (a.deprecated !== b.deprecated)
    record('deprecated', {
      old: a.deprecated,
      new: b.deprecated,
      ...(b.deprecated ? { newPointer: `${b.pointer}/deprecated`, facts: { lifecycle: operationLifecycle(ctx.new, b) } } : {}),
    });
  compareOperationLifecycle(ctx, pair);
  if ((a.summary ?? '') !== (b.summary ?? '')) record('summary', { old: a.summary ?? '', new: b.summary ?? '', newPointer: `${b.pointer}/summary` });
  if ((a.description ?? '') !== (b.description ?? ''))
    record('description', { old: a.description ?? '', new: b.description ?? '', newPointer: `${b.pointer}/description` });
  for (const tag of b.tags) if (!a.tags.includes(tag)) record('tag', { new: tag });
  for (const tag of a.tags) if (!b.tags.includes(tag)) record('tag', { old: tag });
  if (a.chargesCredits !== b.chargesCredits) record('credits', { old: a.chargesCredits, new: b.chargesCredits });
  if (!a.idempotency !== !b.idempotency)
    record('idempotency', { ...(a.idempotency ? { old: { ...a.idempotency } } : {}), ...(b.idempotency ? { new: { ...b.idempotency } } : {}) });
  if (a.retryStatuses.join() !== b.retryStatuses.join()) record('retryStatuses', { old: [...a.retryStatuses], new: [...b.retryStatuses] });
  compareParameters(ctx, pair, memo);
  compareRequestBody(ctx, pair, memo);
  compareResponses(ctx, pair, memo);
}

/** Generated names: the operationId and the method and type names made of it. */
function compareNames(ctx: CompareContext, pair: OperationPair): void {
  const { old: a, new: b } = pair;
  const record = operationRecorder(ctx, pair);
  const at = { oldPointer: `${a.pointer}/operationId`, newPointer: `${b.pointer}/operationId` };
  if (a.operationId !== b.operationId) {
    // The tool keeps its name where x-tool-name gives it; where it derives from the operationId, it changes with it.
    const toolFollows = a.toolName !== b.toolName && a.toolNameDerived && b.toolNameDerived;
    const names = (op: OperationModel) => ({ operationId: op.operationId, methodName: op.methodName, toolName: op.toolName });
    record('operationId', { ...at, old: names(a), new: names(b), ...(toolFollows ? { facts: { toolFollows } } : {}) });
    return;
  }
  if (a.methodName !== b.methodName) record('methodName', { ...at, old: a.methodName, new: b.methodName });
  if (a.typeName !== b.typeName) record('typeName', { ...at, old: a.typeName, new: b.typeName });
}
