import type { OpenApiDocument } from '../load/read-spec.js';
import { getByPointer, pointerJoin } from './refs.js';
import type { AssumptionModel } from './types.js';

/**
 * Every `x-assumed` in the document with the pointer of the node that carries it. Assumptions on
 * shared components (a parameter, a schema) are also reported at each operation that uses them.
 */
export function collectAssumptions(document: OpenApiDocument): AssumptionModel[] {
  const found: AssumptionModel[] = [];
  walk(document, '#', found);
  return found;
}

function walk(node: unknown, pointer: string, found: AssumptionModel[]): void {
  if (Array.isArray(node)) {
    node.forEach((item, index) => walk(item, pointerJoin(pointer, index), found));
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (typeof record['x-assumed'] === 'string') found.push({ pointer, reason: record['x-assumed'] });
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'x-assumed' && key !== 'example' && key !== 'examples') walk(value, pointerJoin(pointer, key), found);
  }
}

/**
 * The assumptions that apply to an operation: those under its own pointer plus those on the
 * components it references (followed transitively).
 */
export function assumptionsFor(document: OpenApiDocument, operationPointer: string, operation: unknown, all: readonly AssumptionModel[]): AssumptionModel[] {
  const refs = new Set<string>();
  collectRefs(document, operation, refs);
  return all.filter((a) => a.pointer === operationPointer || a.pointer.startsWith(`${operationPointer}/`) || [...refs].some((ref) => a.pointer === ref || a.pointer.startsWith(`${ref}/`)));
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
