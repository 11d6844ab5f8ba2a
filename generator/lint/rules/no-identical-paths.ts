import type { Oas3Rule } from '@redocly/openapi-core';
import { HTTP_METHODS, operationName, pathItem } from './paths.js';

/**
 * Paths that differ only in the names of their parameters (`DELETE /v1/{database}` beside
 * `DELETE /v1/{name}`) under the same method: a request could be either operation, so a server
 * tells them apart by other means (a pattern of the value) and the mock cannot. Both are generated
 * (the client calls each; the mock answers as the first): a warning names both. With different
 * methods they are plainly different operations, and nothing is said. Replaces redocly's
 * `no-identical-paths`, which refuses them whatever their methods.
 */
export const NoIdenticalPathsRule: Oas3Rule = () => ({
  Paths(paths, { report, location, resolve }) {
    // Per path shape (parameters unnamed) and method: the first operation that has it.
    const first = new Map<string, string>();
    for (const [path, written] of Object.entries(paths)) {
      const { item, itemLocation } = pathItem(written, location.child([path]), resolve);
      if (!item) continue;
      const shape = path.replace(/\{[^}]*\}/g, '{}');
      for (const method of HTTP_METHODS) {
        if (!item[method]) continue;
        const named = namedOperation(method, path, item[method]);
        const other = first.get(`${method} ${shape}`);
        if (other === undefined) {
          first.set(`${method} ${shape}`, named);
          continue;
        }
        report({
          message: `${other} and ${named} differ only in the names of path parameters, so a request alone cannot say which of the two it is for: the client calls each, and the mock answers as the first, ${other}, a request that fits both`,
          location: itemLocation.child([method]).key(),
        });
      }
    }
  },
});

/** `GET /v1/{name} (getThing)`: the operation's method, path and operationId where it has one. */
function namedOperation(method: string, path: string, operation: unknown): string {
  const id = (operation as { operationId?: unknown }).operationId;
  return `${operationName(method, path)}${typeof id === 'string' && id !== '' ? ` (${id})` : ''}`;
}
