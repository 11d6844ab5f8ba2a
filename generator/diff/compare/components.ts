/**
 * Component schemas as the generated code exports them: each is a type and a validator named after
 * it, so one that is gone (or renamed) removes names user code imports, whatever operations use it.
 */
import { escapeToken } from '../../json-pointer.js';
import type { CompareContext } from './context.js';

export function compareComponents(ctx: CompareContext): void {
  const pointer = (name: string) => `#/components/schemas/${escapeToken(name)}`;
  const record = { family: 'component' as const, direction: 'both' as const, operations: [] };
  for (const [name, was] of ctx.old.schemas) {
    const is = ctx.new.schemas.get(name);
    if (!is) {
      ctx.record({ ...record, keyword: 'presence', where: name, old: was.indexName, oldPointer: pointer(name) });
      continue;
    }
    if (was.indexName !== is.indexName || was.typeName !== is.typeName)
      ctx.record({
        ...record,
        keyword: 'exportName',
        where: name,
        old: was.indexName,
        new: is.indexName,
        oldPointer: pointer(name),
        newPointer: pointer(name),
      });
  }
  for (const [name, is] of ctx.new.schemas)
    if (!ctx.old.schemas.has(name)) ctx.record({ ...record, keyword: 'presence', where: name, new: is.indexName, newPointer: pointer(name) });
}
