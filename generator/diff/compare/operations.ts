/**
 * Operations matched across the two documents (by method and path, path parameters by position;
 * then by operationId, for one that moved), the removed and added ones, and what changed on each.
 */
import type { OperationModel } from '../../model/types.js';
import { code, operationOf, type CompareContext, type OperationPair } from './context.js';
import { compareParameters } from './parameters.js';
import { compareRequestBody } from './request-body.js';
import { compareResponses } from './responses.js';
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

/** Every operation's changes. */
export function compareOperations(ctx: CompareContext, memo: SchemaMemo): void {
  const { pairs, removed, added } = matchOperations(ctx.old.model.operations, ctx.new.model.operations);
  for (const op of removed)
    ctx.report({
      rule: 'operation-removed',
      operation: operationOf(op),
      message: `${op.httpMethod} ${op.path} is gone: \`client.${op.methodName}\` and the tool ${code(op.toolName)} with it`,
      oldPointer: op.pointer,
    });
  for (const op of added)
    ctx.report({
      rule: 'operation-added',
      operation: operationOf(op),
      message: `new operation ${op.httpMethod} ${op.path} (\`client.${op.methodName}\`)`,
      newPointer: op.pointer,
    });
  for (const pair of pairs) compareOperation(ctx, pair, memo);
}

function compareOperation(ctx: CompareContext, pair: OperationPair, memo: SchemaMemo): void {
  const { old: a, new: b } = pair;
  const operation = operationOf(b);
  const at = { operation, oldPointer: a.pointer, newPointer: b.pointer };
  if (a.path !== b.path && routeKey(a) !== routeKey(b)) ctx.report({ rule: 'operation-path-changed', ...at, message: `moved from ${a.path} to ${b.path}` });
  if (a.httpMethod !== b.httpMethod) ctx.report({ rule: 'operation-method-changed', ...at, message: `method ${a.httpMethod} -> ${b.httpMethod}` });
  compareNames(ctx, pair);
  compareTool(ctx, pair);
  compareOperationSecurity(ctx, pair);
  if (!a.deprecated && b.deprecated) ctx.report({ rule: 'operation-deprecated', ...at, newPointer: `${b.pointer}/deprecated`, message: 'now deprecated' });
  if (a.deprecated && !b.deprecated) ctx.report({ rule: 'operation-undeprecated', ...at, message: 'no longer deprecated' });
  if ((a.summary ?? '') !== (b.summary ?? ''))
    ctx.report({ rule: 'operation-summary-changed', ...at, newPointer: `${b.pointer}/summary`, message: 'summary changed' });
  if ((a.description ?? '') !== (b.description ?? ''))
    ctx.report({ rule: 'operation-description-changed', ...at, newPointer: `${b.pointer}/description`, message: 'description changed' });
  for (const tag of b.tags) if (!a.tags.includes(tag)) ctx.report({ rule: 'operation-tag-added', ...at, message: `tag ${code(tag)} added` });
  for (const tag of a.tags) if (!b.tags.includes(tag)) ctx.report({ rule: 'operation-tag-removed', ...at, message: `tag ${code(tag)} removed` });
  if (a.chargesCredits !== b.chargesCredits)
    ctx.report({
      rule: b.chargesCredits ? 'operation-credits-added' : 'operation-credits-removed',
      ...at,
      message: b.chargesCredits ? 'now charges credits' : 'no longer charges credits',
    });
  compareIdempotency(ctx, pair);
  if (a.retryStatuses.join() !== b.retryStatuses.join())
    ctx.report({ rule: 'retry-statuses-changed', ...at, message: `retried statuses ${a.retryStatuses.join(', ')} -> ${b.retryStatuses.join(', ')}` });
  compareParameters(ctx, pair, memo);
  compareRequestBody(ctx, pair, memo);
  compareResponses(ctx, pair, memo);
}

/** Generated names: the operationId and the method and type names made of it. */
function compareNames(ctx: CompareContext, { old: a, new: b }: OperationPair): void {
  const at = { operation: operationOf(b), oldPointer: `${a.pointer}/operationId`, newPointer: `${b.pointer}/operationId` };
  if (a.operationId !== b.operationId) {
    // The tool keeps its name where x-tool-name gives it; where it derives from the operationId, it changes with it.
    const toolFollows = a.toolName !== b.toolName && a.toolNameDerived && b.toolNameDerived;
    const tool = toolFollows
      ? ` and the tool ${code(a.toolName)} is now ${code(b.toolName)}`
      : a.toolName === b.toolName
        ? `; the tool keeps its name ${code(b.toolName)}`
        : '';
    ctx.report({
      rule: 'operation-id-changed',
      ...at,
      surfaces: toolFollows ? ['types', 'mcp'] : ['types'],
      message: `operationId ${code(a.operationId)} -> ${code(b.operationId)}: \`client.${a.methodName}\` is now \`client.${b.methodName}\`${tool}`,
    });
    return;
  }
  if (a.methodName !== b.methodName)
    ctx.report({ rule: 'method-name-changed', ...at, message: `\`client.${a.methodName}\` is now \`client.${b.methodName}\`` });
  if (a.typeName !== b.typeName)
    ctx.report({ rule: 'operation-type-name-changed', ...at, message: `types ${code(`${a.typeName}Params`)}... are now ${code(`${b.typeName}Params`)}...` });
}

function compareIdempotency(ctx: CompareContext, { old: a, new: b }: OperationPair): void {
  const at = { operation: operationOf(b), oldPointer: a.pointer, newPointer: b.pointer };
  if (!a.idempotency && b.idempotency) {
    const rule = b.idempotency.required ? 'idempotency-key-required-added' : 'idempotency-key-added';
    ctx.report({ rule, ...at, message: `now takes the idempotency header ${code(b.idempotency.header)}${b.idempotency.required ? ', required' : ''}` });
  }
  if (a.idempotency && !b.idempotency)
    ctx.report({ rule: 'idempotency-key-removed', ...at, message: `no longer takes the idempotency header ${code(a.idempotency.header)}` });
}
