/**
 * Component schemas as the generated code exports them: each is a type and a validator named after
 * it, so one that is gone (or renamed) removes names user code imports, whatever operations use it.
 */
import { escapeToken } from '../../json-pointer.js';
import { code, type CompareContext } from './context.js';

export function compareComponents(ctx: CompareContext): void {
  const pointer = (name: string) => `#/components/schemas/${escapeToken(name)}`;
  for (const [name, was] of ctx.old.schemas) {
    const is = ctx.new.schemas.get(name);
    if (!is) {
      ctx.report({
        rule: 'schema-removed',
        oldPointer: pointer(name),
        message: `component schema ${code(name)} is gone: the exported ${code(was.indexName)} with it`,
      });
      continue;
    }
    if (was.indexName !== is.indexName || was.typeName !== is.typeName)
      ctx.report({
        rule: 'schema-type-name-changed',
        oldPointer: pointer(name),
        newPointer: pointer(name),
        message: `component schema ${code(name)} is exported as ${code(is.indexName)}, was ${code(was.indexName)}`,
      });
  }
  for (const [name, is] of ctx.new.schemas)
    if (!ctx.old.schemas.has(name))
      ctx.report({ rule: 'schema-added', newPointer: pointer(name), message: `new component schema ${code(name)} (exported as ${code(is.indexName)})` });
}
