/**
 * The MCP tool of an operation as agents and their configurations know it: its name, title,
 * annotations (read-only turning destructive) and the OAuth scopes it needs.
 */
import { code, operationOf, type CompareContext, type OperationPair } from './context.js';

export function compareTool(ctx: CompareContext, { old: a, new: b }: OperationPair): void {
  const at = { operation: operationOf(b), oldPointer: a.pointer, newPointer: b.pointer };
  // An operationId rename whose tool name follows it is reported once, as the rename.
  const followedRename = a.operationId !== b.operationId && a.toolNameDerived && b.toolNameDerived;
  if (a.toolName !== b.toolName && !followedRename) {
    const given = b.toolNameDerived ? '' : ' (x-tool-name)';
    ctx.report({
      rule: 'tool-name-changed',
      ...at,
      newPointer: b.toolNameDerived ? b.pointer : `${b.pointer}/x-tool-name`,
      message: `tool ${code(a.toolName)} is now ${code(b.toolName)}${given}`,
    });
  }
  if (a.toolTitle !== b.toolTitle)
    ctx.report({ rule: 'tool-title-changed', ...at, message: `tool title ${JSON.stringify(a.toolTitle)} -> ${JSON.stringify(b.toolTitle)}` });
  const was = a.annotations;
  const is = b.annotations;
  if (was.readOnly && !is.readOnly)
    ctx.report({ rule: 'tool-read-only-removed', ...at, message: `tool ${code(b.toolName)} is no longer read-only (${b.httpMethod})` });
  if (!was.readOnly && is.readOnly) ctx.report({ rule: 'tool-read-only-added', ...at, message: `tool ${code(b.toolName)} is now read-only` });
  if (!was.destructive && is.destructive)
    ctx.report({ rule: 'tool-became-destructive', ...at, message: `tool ${code(b.toolName)} is now destructive (${b.httpMethod})` });
  if (was.destructive && !is.destructive)
    ctx.report({ rule: 'tool-no-longer-destructive', ...at, message: `tool ${code(b.toolName)} is no longer destructive` });
  if (was.idempotent && !is.idempotent) ctx.report({ rule: 'tool-idempotent-removed', ...at, message: `tool ${code(b.toolName)} is no longer idempotent` });
  if (!was.idempotent && is.idempotent) ctx.report({ rule: 'tool-idempotent-added', ...at, message: `tool ${code(b.toolName)} is now idempotent` });
  for (const scope of b.scopes) if (!a.scopes.includes(scope)) ctx.report({ rule: 'tool-scope-added', ...at, message: `now needs the scope ${code(scope)}` });
  for (const scope of a.scopes)
    if (!b.scopes.includes(scope)) ctx.report({ rule: 'tool-scope-removed', ...at, message: `no longer needs the scope ${code(scope)}` });
}
