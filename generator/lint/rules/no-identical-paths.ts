import type { Oas3Rule } from '@redocly/openapi-core';
import { HTTP_METHODS, operationName, pathItem } from './paths.js';

/**
 * Paths that differ only in the names of their parameters (`/orgs/{org}/attestations/{attestation_id}`
 * beside `/orgs/{org}/attestations/{subject_digest}`) may not share a method: a request could be
 * either operation, so no server (nor the mock) can tell which was meant. With different methods
 * they are different operations, and are generated. Replaces redocly's `no-identical-paths`, which
 * refuses them whatever their methods.
 */
export const NoIdenticalPathsRule: Oas3Rule = () => ({
  Paths(paths, { report, location, resolve }) {
    // Per path shape (parameters unnamed) and method: the first path that has it.
    const first = new Map<string, string>();
    for (const [path, written] of Object.entries(paths)) {
      const { item, itemLocation } = pathItem(written, location.child([path]), resolve);
      if (!item) continue;
      const shape = path.replace(/\{[^}]*\}/g, '{}');
      for (const method of HTTP_METHODS) {
        if (!item[method]) continue;
        const other = first.get(`${method} ${shape}`);
        if (other === undefined) {
          first.set(`${method} ${shape}`, path);
          continue;
        }
        report({
          message: `${operationName(method, other)} and ${operationName(method, path)} differ only in the names of path parameters, so a request cannot say which of the two it is for`,
          location: itemLocation.child([method]).key(),
        });
      }
    }
  },
});
