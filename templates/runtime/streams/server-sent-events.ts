/**
 * Server-sent events (`text/event-stream`, any OpenAPI version): events read as the caller
 * iterates, their data read as JSON and validated where the document gives its schema, and the
 * stream resumed where it broke off.
 */
import { backoffMs, clampWait } from '../core/retries.js';
import { ApiError, ConnectionError, ResponseTooLargeError, TimeoutError } from '../errors.js';
import { sleep } from '../waits.js';
import { jsonItem, type StreamReadOptions, textChunks, validItem } from './chunks.js';
import { type EventStreamState, type ServerSentEvent, sseFrames } from './frames.js';

/**
 * The events of a server-sent event stream. Each event is a {@link ServerSentEvent}: where the
 * operation's spec says how its data is read (`eventData`), the data is its text or its JSON,
 * validated by the document's schema (a failure names `[index, 'data', ...]`); else (OpenAPI 3.2
 * `itemSchema`) the whole event is validated.
 *
 * A stream that breaks off (the connection drops, or no byte comes within `idleMs`) is resumed,
 * where the call may be repeated: the request is sent again after the wait the server asked for
 * (`retry`, else a backoff; each wait held to `reconnects.maxWaitMs`), with `Last-Event-ID` where
 * an event gave an id, at most `reconnects.max` times in a row without an event with data between
 * (a resumption that fails, or is answered a status the operation retries, counts as one). A
 * stream the server ends is over, and so is one it answers 204 when resumed. The caller's signal
 * ends it whenever it aborts.
 */
export async function* readServerSentEvents(options: StreamReadOptions): AsyncGenerator<ServerSentEvent<unknown>, void, undefined> {
  const { spec, maxBytes } = options;
  const state: EventStreamState = {};
  let connection: { response: Response; controller?: AbortController | undefined } = { response: options.response, controller: options.controller };
  let index = 0;
  let failures = 0;
  for (;;) {
    const { response } = connection;
    if (!response.body || response.status === 204) return;
    // An event cut short by the break is dropped: the stream resumes after the last whole one.
    const frames = sseFrames(state);
    try {
      for await (const chunk of textChunks(response.body, { ...options, controller: connection.controller })) {
        for (const event of frames.push(chunk.text, chunk.done)) {
          // Only data is progress: a server that primes each connection with an empty event and drops it is not resumed forever.
          if (event.data !== '') failures = 0;
          yield readEvent({ ...options, response }, event, index++);
        }
        if (frames.pending() > maxBytes) throw new ResponseTooLargeError({ operationId: spec.operationId, status: response.status, limit: maxBytes });
      }
      return;
    } catch (error) {
      let failure = error;
      // Each resumption that fails is one more failure in a row, waited for as a break is.
      for (;;) {
        const { reconnect, reconnects } = options;
        if (!broken(spec, failure) || !reconnect || !reconnects || failures >= reconnects.max) throw failure;
        failures++;
        await sleep(clampWait(state.retry ?? backoffMs(failures), reconnects.maxWaitMs), options.signal, spec.operationId);
        try {
          connection = await reconnect(state.lastEventId);
          break;
        } catch (again) {
          failure = again;
        }
      }
    }
  }
}

/** A failure that breaks the stream off rather than ends it: the connection, the wait, or a status the operation retries. */
function broken(spec: StreamReadOptions['spec'], error: unknown): boolean {
  if (error instanceof ConnectionError || error instanceof TimeoutError) return true;
  return error instanceof ApiError && spec.retryStatuses.includes(error.status);
}

/** One event as yielded: its data as the spec says it is read, validated. */
function readEvent(options: StreamReadOptions, event: ServerSentEvent, index: number): ServerSentEvent<unknown> {
  const { eventData } = options.spec;
  if (eventData === undefined) return validItem(options, event, index) as ServerSentEvent<unknown>;
  const data = eventData === 'json' ? jsonItem(options, event.data, [index, 'data'], "the event's data") : event.data;
  return { ...event, data: validItem(options, data, index, ['data']) };
}
