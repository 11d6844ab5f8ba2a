/**
 * Which branches of a payload's `oneOf`/`anyOf` the answers took, for the report's coverage: at
 * each composition met (a few levels down), the branches a value conforms to, by the synthesis
 * module's own check of a value against a schema.
 */
import type { SchemaResolver } from '../model/schema-merge.js';
import type { SchemaObject } from '../model/types.js';
import { conform } from '../synthesis/conform.js';
import { isRecord, resolvedSchema } from './input-sites.js';

/** How deep into a payload compositions are looked for, and how many items of an array. */
const MAX_DEPTH = 4;
const MAX_ITEMS = 5;

/** The branches `values` took of `schema`, each once: `data: Cat`, `data.items: #2`. */
export function branchesSeen(schema: SchemaObject, values: readonly unknown[], resolve: SchemaResolver, root = 'data'): string[] {
  const seen = new Set<string>();
  const visit = (node: SchemaObject, value: unknown, path: string, depth: number) => {
    if (depth > MAX_DEPTH || value === undefined) return;
    const own = resolvedSchema(node, resolve);
    const branches = own.oneOf ?? own.anyOf;
    if (branches) {
      branches.forEach((branch, i) => {
        if (conform(value, branch, resolve, 0, true) === undefined) return;
        seen.add(`${path}: ${branch.$ref ? decodeURIComponent(branch.$ref.split('/').pop() ?? '') : (branch.title ?? `#${i + 1}`)}`);
        visit(branch, value, path, depth + 1);
      });
      return;
    }
    if (Array.isArray(value) && own.items) for (const item of value.slice(0, MAX_ITEMS)) visit(own.items, item, `${path}[]`, depth + 1);
    else if (isRecord(value)) for (const [name, property] of Object.entries(own.properties ?? {})) visit(property, value[name], `${path}.${name}`, depth + 1);
  };
  for (const value of values) visit(schema, value, root, 0);
  return [...seen];
}
