import { statusKey } from '../../model/responses.js';
import type { ApiModel, InputFieldModel, OperationModel } from '../../model/types.js';
import { tsPropertyKey, tsString } from '../print.js';

/**
 * TypeScript type expressions of an operation's input and payload, indexed from openapi-typescript's
 * `operations` (types.ts), so the client's types are the document's types as that tool prints them.
 */
export function paramsType(op: Pick<OperationModel, 'operationId' | 'input' | 'body'>): string {
  const base = operationsEntry(op);
  const parts: string[] = [];
  for (const location of ['path', 'query', 'querystring', 'header', 'cookie'] as const) {
    const fields = op.input.filter((f) => f.in === location);
    if (fields.length === 0) continue;
    // types.ts prints a 3.2 querystring parameter among `query`, by its name (emit/types/oas32-printable.ts).
    const parameters = `NonNullable<${base}['parameters'][${tsString(location === 'querystring' ? 'query' : location)}]>`;
    const same = fields.filter((f) => f.name === f.wireName);
    if (same.length > 0) parts.push(`Pick<${parameters}, ${same.map((f) => tsString(f.wireName)).join(' | ')}>`);
    // Inputs renamed by the model (`query_id` for a second `id`, `constructor_`) keep their wire name's type.
    const renamed = fields.filter((f) => f.name !== f.wireName);
    if (renamed.length > 0)
      parts.push(`{ ${renamed.map((f) => `${tsPropertyKey(f.name)}${f.required ? '' : '?'}: ${parameters}[${tsString(f.wireName)}]`).join('; ')} }`);
  }
  const body = bodyPart(base, op);
  if (body !== undefined) parts.push(body);
  return parts.length === 0 ? 'Record<string, never>' : `Simplify<${parts.join(' & ')}>`;
}

/**
 * The body's part of the input, undefined when it adds no field: a body object without properties
 * (an empty request object, as many documents declare) beside parameters must not add an index
 * signature of `never` that every parameter's key would have to fit.
 */
function bodyPart(base: string, op: Pick<OperationModel, 'input' | 'body'>): string | undefined {
  const body = op.body;
  if (!body) return undefined;
  const bodyType = `NonNullable<${base}['requestBody']>['content'][${tsString(body.contentType)}]`;
  if (!body.flattened) return body.required ? `{ body: ${bodyType} }` : `{ body?: ${bodyType} }`;
  const fields = op.input.filter((f: InputFieldModel) => f.in === 'body-field');
  if (fields.length === 0) return undefined;
  const picked = `Pick<${bodyType}, ${fields.map((f) => tsString(f.wireName)).join(' | ')}>`;
  return body.required ? picked : `Partial<${picked}>`;
}

/**
 * The type the method resolves to: the envelope's data, the JSON body, text, a Blob, nothing, or
 * (3.2 `itemSchema`) an async iterable of items, typed by one item (types.ts prints a streamed
 * media type's content as its item).
 */
export function dataType(model: Pick<ApiModel, 'envelope'>, op: Pick<OperationModel, 'operationId' | 'data' | 'success'>): string {
  if (op.data.kind === 'none') return 'void';
  if (op.data.kind === 'text') return 'string';
  if (op.data.kind === 'binary') return 'Blob';
  // openapi-typescript keys a single status as a number, a range (`2XX`) and `default` as strings.
  const status = typeof op.success.status === 'number' && op.success.statusClass === undefined ? String(op.success.status) : tsString(statusKey(op.success));
  const body = `NonNullable<${operationsEntry(op)}['responses'][${status}]['content']>[${tsString(op.success.contentType ?? 'application/json')}]`;
  // Server-sent events described by their data's schema: each the runtime's ServerSentEvent of that
  // data (its text where the schema is a string's or absent), written out, as the fixtures print it without the runtime.
  if (op.data.kind === 'stream' && op.data.eventData)
    return `AsyncIterable<{ data: ${op.data.eventData === 'text' ? 'string' : body}; event?: string; id?: string; retry?: number }>`;
  if (op.data.kind === 'stream') return `AsyncIterable<${body}>`;
  if (!op.data.fromEnvelope) return body;
  const data = `${body}[${tsString(model.envelope?.dataProperty ?? 'data')}]`;
  return `Exclude<${data}, undefined>`;
}

/** openapi-typescript keys `operations` by the operationId with every `#` written as `/`. */
function operationsEntry(op: Pick<OperationModel, 'operationId'>): string {
  return `operations[${tsString(op.operationId.replace(/#/g, '/'))}]`;
}

/**
 * Which of the shared type helpers a file's type expressions use, so the file imports and declares
 * only those (generated code compiles under `noUnusedLocals`).
 */
export function typeUsage(expressions: readonly string[]): { usesOperations: boolean; usesSimplify: boolean } {
  return {
    usesOperations: expressions.some((e) => e.includes('operations[')),
    usesSimplify: expressions.some((e) => e.includes('Simplify<')),
  };
}
