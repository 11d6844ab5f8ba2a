import type { Oas3Rule } from '@redocly/openapi-core';
import { HTTP_METHODS, operationName, pathItem } from './paths.js';

/**
 * No two operations share an operationId as podcast-gen keeps it (trimmed): it keys the types'
 * `operations`, the client's operation types and the fixtures, so two operations under one id make
 * code that does not compile. Unlike redocly's `operation-operationId-unique`, the problem names
 * both operations.
 */
export const OperationIdUniqueRule: Oas3Rule = () => ({
  Paths(paths, { report, location, resolve }) {
    const seen = new Map<string, string>();
    for (const [path, written] of Object.entries(paths)) {
      const { item, itemLocation } = pathItem(written, location.child([path]), resolve);
      if (!item) continue;
      for (const method of HTTP_METHODS) {
        const operation = item[method] as { operationId?: unknown } | undefined;
        const operationId = typeof operation?.operationId === 'string' ? operation.operationId.trim() : '';
        if (!operationId) continue;
        const first = seen.get(operationId);
        if (first === undefined) {
          seen.set(operationId, operationName(method, path));
          continue;
        }
        report({
          message: `${first} and ${operationName(method, path)} have the same operationId \`${operationId}\``,
          location: itemLocation.child([method, 'operationId']).key(),
        });
      }
    }
  },
});
