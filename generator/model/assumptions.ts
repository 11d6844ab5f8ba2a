import type { OpenApiDocument } from '../load/read-spec.js';
import { getByPointer, pointerJoin } from './refs.js';
import type { AssumptionModel } from './types.js';

/**
 * Every `x-assumed` in the document with the pointer of the node that carries it. Assumptions on
 * shared components (a parameter, a schema) are also reported at each operation that uses them.
 */
export function collectAssumptions(document: OpenApiDocument): AssumptionModel[] {
  const found: AssumptionModel[] = [];
  walk(document, [], found);
  return found;
}

/**
 * `path` holds the tokens from the root to `node`; a pointer is joined only where an assumption is
 * found, not for every node of the document (a string per node of a large document).
 */
function walk(node: unknown, path: (string | number)[], found: AssumptionModel[]): void {
  if (Array.isArray(node)) {
    for (let index = 0; index < node.length; index++) {
      const item: unknown = node[index];
      if (!item || typeof item !== 'object') continue;
      path.push(index);
      walk(item, path, found);
      path.pop();
    }
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (typeof record['x-assumed'] === 'string') found.push({ pointer: pointerJoin('#', ...path), reason: record['x-assumed'] });
  for (const key of Object.keys(record)) {
    if (key === 'x-assumed' || key === 'example' || key === 'examples') continue;
    const value = record[key];
    // Leaves are most of a document: not pushed and popped for nothing.
    if (!value || typeof value !== 'object') continue;
    path.push(key);
    walk(value, path, found);
    path.pop();
  }
}

/**
 * The assumptions that apply to an operation: those under its own pointer plus those on the
 * components it references (followed transitively).
 */
export function assumptionsFor(document: OpenApiDocument, operationPointer: string, operation: unknown, all: readonly AssumptionModel[]): AssumptionModel[] {
  // Most documents carry no assumptions: then there is no need to follow the operation's references.
  if (all.length === 0) return [];
  const refs = new Set<string>();
  collectRefs(document, operation, refs);
  return all.filter(
    (a) =>
      a.pointer === operationPointer ||
      a.pointer.startsWith(`${operationPointer}/`) ||
      [...refs].some((ref) => a.pointer === ref || a.pointer.startsWith(`${ref}/`)),
  );
}

function collectRefs(document: OpenApiDocument, node: unknown, refs: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(document, item, refs);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#') && !refs.has(ref)) {
    refs.add(ref);
    collectRefs(document, getByPointer(document, ref), refs);
  }
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'example' && key !== 'examples') collectRefs(document, value, refs);
  }
}
