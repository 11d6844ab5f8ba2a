import { bodyEncoder, fieldWriter } from '../../generator/emit/client/operation-specs.js';
import * as runtime from '../../templates/runtime.js';
import type { FieldSpec, OperationSpec } from '../../templates/runtime.js';

/** The runtime's function of that name (a style's writer, a body's encoder). */
const runtimeFunction = (name: string) => (runtime as unknown as Record<string, never>)[name];

/**
 * An operation as the generated operations.ts describes one: a GET with no fields, changed by
 * `change`. Like operations.ts, it gives the fields whose style the engine leaves to the spec their
 * writer, a form or multipart body its encoder, and a streamed operation the reader of its items.
 */
export function operationSpec(change: Partial<OperationSpec> = {}): OperationSpec {
  const encoder = change.body && bodyEncoder(change.body.kind);
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
    ...(change.dataKind === 'stream' ? { readItems: runtime.readStreamItems } : {}),
    ...change,
    ...(change.fields ? { fields: change.fields.map(withWriter) } : {}),
    ...(change.body && encoder && !change.body.encode ? { body: { ...change.body, encode: runtimeFunction(encoder) } } : {}),
  };
}

function withWriter(field: FieldSpec): FieldSpec {
  const writer = fieldWriter(field);
  return writer && field[writer.key] === undefined ? { ...field, [writer.key]: runtimeFunction(writer.name) } : field;
}
