/** Streamed responses: items read, parsed and validated as the caller iterates. */
import { ResponseTooLargeError } from '../errors.js';
import { jsonItem, type StreamReadOptions, textChunks, validItem } from './chunks.js';
import { separatedFrames, sseFrames } from './frames.js';

/**
 * The items of a streamed response (OpenAPI 3.2 `itemSchema`: JSON Lines, JSON text sequences,
 * server-sent events as whole event objects), parsed as they arrive and validated one by one (an
 * item that does not match throws a {@link ResponseValidationError} whose path starts with its
 * index). Leaving the loop early closes the connection.
 */
export async function* readStreamItems(options: StreamReadOptions): AsyncGenerator<unknown, void, undefined> {
  const { spec, response, maxBytes } = options;
  if (!response.body) return;
  const frames = spec.stream === 'sse' ? sseFrames() : separatedFrames(spec.stream === 'json-seq' ? '\x1e' : '\n');
  let index = 0;
  for await (const chunk of textChunks(response.body, options)) {
    for (const frame of frames.push(chunk.text, chunk.done)) {
      const at = index++;
      yield validItem(options, typeof frame === 'string' ? jsonItem(options, frame, [at], 'the item') : frame, at);
    }
    if (frames.pending() > maxBytes) throw new ResponseTooLargeError({ operationId: spec.operationId, status: response.status, limit: maxBytes });
  }
}
