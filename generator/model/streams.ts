import type { Problem } from '../problems.js';
import type { OperationModel, ResponseModel, StreamFormat } from './types.js';

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
