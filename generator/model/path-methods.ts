/**
 * Which methods each path of the document declares: its fixed operation fields
 * (load/operation-methods.ts) and 3.2's `additionalOperations`. Read from the whole document, before
 * a selection cuts it (select-document.ts), so a method the project does not generate is still one
 * the path declares: `verify --negative` must not send it as an undeclared one.
 */
import { OPERATION_METHODS } from '../load/operation-methods.js';
import type { OpenApiDocument } from '../load/read-spec.js';

/** Each path's declared methods, upper-cased, in path-item order. */
export function pathMethodsOf(document: OpenApiDocument): Record<string, string[]> {
  const methods: Record<string, string[]> = {};
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, unknown> | null>)) {
    if (!item || typeof item !== 'object') continue;
    const fixed = OPERATION_METHODS.filter((method) => item[method] && typeof item[method] === 'object');
    const more = item.additionalOperations && typeof item.additionalOperations === 'object' ? Object.keys(item.additionalOperations) : [];
    methods[path] = [...fixed, ...more].map((method) => method.toUpperCase());
  }
  return methods;
}
