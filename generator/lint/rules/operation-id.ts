import type { Oas3Rule } from '@redocly/openapi-core';

/**
 * Every operation has an operationId: it becomes the client's method name and the fixture's file
 * name, so it must be chosen by the document's authors, not derived.
 */
export const OperationIdRule: Oas3Rule = () => ({
  Operation(operation, { report, location }) {
    if (typeof operation.operationId === 'string' && operation.operationId.trim() !== '') return;
    report({ message: 'Operation has no operationId: add `operationId: <camelCaseName>`.', location: location.key() });
  },
});
