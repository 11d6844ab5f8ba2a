/**
 * The MCP HTTP handler's answer to the 2025 protocol era, stateless as the SDK's own fallback (a fresh server
 * and transport for each POST, no session, GET and DELETE answered 405), except that each SSE stream
 * opens with a priming event (an event ID, empty data) and a `retry` field, as revision 2025-11-25
 * asks of a server that streams (SEP-1699). The SDK's fallback gives its transport no event store,
 * and the store is what turns priming on; the transport still primes only a client of 2025-11-25 or
 * later, since an older one reads every event's data as a message.
 */
import { type AuthInfo, type EventStore, type McpServerFactory, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';

/**
 * The `retry` of a priming event: how long a client whose stream broke waits before it asks to
 * resume. This server resumes nothing (that GET is answered 405, and the client stops trying), so
 * the wait only delays that answer: short, as the SDK client's own first delay.
 */
export const SSE_RETRY_MS = 1000;

/** What a legacy request brings besides itself: the caller's verified token and the parsed body. */
export interface LegacyRequestOptions {
  authInfo?: AuthInfo;
  parsedBody?: unknown;
}

/**
 * Numbers the events of one transport's streams: `<stream>:<n>`, the stream being the transport's
 * random UUID, so an ID is unique across every stream the server opens. It keeps no event, since no
 * later request can reach this transport: there is nothing to replay.
 */
function numberingEventStore(): EventStore {
  let count = 0;
  return {
    storeEvent: async (streamId) => `${streamId}:${++count}`,
    replayEventsAfter: async () => {
      throw new Error('this server keeps no events to replay: each request is served on its own');
    },
  };
}

/**
 * The 2025-era handler: `factory` gives a server for the request, which serves it alone and is
 * closed once its answer (a JSON body, or the SSE stream to its end) has been sent or abandoned.
 */
export function legacyStatelessHandler(
  factory: McpServerFactory,
  options: { maxRequestBodySize: number; onerror(error: Error): void },
): (request: Request, extra: LegacyRequestOptions) => Promise<Response> {
  return async (request, extra) => {
    if (request.method.toUpperCase() !== 'POST') {
      return Response.json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }, { status: 405, headers: { allow: 'POST' } });
    }
    try {
      const server = await factory({ era: 'legacy', requestInfo: request, ...(extra.authInfo ? { authInfo: extra.authInfo } : {}) });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        eventStore: numberingEventStore(),
        retryInterval: SSE_RETRY_MS,
        maxRequestBodySize: options.maxRequestBodySize,
      });
      await server.connect(transport);
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        transport.close().catch(() => {});
        server.close().catch(() => {});
      };
      const response = await transport.handleRequest(request, extra);
      if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
        close();
        return response;
      }
      return new Response(closingAtEnd(response.body, close), { status: response.status, headers: response.headers });
    } catch (error) {
      options.onerror(error as Error);
      return Response.json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: requestId(extra.parsedBody) }, { status: 500 });
    }
  };
}

/** The ID of a single request, to answer it with an error; null for anything else. */
function requestId(body: unknown): string | number | null {
  const { method, id } = (body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {}) as { method?: unknown; id?: unknown };
  return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number') ? id : null;
}

/** `body` as it is, running `close` once it has ended, failed, or been given up by its reader. */
function closingAtEnd(body: ReadableStream<Uint8Array>, close: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (!done) return void controller.enqueue(value);
        close();
        controller.close();
      } catch (error) {
        close();
        controller.error(error);
      }
    },
    cancel(reason) {
      close();
      return reader.cancel(reason).catch(() => {});
    },
  });
}
