/**
 * The errors the client throws, all {@link ClientError}s. None carries a credential: the engine
 * redacts every text it puts in one (auth/redaction.ts).
 */
import type { ValidatorIssue } from './spec.js';
import { isRecord } from './values.js';

/** One problem found by validation: where (a path into the value) and what. */
export interface ValidationIssue {
  path: (string | number)[];
  message: string;
}

/** Base of every error the client throws. */
export class ClientError extends Error {
  // Each class names itself in a string: a minifier renames classes, so `new.target.name` would
  // give a bundle's users names like `t`.
  override name = 'ClientError';
  /** The operation that failed. */
  declare readonly operationId: string;
  constructor(message: string, operationId: string) {
    super(message);
    this.operationId = operationId;
  }
}

/** The API answered with a failure status. Carries the envelope's fields where there is one. */
export class ApiError extends ClientError {
  override name = 'ApiError';
  declare readonly status: number;
  declare readonly code: number | undefined;
  declare readonly msg: string | undefined;
  /** The API's cause text (the envelope's `cause`), not a chained error. */
  override readonly cause: string | undefined;
  declare readonly details: unknown;
  declare readonly rid: string | undefined;
  /** The parsed body (JSON), the text of a non-JSON body, or undefined when there is none. */
  declare readonly body: unknown;
  declare readonly headers: Record<string, string>;
  constructor(init: { operationId: string; status: number; body: unknown; headers: Record<string, string> }) {
    const envelope = isRecord(init.body) ? init.body : {};
    const code = typeof envelope['code'] === 'number' ? envelope['code'] : undefined;
    const msg = typeof envelope['msg'] === 'string' ? envelope['msg'] : undefined;
    const rid = typeof envelope['rid'] === 'string' ? envelope['rid'] : undefined;
    const fallback = typeof init.body === 'string' && init.body.trim() !== '' ? init.body.trim().slice(0, 200) : 'no message';
    const extras = [code === undefined ? '' : `code ${code}`, rid ? `rid ${rid}` : ''].filter(Boolean).join(', ');
    super(`${init.operationId} failed with HTTP ${init.status}: ${msg ?? fallback}${extras ? ` (${extras})` : ''}`, init.operationId);
    this.status = init.status;
    this.code = code;
    this.msg = msg;
    this.cause = typeof envelope['cause'] === 'string' ? envelope['cause'] : undefined;
    this.details = envelope['details'];
    this.rid = rid;
    this.body = init.body;
    this.headers = init.headers;
  }
}

/**
 * 429: the rate limit was exceeded. `retryAfter` is the wait the API asked for (`Retry-After`, else
 * the body's field), in seconds, held between 0 and 86 400 (one day); undefined when it gave none.
 */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  declare readonly retryAfter: number | undefined;
  constructor(init: { operationId: string; status: number; body: unknown; headers: Record<string, string>; retryAfter: number | undefined }) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
}

/**
 * A redirect the client does not follow: to an origin other than `baseUrl`'s (unless `redirects:
 * 'follow-without-credential'`), to an address that is not http(s), past 5 hops, or one a browser
 * hides from scripts. Nothing was sent to the redirect's target.
 */
export class RedirectError extends ClientError {
  override name = 'RedirectError';
  /** The redirect's HTTP status (0 where a browser hides it). */
  declare readonly status: number;
  /** The target's scheme, host and port (never its path or query); undefined where unknown. */
  declare readonly targetOrigin: string | undefined;
  constructor(init: { operationId: string; status: number; targetOrigin: string | undefined; reason: string }) {
    super(
      `${init.operationId}: redirect not followed (HTTP ${init.status}${init.targetOrigin === undefined ? '' : ` to ${init.targetOrigin}`}): ${init.reason}`,
      init.operationId,
    );
    this.status = init.status;
    this.targetOrigin = init.targetOrigin;
  }
}

/** The response body is larger than `maxResponseBytes`; the client stopped reading it and closed the connection. */
export class ResponseTooLargeError extends ClientError {
  override name = 'ResponseTooLargeError';
  declare readonly status: number;
  /** The `maxResponseBytes` that was passed. */
  declare readonly limit: number;
  /** The `Content-Length` the response declared, where that was already over the limit. */
  declare readonly contentLength: number | undefined;
  constructor(init: { operationId: string; status: number; limit: number; contentLength?: number }) {
    super(
      `${init.operationId}: the response body is larger than maxResponseBytes (${init.limit} bytes)${init.contentLength === undefined ? '' : `: its Content-Length is ${init.contentLength}`}`,
      init.operationId,
    );
    this.status = init.status;
    this.limit = init.limit;
    this.contentLength = init.contentLength;
  }
}

/** The request never got an answer: DNS, refused or reset connection, TLS. */
export class ConnectionError extends ClientError {
  override name = 'ConnectionError';
}

/** No answer within `timeoutMs` (on the last attempt). */
export class TimeoutError extends ClientError {
  override name = 'TimeoutError';
  declare readonly timeoutMs: number;
  constructor(operationId: string, timeoutMs: number) {
    super(`${operationId} timed out after ${timeoutMs} ms`, operationId);
    this.timeoutMs = timeoutMs;
  }
}

/**
 * A credential the operation needs could not be had: none of its alternatives was given, a
 * credential function failed, or the token endpoint failed, timed out or answered no token. Thrown
 * before the operation's request is sent; the message names the scheme, never a secret.
 */
export class CredentialError extends ClientError {
  override name = 'CredentialError';
  /** The security scheme whose credential failed; undefined when none was given. */
  declare readonly scheme: string | undefined;
  /** The token endpoint's status, when it answered with a failure. */
  declare readonly status: number | undefined;
  constructor(init: { operationId: string; message: string; scheme?: string; status?: number; cause?: unknown }) {
    super(init.message, init.operationId);
    this.scheme = init.scheme;
    this.status = init.status;
    if (init.cause !== undefined) this.cause = init.cause;
  }
}

/** The caller's `signal` aborted the call. */
export class AbortError extends ClientError {
  override name = 'AbortError';
}

/** The request breaks the document's rules; thrown before anything is sent. */
export class RequestValidationError extends ClientError {
  override name = 'RequestValidationError';
  declare readonly issues: ValidationIssue[];
  constructor(operationId: string, issues: ValidationIssue[]) {
    super(`invalid request for ${operationId}: ${describeIssues(issues)}`, operationId);
    this.issues = issues;
  }
}

/** The API's answer does not match the document (a field of the wrong type, a missing one). */
export class ResponseValidationError extends ClientError {
  override name = 'ResponseValidationError';
  declare readonly issues: ValidationIssue[];
  declare readonly status: number;
  constructor(operationId: string, status: number, issues: ValidationIssue[]) {
    super(`response of ${operationId} does not match the document: ${describeIssues(issues)}`, operationId);
    this.issues = issues;
    this.status = status;
  }
}

function describeIssues(issues: readonly ValidationIssue[]): string {
  const shown = issues.slice(0, 5).map((i) => `${i.path.length > 0 ? i.path.join('.') : '(root)'}: ${i.message}`);
  return shown.join('; ') + (issues.length > 5 ? `; and ${issues.length - 5} more` : '');
}

/** A validator's issue as the client reports it: its path as strings and numbers. */
export function toIssue(issue: ValidatorIssue): ValidationIssue {
  return { path: issue.path.map((p) => (typeof p === 'number' ? p : String(p))), message: issue.message };
}

/** A failure of fetch or of reading a body, as text: its message and the code of its cause (ECONNREFUSED). */
export function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const parts = [error instanceof Error ? error.message : String(error)];
  if (cause && typeof cause.code === 'string') parts.push(cause.code);
  else if (cause && typeof cause.message === 'string') parts.push(cause.message);
  return parts.join(': ');
}

/**
 * A paged operation's walk cannot go on: the API gave an earlier page's cursor, address or items
 * again (it would loop), a `Link` header that cannot be read, a next page's address on another
 * origin, or the walk reached the default bound of pages with more to come.
 */
export class PaginationError extends ClientError {
  override name = 'PaginationError';
}
