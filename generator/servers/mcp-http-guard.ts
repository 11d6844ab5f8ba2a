/**
 * The limits of `podcast-gen mcp --http` that only a process owning its sockets can keep (time to
 * send headers and requests, idle connections, open connections), and the lingering close of a
 * connection whose request was answered before it was read: the generated mock server's own code
 * for them (templates/mock/connections.ts, which bin/build.js bundles into this module). What a
 * request may do is the generated handler's (`mcp/http-guard.ts`), decided from its headers before
 * its body is read.
 */
import { CONNECTION_LIMITS, type ConnectionLimits, limitedServer, lingerAfter } from '../../templates/mock/connections.js';

export { limitedServer, lingerAfter };

/** The server's limits; each has a default in {@link HTTP_LIMITS}. */
export interface HttpLimits extends ConnectionLimits {
  /** Largest request body read, in bytes; a larger one is answered 413 as soon as it passes this. Default: the handler's (`MAX_BODY_BYTES` of `mcp/http-guard.ts`). */
  maxBodyBytes?: number;
}

/** The defaults: the mock server's (`CONNECTION_LIMITS`), and the handler's body size. */
export const HTTP_LIMITS: Readonly<HttpLimits> = CONNECTION_LIMITS;
