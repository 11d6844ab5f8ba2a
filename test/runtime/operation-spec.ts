import { readStreamItems, type OperationSpec } from '../../templates/runtime.js';

/** An operation as the generated operations.ts describes one: a GET with no fields, changed by `change`. */
export function operationSpec(change: Partial<OperationSpec> = {}): OperationSpec {
  return {
    operationId: 'getThing',
    methodName: 'getThing',
    method: 'GET',
    path: '/things',
    fields: [],
    dataKind: 'json',
    retryStatuses: [],
    retryConnectionErrors: false,
    toolName: 'get_thing',
    scopes: [],
    // As operations.ts gives a streamed operation's spec the reader of its items.
    ...(change.dataKind === 'stream' ? { readItems: readStreamItems } : {}),
    ...change,
  };
}
