/**
 * What an HTTP method promises (RFC 9110 section 9.2): which are safe (they only read) and which are
 * idempotent (a second request leaves what the first did). QUERY is both (the IETF draft "The HTTP
 * QUERY Method"). A method of 3.2's `additionalOperations` promises neither, whatever its name, as
 * POST: it is not retried after a connection failure unless it carries an idempotency key, and its
 * tool is not read-only.
 */
import type { HttpMethod } from './types.js';

export const SAFE_METHODS: ReadonlySet<HttpMethod> = new Set<HttpMethod>(['get', 'head', 'options', 'trace', 'query']);
export const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set<HttpMethod>(['get', 'head', 'options', 'put', 'delete', 'trace', 'query']);
