import type { OpenApiDocument } from '../load/read-spec.js';
import type { Problem } from '../problems.js';
import { deref } from './refs.js';
import type { OperationModel, ResponseModel, SchemaObject, StreamFormat } from './types.js';

/** The framing of a streamed media type the client reads item by item, or undefined. */
export function streamFormat(contentType: string): StreamFormat | undefined {
  const type = contentType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (type === 'text/event-stream') return 'sse';
  if (type === 'application/jsonl' || type === 'application/x-ndjson' || type === 'application/ndjson' || type === 'application/x-jsonlines') return 'jsonl';
  if (type === 'application/json-seq') return 'json-seq';
  return undefined;
}

/**
 * The payload of a success response with an `itemSchema` (OpenAPI 3.2): a stream of items the
 * client validates one by one. A framing it does not read (multipart/mixed, a media type of its
 * own) is said at the operation, and the body is then resolved whole, as bytes.
 */
export function streamOf(success: ResponseModel, where: { pointer: string; httpMethod: string; path: string; problems: Problem[] }): OperationModel['data'] {
  const contentType = success.contentType ?? '';
  const format = streamFormat(contentType);
  if (format && success.itemSchema) {
    return {
      schema: success.itemSchema,
      fromEnvelope: false,
      kind: 'stream',
      stream: format,
      ...(success.itemPointer ? { pointer: success.itemPointer } : {}),
    };
  }
  where.problems.push({
    code: 'model/stream-not-read',
    severity: 'warn',
    pointer: success.itemPointer ?? where.pointer,
    message: `${where.httpMethod} ${where.path}: the items of its \`${contentType}\` response (itemSchema) are not read one by one; the client resolves to the whole body as a Blob, unvalidated`,
    hint: 'stream text/event-stream, application/jsonl, application/x-ndjson or application/json-seq to get typed items, or split the Blob yourself',
  });
  return { schema: { type: 'string', format: 'binary' }, fromEnvelope: false, kind: 'binary' };
}

/**
 * The payload of a `text/event-stream` success response described by `schema` (OpenAPI 3.0, 3.1,
 * and 3.2 without `itemSchema`): server-sent events, each event's data read as JSON and validated
 * by the schema, or as text where the schema is a string's or there is none.
 */
export function eventsOf(document: OpenApiDocument, success: ResponseModel): OperationModel['data'] {
  const schema = success.schema ?? {};
  return {
    schema,
    fromEnvelope: false,
    kind: 'stream',
    stream: 'sse',
    eventData: describesText(document, schema) ? 'text' : 'json',
    ...(success.pointer ? { pointer: success.pointer } : {}),
  };
}

/** True for no schema at all (`{}`) and a string's: the events' data is then their text. */
function describesText(document: OpenApiDocument, schema: SchemaObject): boolean {
  const resolved = deref<SchemaObject>(document, schema) ?? {};
  if (Object.keys(resolved).length === 0) return true;
  return resolved.type === 'string';
}
