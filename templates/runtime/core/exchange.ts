/**
 * One attempt: the request and the redirects it follows, all within one time limit (`timeoutMs`),
 * to a response whose body is read under `maxResponseBytes` (a streamed one is read later, as the
 * caller iterates). Hooks see every hop, the credential redacted.
 */
import { AbortError, ClientError, ConnectionError, describeCause, TimeoutError } from '../errors.js';
import type { OperationSpec } from '../spec.js';
import type { BuiltRequest } from '../wire/request.js';
import { bodyReader, headersOf, readCapped } from '../wire/response.js';
import type { CoreOptions } from './options.js';
import { nextHop, type RedirectPolicy } from './redirects.js';

/** A final response, its body read, and its headers as shown (redacted). */
export interface Answer {
  /** The response as fetch gave it: its status, which may lie outside 200-599, and its headers. */
  response: Response;
  /** The body to decode: as read under the size limit, or, streamed, `response` itself, read as it arrives. */
  read: Response;
  headers: Record<string, string>;
  /** For a streamed response, whose body is still unread: aborts the connection when the caller stops early. */
  controller?: AbortController;
}

/** What an attempt needs of the client: its options (fetch, hooks) and its redirect policy. */
export interface ExchangeClient extends RedirectPolicy {
  options: CoreOptions;
}

/** What an attempt is: its number, time limit, size cap and the caller's signal. */
export interface AttemptContext {
  attempt: number;
  timeoutMs: number;
  maxBytes: number;
  signal: AbortSignal | undefined;
}

/** One attempt: the request and the redirects it follows, all within one time limit, to a response with its body read. */
export async function exchange(client: ExchangeClient, spec: OperationSpec, request: BuiltRequest, context: AttemptContext): Promise<Answer> {
  const { options, redactor } = client;
  const { attempt, timeoutMs, maxBytes, signal } = context;
  if (signal?.aborted) throw new AbortError(`${spec.operationId} was aborted`, spec.operationId);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let streaming = false;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  // A failure of fetch or of reading the body, as the client's error for it.
  const network = async <R>(step: () => Promise<R>): Promise<R> => {
    try {
      return await step();
    } catch (error) {
      if (error instanceof ClientError) throw error;
      if (signal?.aborted) throw new AbortError(`${spec.operationId} was aborted`, spec.operationId);
      if (timedOut) throw new TimeoutError(spec.operationId, timeoutMs);
      throw new ConnectionError(`${spec.operationId}: connection failed: ${redactor.redact(describeCause(error))}`, spec.operationId);
    }
  };
  try {
    let hop = request;
    for (let hops = 0; ; hops++) {
      const shownUrl = redactor.redact(hop.url);
      await options.onRequest?.({
        operationId: spec.operationId,
        method: hop.method,
        url: shownUrl,
        headers: redactor.redactHeaders(hop.headers),
        body: redactor.redactValue(hop.shownBody),
        attempt,
      });
      const started = Date.now();
      const init: RequestInit = { method: hop.method, headers: hop.headers, signal: controller.signal, redirect: 'manual' };
      if (hop.body !== undefined) init.body = hop.body;
      const response = await network(() => fetchImpl(hop.url, init));
      const next = nextHop(client, spec, response, hop, hops);
      const event = {
        operationId: spec.operationId,
        method: hop.method,
        url: shownUrl,
        status: response.status,
        headers: redactor.redactHeaders(headersOf(response)),
        attempt,
      };
      if (next === undefined && response.ok && spec.dataKind === 'stream') {
        // Read as the caller iterates: the time limit was for the answer to start; the caller's signal still stops it.
        streaming = true;
        await options.onResponse?.({ ...event, durationMs: Date.now() - started });
        return { response, read: response, headers: event.headers, controller };
      }
      if (next === undefined) {
        const bytes =
          response.status === 204 || response.status === 205 || response.status === 304
            ? null
            : await network(() => readCapped(response, maxBytes, spec.operationId, controller));
        await options.onResponse?.({ ...event, durationMs: Date.now() - started });
        return { response, read: bodyReader(bytes, response), headers: event.headers };
      }
      await response.body?.cancel().catch(() => undefined);
      await options.onResponse?.({ ...event, durationMs: Date.now() - started });
      hop = next;
    }
  } finally {
    clearTimeout(timer);
    if (!streaming) signal?.removeEventListener('abort', onAbort);
  }
}
