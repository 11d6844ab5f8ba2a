/**
 * The MCP tool of an operation as agents and their configurations know it: its name, title,
 * annotations and the OAuth scopes it needs.
 */
import { type CompareContext, type OperationPair, operationRecorder } from './context.js';

export function compareTool(ctx: CompareContext, pair: OperationPair): void {
  const { old: a, new: b } = pair;
  const record = operationRecorder(ctx, pair, 'tool');
  // An operationId rename whose tool name follows it is recorded once, as the rename.
  const followedRename = a.operationId !== b.operationId && a.toolNameDerived && b.toolNameDerived;
  if (a.toolName !== b.toolName && !followedRename)
    record('name', {
      old: a.toolName,
      new: b.toolName,
      newPointer: b.toolNameDerived ? b.pointer : `${b.pointer}/x-tool-name`,
      ...(b.toolNameDerived ? {} : { where: 'x-tool-name' }),
    });
  if (a.toolTitle !== b.toolTitle) record('title', { old: a.toolTitle, new: b.toolTitle });
  const where = { where: b.toolName };
  for (const flag of ['readOnly', 'destructive', 'idempotent'] as const)
    if (a.annotations[flag] !== b.annotations[flag]) record(flag, { ...where, old: a.annotations[flag], new: b.annotations[flag] });
  for (const scope of b.scopes) if (!a.scopes.includes(scope)) record('scope', { new: scope });
  for (const scope of a.scopes) if (!b.scopes.includes(scope)) record('scope', { old: scope });
}
