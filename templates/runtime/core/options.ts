/** Options of the client and of each call, what the hooks see, and the defaults. */
import type { ClientCredentials, Credential, Credentials } from '../auth/credentials.js';
import type { ValidateMode } from '../spec.js';

/** What the request hook sees: one attempt, or one redirect it follows. Credentials are shown as `[redacted]`. */
export interface RequestEvent {
  operationId: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  attempt: number;
}

/** What the response hook sees. Credentials a server echoes (in headers, the URL) are shown as `[redacted]`. */
export interface ResponseEvent {
  operationId: string;
  method: string;
  url: string;
  status: number;
  headers: Record<string, string>;
  attempt: number;
  durationMs: number;
}

/** Options of the client, shared by every call. */
export interface CoreOptions {
  /**
   * The API key: the credential of the document's first API key, bearer or basic scheme (its
   * {@link AuthSpec.apiKey}), where `auth` gives none for it. Never logged, never in an error. A
   * client of a document without such a scheme takes none.
   */
  apiKey?: Credential<string>;
  /**
   * Credentials by the document's security scheme names: a value, or a function called when a
   * request needs it; for an OAuth 2.0 scheme a token, or {@link ClientCredentials}. Each operation
   * sends the first of its alternatives whose credentials are all given, none where it needs none.
   */
  auth?: Credentials;
  /** The service's base address; the operations' paths are appended to it. */
  baseUrl: string;
  /** A `fetch` to use instead of the global one (tests, proxies, instrumentation). */
  fetch?: typeof fetch;
  /** Retries after the first attempt, for retryable failures. Default 2. */
  maxRetries?: number;
  /** Time limit of each attempt, in milliseconds. Default 60 000. */
  timeoutMs?: number;
  /**
   * The longest wait before a retry, in milliseconds. A longer `Retry-After` is not slept: the error
   * is thrown; a longer backoff is cut to it. Every wait is at least 100 ms, whatever this says. Default 60 000.
   */
  maxRetryWaitMs?: number;
  /**
   * The largest response body read, in bytes; a larger one ends the call with a
   * {@link ResponseTooLargeError} (the connection is closed, the rest never read). `Infinity` lifts the
   * cap. Default 52 428 800 (50 MiB).
   */
  maxResponseBytes?: number;
  /**
   * What a redirect to an origin other than `baseUrl`'s does. `'same-origin'` (the default): it
   * throws a {@link RedirectError} and nothing is sent there. `'follow-without-credential'`: it is
   * followed without the credential (its header, query parameter or cookie), without the
   * `Authorization`, `Proxy-Authorization` and `Cookie` headers, and, after 301, 302 or 303, without
   * the body; once dropped the credential is not sent again on later hops of the call. Redirects
   * within the origin are followed with the credential either way.
   */
  redirects?: 'same-origin' | 'follow-without-credential';
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Which sides of a call to validate. Default `both`. */
  validate?: ValidateMode;
  /** Called before each request is sent: every attempt, and every redirect an attempt follows. */
  onRequest?: (event: RequestEvent) => void | Promise<void>;
  /** Called after each request is answered (a redirect as soon as it arrives, other answers once their body is read). */
  onResponse?: (event: ResponseEvent) => void | Promise<void>;
}

/** Options of one call. */
export interface RequestOptions {
  /** Idempotency key of a POST (at most the document's limit); one is generated when absent, the same across retries. */
  idempotencyKey?: string;
  /** Aborts the call (and any wait before a retry). */
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
  /** This call's own cap on the response body, in place of the client's. */
  maxResponseBytes?: number;
  /** Extra headers of this call. */
  headers?: Record<string, string>;
  /** Extra query parameters of this call (for parameters the document does not describe). */
  query?: Record<string, string | number | boolean>;
  validate?: ValidateMode;
}

export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRY_WAIT_MS = 60_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
