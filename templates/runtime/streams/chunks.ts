/**
 * The text of a streamed body as it arrives, and what every stream reader shares: the options it
 * is read with, and the validation of one item.
 */
import { AbortError, ConnectionError, describeCause, ResponseValidationError, TimeoutError, toIssue } from '../errors.js';
import type { OperationSpec, Validator } from '../spec.js';
import { readOrAbort } from '../wire/response.js';

/** How a streamed response is read: what the engine gives a stream reader (`OperationSpec.readItems`). */
export interface StreamReadOptions {
  spec: OperationSpec;
  response: Response;
  validator: Validator | undefined;
  /** The most bytes of one item (an unfinished line or event). */
  maxBytes: number;
  /** Aborts the connection: when the caller leaves the loop, the stream ends or fails. */
  controller: AbortController | undefined;
  /** The caller's signal: it ends the stream with an {@link AbortError}. */
  signal: AbortSignal | undefined;
  redact(text: string): string;
  /** The longest wait for the next bytes, in milliseconds (the call's `timeoutMs`); none where absent. */
  idleMs?: number;
  /**
   * Server-sent events only: sends the request again after the stream broke off, with
   * `Last-Event-ID` where an event gave an id; absent where the call may not be repeated (a POST
   * without an idempotency key).
   */
  reconnect?: (lastEventId: string | undefined) => Promise<{ response: Response; controller?: AbortController }>;
  /** Server-sent events only: how many reconnections in a row, and the longest wait before one. */
  reconnects?: { max: number; maxWaitMs: number };
}

/** A stream reader: the items of a streamed response, read as the caller iterates. */
export type StreamReader = (options: StreamReadOptions) => AsyncGenerator<unknown, void, undefined>;

/**
 * The body's text, chunk by chunk (UTF-8 decoded across chunks), `done` on the last. A chunk not
 * come within `idleMs` ends it with a {@link TimeoutError}, the caller's signal with an
 * {@link AbortError}, a broken connection with a {@link ConnectionError}. The connection is closed
 * when the reading ends, however it ends.
 */
export async function* textChunks(
  body: ReadableStream<Uint8Array>,
  options: Pick<StreamReadOptions, 'spec' | 'controller' | 'signal' | 'redact' | 'idleMs'>,
): AsyncGenerator<{ text: string; done: boolean }, void, undefined> {
  const { spec } = options;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // Aborts the read when the caller stops or the wait passes idleMs; the connection's own controller when there is one.
  const controller = options.controller ?? new AbortController();
  try {
    for (;;) {
      let idle = false;
      const timer =
        options.idleMs === undefined
          ? undefined
          : setTimeout(() => {
              idle = true;
              controller.abort();
            }, options.idleMs);
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await readOrAbort(reader, controller.signal);
      } catch (error) {
        if (options.signal?.aborted) throw new AbortError(`${spec.operationId} was aborted`, spec.operationId);
        if (idle) throw new TimeoutError(spec.operationId, options.idleMs as number);
        throw new ConnectionError(`${spec.operationId}: the stream broke off: ${options.redact(describeCause(error))}`, spec.operationId);
      } finally {
        clearTimeout(timer);
      }
      yield { text: read.done ? decoder.decode() : decoder.decode(read.value, { stream: true }), done: read.done };
      if (read.done) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
    controller.abort();
  }
}

/** Validates item number `index` (where a validator is given); a failure names the item's index first in its paths, then `within`. */
export function validItem(
  options: Pick<StreamReadOptions, 'spec' | 'response' | 'validator'>,
  value: unknown,
  index: number,
  within: (string | number)[] = [],
): unknown {
  if (!options.validator) return value;
  const result = options.validator.safeParse(value);
  if (result.success) return result.data;
  throw new ResponseValidationError(
    options.spec.operationId,
    options.response.status,
    result.error.issues.map((i) => {
      const issue = toIssue(i);
      issue.path = [index, ...within, ...issue.path];
      return issue;
    }),
  );
}

/** An item's text as JSON; text that is none is a {@link ResponseValidationError} at `path`. */
export function jsonItem(options: Pick<StreamReadOptions, 'spec' | 'response'>, text: string, path: (string | number)[], what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ResponseValidationError(options.spec.operationId, options.response.status, [{ path, message: `${what} is not valid JSON` }]);
  }
}
