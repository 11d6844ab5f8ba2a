import { bodyEncoder, fieldWriter, streamReader } from '../../generator/emit/client/operation-specs.js';
import * as runtime from '../../templates/runtime.js';
import type { AuthSpec, FieldSpec, OperationSpec, SchemeSpec } from '../../templates/runtime.js';

/** The runtime's function of that name (a style's writer, a body's encoder). */
const runtimeFunction = (name: string) => (runtime as unknown as Record<string, never>)[name];

/**
 * An operation as the generated operations.ts describes one: a GET with no fields, changed by
 * `change`. Like operations.ts, it gives the fields whose style the engine leaves to the spec their
 * writer, a form or multipart body its encoder, and a streamed operation the reader of its items (as operations.ts chooses it).
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
    ...(change.dataKind === 'stream' ? { readItems: runtimeFunction(streamReader(change.stream)) } : {}),
    ...change,
    ...(change.fields ? { fields: change.fields.map(withWriter) } : {}),
    ...(change.body && encoder && !change.body.encode ? { body: { ...change.body, encode: runtimeFunction(encoder) } } : {}),
  };
}

function withWriter(field: FieldSpec): FieldSpec {
  const writer = fieldWriter(field);
  return writer && field[writer.key] === undefined ? { ...field, [writer.key]: runtimeFunction(writer.name) } : field;
}

/** One security scheme every operation needs (its credential given as `apiKey`), or `none`: a document without security. */
export type OneScheme = SchemeSpec | { kind: 'none' };

/** The runtime's `AuthSpec` of a document with at most one scheme, which every operation needs. */
export function oneScheme(scheme: OneScheme): AuthSpec {
  if (scheme.kind === 'none') return { schemes: {}, security: [] };
  return { schemes: { key: scheme }, security: [['key']], apiKey: 'key', required: true };
}
