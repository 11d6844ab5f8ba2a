/**
 * The reads a user's code makes of a response: every field the old schema declares, down a few
 * levels (array items through their first element), each as a non-null-asserted expression
 * (`$data!.a![0]!.b`: the same property checks as `?.`, without a flow branch per link, which made
 * long functions slow to check), and every enum met there as an exhaustive switch. Unions (`oneOf`, `anyOf`) are not entered: which
 * field a branch has is the user's narrowing, not a plain read.
 */
import { tsAccess } from '../../emit/print.js';
import { derefSchema, mergeAllOf, type SchemaResolver } from '../../model/schema-merge.js';
import type { SchemaObject } from '../../model/types.js';

/** One line's worth: an expression reading a field, and the enum values it holds, if any. */
export interface ResponseRead {
  expression: string;
  enumValues?: unknown[];
}

const MAX_DEPTH = 4;
const MAX_READS = 60;

/** The reads of a value of `schema` held in `root` (an identifier), at most a fixed number. */
export function responseReads(schema: SchemaObject, root: string, resolve: SchemaResolver): ResponseRead[] {
  const reads: ResponseRead[] = [];
  walk(schema, root, 0, resolve, reads, new Set());
  return reads;
}

function walk(schema: SchemaObject, expression: string, depth: number, resolve: SchemaResolver, reads: ResponseRead[], refs: Set<string>): void {
  if (reads.length >= MAX_READS || depth > MAX_DEPTH) return;
  if (schema.$ref !== undefined) {
    // A schema met again below itself is read once.
    if (refs.has(schema.$ref)) return;
    refs = new Set([...refs, schema.$ref]);
  }
  const node = resolved(schema, resolve);
  if (node.enum !== undefined && depth > 0) {
    reads.push({ expression, enumValues: node.enum });
    return;
  }
  if (node.type === 'array' && node.items) {
    walk(node.items, `${expression}![0]`, depth + 1, resolve, reads, refs);
    return;
  }
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    if (reads.length >= MAX_READS) return;
    const access = `${expression}!${tsAccess(name)}`;
    const prop = resolved(property, resolve);
    if (prop.writeOnly) continue;
    if (prop.enum !== undefined) reads.push({ expression: access, enumValues: prop.enum });
    else reads.push({ expression: access });
    if (prop.enum === undefined) walk(property, access, depth + 1, resolve, reads, refs);
  }
}

/** The schema with its references followed and its `allOf` merged. */
function resolved(schema: SchemaObject, resolve: SchemaResolver): SchemaObject {
  const node = derefSchema(schema, resolve);
  return node.allOf ? mergeAllOf([node], resolve) : node;
}
