/** Streamed responses other than server-sent events (those are `server-sent-events.ts`'s): items read, parsed and validated as the caller iterates. */
import { ResponseTooLargeError } from '../errors.js';
import { jsonItem, type StreamReadOptions, textChunks, validItem } from './chunks.js';
import { separatedFrames } from './frames.js';

/**
 * The items of a streamed response (OpenAPI 3.2 `itemSchema`: JSON Lines, JSON text sequences),
 * parsed as they arrive and validated one by one (an item that does not match throws a
 * {@link ResponseValidationError} whose path starts with its index). Leaving the loop early closes
 * the connection.
 */
export async function* readStreamItems(options: StreamReadOptions): AsyncGenerator<unknown, void, undefined> {
  const { spec, response, maxBytes } = options;
  if (!response.body) return;
  const frames = separatedFrames(spec.stream === 'json-seq' ? '\x1e' : '\n');
  let index = 0;
  for await (const chunk of textChunks(response.body, options)) {
    for (const frame of frames.push(chunk.text, chunk.done)) {
      const at = index++;
      yield validItem(options, jsonItem(options, frame, [at], 'the item'), at);
    }
    if (frames.pending() > maxBytes) throw new ResponseTooLargeError({ operationId: spec.operationId, status: response.status, limit: maxBytes });
  }
}
