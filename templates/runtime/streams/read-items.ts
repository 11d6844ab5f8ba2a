/** Streamed responses (OpenAPI 3.2 `itemSchema`): items read, parsed and validated as the caller iterates. */
import { AbortError, ConnectionError, describeCause, ResponseTooLargeError, ResponseValidationError, toIssue } from '../errors.js';
import type { OperationSpec, Validator } from '../spec.js';
import { readOrAbort } from '../wire/response.js';
import { separatedFrames, sseFrames } from './frames.js';

/**
 * The items of a streamed response, parsed as they arrive and validated one by one (an item that
 * does not match throws a {@link ResponseValidationError} whose path starts with its index). Leaving
 * the loop early closes the connection.
 */
export async function* readStreamItems(options: {
  spec: OperationSpec;
  response: Response;
  validator: Validator | undefined;
  maxBytes: number;
  controller: AbortController | undefined;
  signal: AbortSignal | undefined;
  redact(text: string): string;
}): AsyncGenerator<unknown, void, undefined> {
  const { spec, response, validator, maxBytes } = options;
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const frames = spec.stream === 'sse' ? sseFrames() : separatedFrames(spec.stream === 'json-seq' ? '\x1e' : '\n');
  let index = 0;
  const deliver = (raw: unknown): unknown => {
    const at = index++;
    if (!validator) return raw;
    const result = validator.safeParse(raw);
    if (result.success) return result.data;
    throw new ResponseValidationError(
      spec.operationId,
      response.status,
      result.error.issues.map((i) => {
        const issue = toIssue(i);
        issue.path = [at, ...issue.path];
        return issue;
      }),
    );
  };
  const parse = (text: string): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ResponseValidationError(spec.operationId, response.status, [{ path: [index], message: 'the item is not valid JSON' }]);
    }
  };
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await readOrAbort(reader, options.controller?.signal);
      } catch (error) {
        if (options.signal?.aborted) throw new AbortError(`${spec.operationId} was aborted`, spec.operationId);
        throw new ConnectionError(`${spec.operationId}: the stream broke off: ${options.redact(describeCause(error))}`, spec.operationId);
      }
      const text = read.done ? decoder.decode() : decoder.decode(read.value, { stream: true });
      for (const frame of frames.push(text, read.done)) yield deliver(typeof frame === 'string' ? parse(frame) : frame);
      if (frames.pending() > maxBytes) throw new ResponseTooLargeError({ operationId: spec.operationId, status: response.status, limit: maxBytes });
      if (read.done) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
    options.controller?.abort();
  }
}
