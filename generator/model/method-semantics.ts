/**
 * What an HTTP method promises (RFC 9110 section 9.2): which are safe (they only read) and which are
 * idempotent (a second request leaves what the first did). QUERY is both (the IETF draft "The HTTP
 * QUERY Method"). A method of 3.2's `additionalOperations` promises neither, whatever its name, as
 * POST: it is not retried after a connection failure unless it carries an idempotency key, and its
 * tool is not read-only. And what fetch does with a method: the ones it refuses to send, and the ones
 * it sends without a body. The model reads these once (`OperationModel.safeMethod`, the retries, the
 * tool hints); verify and the outputs read the model or these sets, never a list of their own.
 */
import type { HttpMethod } from './types.js';

export const SAFE_METHODS: ReadonlySet<HttpMethod> = new Set<HttpMethod>(['get', 'head', 'options', 'trace', 'query']);
export const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set<HttpMethod>(['get', 'head', 'options', 'put', 'delete', 'trace', 'query']);

/** Whether a method only reads: a fixed method's (`get`, as the model writes it), never an additional operation's. */
export function isSafeMethod(method: HttpMethod, known = true): boolean {
  return known && SAFE_METHODS.has(method);
}

/** Methods the Fetch standard forbids (its "forbidden methods"): no fetch sends them, so no generated client can (httpbin's TRACE). */
const FETCH_FORBIDDEN_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** Whether fetch refuses to send a method, as it is sent on the wire (compared without case, as fetch does). */
export function fetchRefuses(httpMethod: string): boolean {
  return FETCH_FORBIDDEN_METHODS.has(httpMethod.toUpperCase());
}

/** Whether fetch refuses a request body with a method (GET and HEAD), as it is sent on the wire. */
export function fetchSendsNoBody(httpMethod: string): boolean {
  const upper = httpMethod.toUpperCase();
  return upper === 'GET' || upper === 'HEAD';
}
