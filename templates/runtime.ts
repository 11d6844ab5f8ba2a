/**
 * The client's runtime: errors, the request loop (retries, timeouts, idempotency keys, redirects),
 * wire encoding and response decoding. It depends on nothing but `fetch`, `AbortController`, `URL`,
 * `TextEncoder`, `TextDecoder`, `btoa` and `crypto.randomUUID`, so it runs in Node 20+, Deno, Bun and
 * browsers.
 *
 * Where the credential may go, and what the client holds:
 * - Redirects are followed by the client itself (`redirect: 'manual'`), at most 5 hops per attempt.
 *   Within `baseUrl`'s origin (scheme, host and port) they are followed with the credential; 303, and
 *   301/302 after a POST, become a GET without a body; 307/308 keep the method, the body and the
 *   idempotency key. A redirect to another origin throws a {@link RedirectError} unless the client
 *   was made with `redirects: 'follow-without-credential'` (see {@link CoreOptions.redirects}).
 *   In a browser, `redirect: 'manual'` hides every redirect (an `opaqueredirect` answer with no
 *   status and no `Location`), so there any redirect throws a {@link RedirectError}: point
 *   `baseUrl` at the address that answers.
 * - A response body is read as a stream and given up, with a {@link ResponseTooLargeError}, once it
 *   passes `maxResponseBytes` (default 50 MiB), or at once when its `Content-Length` says it would.
 *   A streamed response (OpenAPI 3.2 `itemSchema`) is read item by item as the caller iterates; there
 *   the limit holds for each item, and `timeoutMs` for the response's headers.
 * - Every wait before a retry is at least 100 ms and at most `maxRetryWaitMs`.
 * - Whatever the client shows (hooks, errors, the result's headers) has the credential replaced by
 *   `[redacted]`: as sent, re-cased, base64 or base64url encoded, percent-escaped.
 */

/** Which sides of a call are checked against the document's schemas. */
export type ValidateMode = 'both' | 'request' | 'response' | 'off';

/** A schema that judges a value (the generated zod validators fit). */
export interface Validator {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: readonly ValidatorIssue[] } };
}

interface ValidatorIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** One problem found by validation: where (a path into the value) and what. */
export interface ValidationIssue {
  path: (string | number)[];
  message: string;
}

/** A parameter or body field of an operation, and where it goes on the wire. */
export interface FieldSpec {
  name: string;
  in: 'path' | 'query' | 'querystring' | 'header' | 'cookie' | 'body-field' | 'body';
  /** Its name on the wire, where that is not `name` (read through {@link wireName}). */
  wireName?: string;
  required: boolean;
  style?: string;
  explode?: boolean;
  /** For `in: querystring`: the media type the whole query string is written in. */
  contentType?: string;
  /**
   * The writer of a style the engine does not write itself (it writes path and header parameters in
   * style simple, query parameters in style form): a path parameter's label or matrix text
   * ({@link labelPath}, {@link matrixPath}), a cookie parameter's pairs ({@link formCookie}), the
   * whole query string of an `in: querystring` parameter ({@link formQuerystring},
   * {@link textQuerystring}). The spec carries it, not the engine, so that a bundle carries a style's
   * code only with an operation that uses it.
   */
  write?: (field: FieldSpec, value: unknown) => string;
  /**
   * Likewise, the writer that adds a query parameter of style spaceDelimited, pipeDelimited or
   * deepObject to the query ({@link spaceDelimitedQuery}, {@link pipeDelimitedQuery},
   * {@link deepObjectQuery}), or a form body's property that the body's `encoding` gives a style or
   * explode to the form (those and {@link formQuery}).
   */
  append?: (query: URLSearchParams, field: FieldSpec, value: unknown) => void;
}

/** A field's name on the wire: its own name unless the spec gives another. */
function wireName(field: Pick<FieldSpec, 'name' | 'wireName'>): string {
  return field.wireName ?? field.name;
}

/** Everything the runtime needs to call one operation: generated from the document. */
export interface OperationSpec {
  operationId: string;
  methodName: string;
  method: string;
  path: string;
  fields: readonly FieldSpec[];
  body?: {
    contentType: string;
    kind: 'json' | 'form' | 'multipart' | 'text' | 'binary';
    required: boolean;
    flattened: boolean;
    /**
     * For a form or multipart body: its encoder ({@link formBody}, {@link multipartBody}), carried by
     * the spec so that a bundle carries it only with an operation that sends such a body.
     */
    encode?: (value: unknown, spec: OperationSpec) => BodyInit;
  };
  idempotency?: { header: string; maxLength?: number };
  /** The envelope's payload property, when responses are enveloped. */
  envelopeData?: string;
  dataKind: 'json' | 'text' | 'binary' | 'none' | 'stream';
  /** For `dataKind: 'stream'`: how the items are framed (server-sent events, JSON Lines, JSON text sequences). */
  stream?: 'sse' | 'jsonl' | 'json-seq';
  /**
   * For `dataKind: 'stream'`: the reader of its items ({@link readStreamItems}). The spec carries it,
   * not the engine, so that a bundle carries the stream reader only with an operation that streams.
   */
  readItems?: typeof readStreamItems;
  /** The `Accept` header where it is not JSON's (a stream's media type: servers of events often require it). */
  accept?: string;
  retryStatuses: readonly number[];
  retryConnectionErrors: boolean;
  /** The 429 body's field that carries the wait in seconds. */
  retryAfterField?: string;
  toolName: string;
  scopes: readonly string[];
  /** The operation's security requirement where it is not {@link AuthSpec.security}: `[]` for an operation that needs no credential. */
  security?: SecurityRequirement;
}

/**
 * An operation's security requirement: alternatives tried in order, each the schemes sent together
 * (`[]`: no credential; an empty alternative: it may go without), or why no credential the client
 * sends can meet it (mutual TLS, a scheme the document does not declare): such a call fails before
 * sending.
 */
export type SecurityRequirement = readonly (readonly string[])[] | { readonly unsatisfiable: string };

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

/** The whole outcome of a call: the payload and the response it came in. */
export interface ApiResult<T> {
  data: T;
  status: number;
  /** The response's headers, the credential redacted where a server echoes it. */
  headers: Record<string, string>;
  /** The whole parsed body (the envelope, where responses have one). */
  body: unknown;
  /** The envelope's request identifier, when there is one. */
  rid: string | undefined;
  /** How many attempts the call took (1 without retries). */
  attempts: number;
}

/**
 * The promise every method returns: it resolves to the payload, and `.withResponse()` gives the
 * whole {@link ApiResult} (status, headers, envelope, rid) of the same single call.
 */
export class ApiPromise<T> extends Promise<T> {
  #result: Promise<ApiResult<T>>;
  #data: Promise<T> | undefined;
  constructor(result: Promise<ApiResult<T>>) {
    super((resolve) => resolve(undefined as T));
    this.#result = result;
  }
  static override get [Symbol.species]() {
    return Promise;
  }
  /** The payload together with the response it came in. */
  withResponse(): Promise<ApiResult<T>> {
    return this.#result;
  }
  #payload(): Promise<T> {
    this.#data ??= this.#result.then((r) => r.data);
    return this.#data;
  }
  override then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#payload().then(onfulfilled, onrejected);
  }
  override catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.#payload().catch(onrejected);
  }
  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#payload().finally(onfinally);
  }
}

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

/**
 * A credential, or a function that gives it when a request needs it (sync or async): it is called
 * for every request that sends it, so it may return a token it has refreshed.
 */
export type Credential<T> = T | (() => T | Promise<T>);

/** HTTP basic credentials: `user:password`, or the two apart. */
export type BasicCredential = string | { username: string; password: string };

/**
 * OAuth 2.0 client credentials (RFC 6749, 4.4): the client asks the token endpoint for a token,
 * sends it as a bearer token, and asks for a new one shortly before it expires. One request is in
 * flight at a time, shared by concurrent calls; a failed one is not repeated until a call needs it.
 */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /** Scopes asked for; none: the authorization server's default. */
  scopes?: readonly string[];
  /** The token endpoint, where the document gives none or another; a relative one is read against `baseUrl`. */
  tokenUrl?: string;
  /** How the client proves itself to the token endpoint: HTTP basic (the default, RFC 6749 2.3.1), or `client_id` and `client_secret` in the form. */
  clientAuth?: 'basic' | 'body';
}

/** The credentials a client sends, by the document's security scheme names. */
export type Credentials = Record<string, Credential<BasicCredential> | ClientCredentials | undefined>;

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

/** Validators of one operation. */
export interface OperationValidators {
  params?: Validator;
  data?: Validator;
  /** The success envelope around the payload (its own fields: code, msg, rid, ...). */
  envelope?: Validator;
}

/** How a security scheme's credential travels: an API key's header, query parameter or cookie, or the `Authorization` header. */
export type SchemeSpec =
  | { kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string }
  | { kind: 'bearer' | 'basic' | 'openIdConnect' }
  | { kind: 'oauth2'; tokenUrl?: string };

/** The document's security, as the generated client gives it to the runtime. */
export interface AuthSpec {
  /** The schemes by name. */
  schemes: Readonly<Record<string, SchemeSpec>>;
  /** The requirement of the operations whose spec carries none. */
  security: SecurityRequirement;
  /** The scheme the `apiKey` option fills. */
  apiKey?: string;
  /** True when every operation needs a credential: the client is not made without one. */
  required?: boolean;
  /** The client-credentials token request ({@link requestToken}), carried where an OAuth 2.0 scheme may use it. */
  requestToken?: typeof requestToken;
}

const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_RETRY_WAIT_MS = 60_000;
const DEFAULT_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
/** Even a `Retry-After` of 0, or one in the past, waits this long: a failing API is not hammered. */
const MIN_RETRY_WAIT_MS = 100;
/** The longest `retryAfter` shown (one day): beyond it a value is noise, and past 2^31 ms timers fire at once. */
const MAX_RETRY_AFTER_S = 86_400;
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];
const REDACTED = '[redacted]';

/** The request engine that the generated methods call. */
export class Core {
  readonly #options: CoreOptions;
  readonly #auth: AuthSpec;
  readonly #origin: string;
  /** The credentials given, by scheme name. */
  readonly #given: Map<string, Credential<BasicCredential> | ClientCredentials>;
  readonly #secrets: Secrets;
  readonly #tokens = new Map<string, TokenState>();
  constructor(options: CoreOptions | Omit<CoreOptions, 'apiKey'> | Omit<CoreOptions, 'apiKey' | 'auth'>, auth: AuthSpec) {
    if (!options) throw new TypeError('options are required: baseUrl and the credentials');
    auth = currentAuth(auth);
    const given = givenCredentials(options as CoreOptions, auth);
    const base = typeof options.baseUrl === 'string' && /^https?:\/\//i.test(options.baseUrl) ? safeUrl(options.baseUrl) : undefined;
    if (!base) throw new TypeError('baseUrl is required: an http(s) URL, the service base address');
    if (options.redirects !== undefined && options.redirects !== 'same-origin' && options.redirects !== 'follow-without-credential')
      throw new TypeError("redirects is 'same-origin' or 'follow-without-credential'");
    if (options.maxResponseBytes !== undefined && !(options.maxResponseBytes >= 0)) throw new TypeError('maxResponseBytes is a number of bytes, 0 or more');
    this.#options = options;
    this.#auth = auth;
    this.#origin = base.origin;
    this.#given = given;
    this.#secrets = new Secrets();
    // A key given is redacted wherever it shows, even where the document declares no credential.
    const apiKey = (options as CoreOptions).apiKey;
    if (typeof apiKey === 'string') this.#secrets.add(apiKey, true);
    for (const credential of given.values()) for (const secret of fixedSecrets(credential)) this.#secrets.add(secret, true);
  }

  /** Calls an operation: validates, sends, retries as allowed, decodes. */
  request<T>(spec: OperationSpec, input: Record<string, unknown> | undefined, validators: OperationValidators, options: RequestOptions = {}): ApiPromise<T> {
    return new ApiPromise<T>(this.#run<T>(spec, input ?? {}, validators, options));
  }

  /** `text` with every copy of the credential (as sent, re-cased, base64, percent-escaped) replaced by `[redacted]`. */
  redact(text: string): string {
    const pattern = this.#secrets.pattern();
    return pattern ? text.replace(pattern, REDACTED) : text;
  }

  async #run<T>(spec: OperationSpec, input: Record<string, unknown>, validators: OperationValidators, options: RequestOptions): Promise<ApiResult<T>> {
    const validate = options.validate ?? this.#options.validate ?? 'both';
    // The idempotency key is checked whatever `validate` says: it is the client's own header.
    const issues = [...(validate === 'both' || validate === 'request' ? paramIssues(input, validators) : []), ...idempotencyKeyIssues(spec, options)];
    if (issues.length > 0) throw new RequestValidationError(spec.operationId, issues);
    const idempotencyKey = spec.idempotency ? (options.idempotencyKey ?? globalThis.crypto.randomUUID()) : undefined;
    const maxRetries = Math.max(0, Math.floor(options.maxRetries ?? this.#options.maxRetries ?? DEFAULT_MAX_RETRIES));
    const timeoutMs = options.timeoutMs ?? this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const configuredWait = this.#options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
    const maxWaitMs = Number.isNaN(configuredWait) ? DEFAULT_MAX_RETRY_WAIT_MS : Math.max(MIN_RETRY_WAIT_MS, configuredWait);
    const askedBytes = options.maxResponseBytes ?? this.#options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const maxBytes = Number.isNaN(askedBytes) ? DEFAULT_MAX_RESPONSE_BYTES : askedBytes;
    const request = this.#build(spec, input, options, idempotencyKey);
    for (let attempt = 1; ; attempt++) {
      const retriesLeft = attempt <= maxRetries;
      let answer: Answer;
      try {
        // Credentials are had for each attempt: a token may expire during a wait before a retry.
        const credentials = await this.#credentials(spec, timeoutMs, options.signal);
        answer = await this.#exchange(spec, withCredentials(spec, request, credentials), { attempt, timeoutMs, maxBytes, signal: options.signal });
        if (answer.response.status === 401) this.#forgetTokens(credentials.schemes);
      } catch (error) {
        const retryable = error instanceof ConnectionError || error instanceof TimeoutError;
        if (!retryable || !retriesLeft || !spec.retryConnectionErrors) throw error;
        await sleep(clampWait(backoffMs(attempt), maxWaitMs), options.signal, spec.operationId);
        continue;
      }
      const { response, headers } = answer;
      if (response.ok) return this.#decode<T>(spec, answer, attempt, validate, validators, maxBytes, options.signal);
      const failure = await this.#failure(spec, answer, headers);
      if (!retriesLeft || !spec.retryStatuses.includes(response.status)) throw failure;
      const asked = failure instanceof RateLimitError ? failure.retryAfter : retryAfterSeconds(response.headers.get('retry-after'));
      if (asked !== undefined && asked * 1000 > maxWaitMs) throw failure;
      await sleep(clampWait(asked === undefined ? backoffMs(attempt) : asked * 1000, maxWaitMs), options.signal, spec.operationId);
    }
  }

  /**
   * The credentials of the operation's first alternative whose credentials are all given (none
   * where it needs none), each had now: a function called, a client-credentials token reused or
   * asked for. Bounded by the attempt's time limit and the caller's signal.
   */
  async #credentials(spec: OperationSpec, timeoutMs: number, signal: AbortSignal | undefined): Promise<AppliedCredentials> {
    const applied: AppliedCredentials = { schemes: [], headers: [], query: [], cookies: [] };
    const requirements = spec.security ?? this.#auth.security;
    if ('unsatisfiable' in requirements)
      throw new CredentialError({
        operationId: spec.operationId,
        message: `${spec.operationId} cannot be called by this client: ${requirements.unsatisfiable}`,
      });
    if (requirements.length === 0) return applied;
    const chosen = requirements.find((alternative) => alternative.every((name) => this.#given.has(name)));
    if (!chosen)
      throw new CredentialError({ operationId: spec.operationId, message: `${spec.operationId} needs a credential: ${this.#describe(requirements)}` });
    for (const name of chosen) {
      const scheme = this.#auth.schemes[name] as SchemeSpec;
      const fail = (reason: string, more: { status?: number; cause?: unknown } = {}) =>
        new CredentialError({
          operationId: spec.operationId,
          scheme: name,
          message: this.redact(`${spec.operationId}: security scheme ${name}: ${reason}`),
          ...more,
        });
      // A token request keeps its own time limit (it may be another call's); a function is held to the attempt's.
      const limit = isClientCredentials(this.#given.get(name)) ? undefined : timeoutMs;
      const value = await bounded(this.#credential(name, scheme, fail, timeoutMs), {
        timeoutMs: limit,
        signal,
        operationId: spec.operationId,
        timedOut: () => fail(`no credential within ${timeoutMs} ms`),
      });
      this.#secrets.add(value, false);
      applied.schemes.push(name);
      if (scheme.kind === 'apiKey' && scheme.in === 'header') applied.headers.push([scheme.name, value, name]);
      else if (scheme.kind === 'apiKey' && scheme.in === 'query') applied.query.push([scheme.name, value]);
      else if (scheme.kind === 'apiKey') applied.cookies.push(`${scheme.name}=${encodeURIComponent(value)}`);
      // RFC 7617: the user-pass is UTF-8 (btoa alone would throw on characters past U+00FF).
      else if (scheme.kind === 'basic') applied.headers.push(['authorization', `Basic ${base64(new TextEncoder().encode(value))}`, name]);
      else applied.headers.push(['authorization', `Bearer ${value}`, name]);
    }
    return applied;
  }

  /** One scheme's credential as text (basic's as `user:password`). */
  async #credential(
    name: string,
    scheme: SchemeSpec,
    fail: (reason: string, more?: { status?: number; cause?: unknown }) => CredentialError,
    timeoutMs: number,
  ): Promise<string> {
    const given = this.#given.get(name);
    if (isClientCredentials(given)) return this.#token(name, scheme, given, fail, timeoutMs);
    let value: unknown;
    try {
      value = typeof given === 'function' ? await given() : given;
    } catch (error) {
      throw fail('its credential function failed', { cause: error });
    }
    if (isRecord(value) && typeof value['username'] === 'string' && typeof value['password'] === 'string') {
      this.#secrets.add(value['password'], false);
      value = `${value['username']}:${value['password']}`;
    }
    if (typeof value !== 'string' || value === '') throw fail(`its credential is ${typeof value === 'string' ? 'empty' : 'not text'}`);
    return value;
  }

  /** A client-credentials token: the one held while it is fresh, else the one request in flight, else a new request. */
  #token(
    name: string,
    scheme: SchemeSpec,
    given: ClientCredentials,
    fail: (reason: string, more?: { status?: number }) => CredentialError,
    timeoutMs: number,
  ): Promise<string> {
    const state = this.#tokens.get(name) ?? { token: undefined, refreshAt: 0, pending: undefined };
    this.#tokens.set(name, state);
    if (state.token !== undefined && Date.now() < state.refreshAt) return Promise.resolve(state.token);
    const tokenUrl = given.tokenUrl ?? (scheme.kind === 'oauth2' ? scheme.tokenUrl : undefined);
    const request = this.#auth.requestToken;
    if (!tokenUrl || !request) return Promise.reject(fail('no token URL: the document gives none, give clientCredentials.tokenUrl'));
    state.pending ??= request({
      tokenUrl: new URL(tokenUrl, this.#options.baseUrl).href,
      credentials: given,
      fetch: this.#options.fetch ?? globalThis.fetch,
      timeoutMs,
    })
      .then((outcome) => {
        if (!('token' in outcome)) return outcome;
        state.token = outcome.token;
        // Asked for again before it expires: half its life early, at most a minute.
        state.refreshAt =
          outcome.expiresIn === undefined ? Number.POSITIVE_INFINITY : Date.now() + outcome.expiresIn * 1000 - Math.min(60_000, (outcome.expiresIn * 1000) / 2);
        return outcome;
      })
      .finally(() => {
        state.pending = undefined;
      });
    return state.pending.then((outcome) => {
      if ('token' in outcome) return outcome.token;
      throw fail(`the token endpoint ${outcome.failure}`, outcome.status === undefined ? {} : { status: outcome.status });
    });
  }

  /** A 401 to a request that carried a client-credentials token: that token is asked for again by the next call. */
  #forgetTokens(schemes: readonly string[]): void {
    for (const name of schemes) {
      const state = this.#tokens.get(name);
      if (state) state.token = undefined;
    }
  }

  /** The alternatives of a requirement as the options that fill them: `auth.A (or apiKey)`, `auth.B with auth.C`. */
  #describe(requirements: readonly (readonly string[])[]): string {
    const option = (name: string) => `auth.${name}${name === this.#auth.apiKey ? ' (or apiKey)' : ''}`;
    return requirements.map((alternative) => alternative.map(option).join(' with ')).join(', or ');
  }

  #build(spec: OperationSpec, input: Record<string, unknown>, options: RequestOptions, idempotencyKey: string | undefined): BuiltRequest {
    const base = this.#options.baseUrl.replace(/\/+$/, '');
    const filled = fillPath(spec, input);
    // A query part the document writes into the path (`/alerts?lat={lat}&lon={lon}`) leads the query string.
    const at = filled.indexOf('?');
    const path = at < 0 ? filled : filled.slice(0, at);
    const templateQuery = at < 0 ? '' : filled.slice(at + 1);
    const query = new URLSearchParams();
    const headers: Record<string, string> = { accept: spec.accept ?? 'application/json', ...this.#options.headers };
    const cookies: string[] = [];
    let querystring = '';
    for (const field of spec.fields) {
      const value = input[field.name];
      if (value === undefined) continue;
      if (field.in === 'query') (field.append ?? formQuery)(query, field, value);
      else if (field.in === 'querystring') querystring = carried(spec, field.write, `a writer of ${wireName(field)}`)(field, value);
      else if (field.in === 'header') headers[wireName(field)] = styledText(field.explode ?? false, value, String, ',', '=');
      else if (field.in === 'cookie') {
        const pairs = carried(spec, field.write, `a writer of ${wireName(field)}`)(field, value);
        if (pairs !== '') cookies.push(pairs);
      }
    }
    for (const [name, value] of Object.entries(options.query ?? {})) query.append(name, String(value));
    if (cookies.length > 0) headers['cookie'] = cookies.join('; ');
    if (idempotencyKey !== undefined && spec.idempotency) headers[spec.idempotency.header] = idempotencyKey;
    Object.assign(headers, options.headers);
    deleteHeaders(headers, FRAMING_HEADERS);
    // A header fetch would refuse (the platform's own Headers judges: a name that is not a token, a
    // line break or a character past U+00FF in a value) fails here, before the attempts: fetch's
    // TypeError would read as a failed connection and be tried again. The value is never quoted: it
    // may be the credential.
    for (const [name, value] of Object.entries(headers)) {
      try {
        new Headers([[name, value]]);
      } catch {
        throw new RequestValidationError(spec.operationId, [{ path: ['headers', name], message: 'is not a valid HTTP header' }]);
      }
    }
    const { body, shown } = encodeBody(spec, input, headers);
    const search = [templateQuery, querystring, query.toString()].filter(Boolean).join('&');
    const callHeaders = Object.keys(options.headers ?? {}).map((name) => name.toLowerCase());
    return {
      url: `${base}${path}${search ? `?${search}` : ''}`,
      method: spec.method,
      headers,
      body,
      shownBody: shown,
      credentialed: true,
      callHeaders,
      leadingQuery: [templateQuery, querystring],
      query: query.toString(),
      credentialQuery: [],
    };
  }

  /** One attempt: the request and the redirects it follows, all within one time limit, to a response with its body read. */
  async #exchange(
    spec: OperationSpec,
    request: BuiltRequest,
    context: { attempt: number; timeoutMs: number; maxBytes: number; signal: AbortSignal | undefined },
  ): Promise<Answer> {
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
    const fetchImpl = this.#options.fetch ?? globalThis.fetch;
    // A failure of fetch or of reading the body, as the client's error for it.
    const network = async <R>(step: () => Promise<R>): Promise<R> => {
      try {
        return await step();
      } catch (error) {
        if (error instanceof ClientError) throw error;
        if (signal?.aborted) throw new AbortError(`${spec.operationId} was aborted`, spec.operationId);
        if (timedOut) throw new TimeoutError(spec.operationId, timeoutMs);
        throw new ConnectionError(`${spec.operationId}: connection failed: ${this.redact(describeCause(error))}`, spec.operationId);
      }
    };
    try {
      let hop = request;
      for (let hops = 0; ; hops++) {
        const shownUrl = this.redact(hop.url);
        await this.#options.onRequest?.({
          operationId: spec.operationId,
          method: hop.method,
          url: shownUrl,
          headers: this.#redactHeaders(hop.headers),
          body: this.#redactValue(hop.shownBody),
          attempt,
        });
        const started = Date.now();
        const init: RequestInit = { method: hop.method, headers: hop.headers, signal: controller.signal, redirect: 'manual' };
        if (hop.body !== undefined) init.body = hop.body;
        const response = await network(() => fetchImpl(hop.url, init));
        const next = this.#redirect(spec, response, hop, hops);
        const event = {
          operationId: spec.operationId,
          method: hop.method,
          url: shownUrl,
          status: response.status,
          headers: this.#redactHeaders(headersOf(response)),
          attempt,
        };
        if (next === undefined && response.ok && spec.dataKind === 'stream') {
          // Read as the caller iterates: the time limit was for the answer to start; the caller's signal still stops it.
          streaming = true;
          await this.#options.onResponse?.({ ...event, durationMs: Date.now() - started });
          return { response, read: response, headers: event.headers, controller };
        }
        if (next === undefined) {
          const bytes =
            response.status === 204 || response.status === 205 || response.status === 304
              ? null
              : await network(() => readCapped(response, maxBytes, spec.operationId, controller));
          await this.#options.onResponse?.({ ...event, durationMs: Date.now() - started });
          return { response, read: bodyReader(bytes, response), headers: event.headers };
        }
        await response.body?.cancel().catch(() => undefined);
        await this.#options.onResponse?.({ ...event, durationMs: Date.now() - started });
        hop = next;
      }
    } finally {
      clearTimeout(timer);
      if (!streaming) signal?.removeEventListener('abort', onAbort);
    }
  }

  /** The request a redirect leads to, or undefined when `response` is no redirect to follow; throws where it may not be followed. */
  #redirect(spec: OperationSpec, response: Response, hop: BuiltRequest, hops: number): BuiltRequest | undefined {
    const refuse = (status: number, targetOrigin: string | undefined, reason: string) =>
      new RedirectError({ operationId: spec.operationId, status, targetOrigin: targetOrigin === undefined ? undefined : this.redact(targetOrigin), reason });
    if (response.type === 'opaqueredirect')
      throw refuse(
        0,
        undefined,
        "the browser hides a redirect's target from scripts, so the client cannot check where it leads; set baseUrl to the address that answers",
      );
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.includes(response.status) || location === null) return undefined;
    const target = safeUrl(location, hop.url);
    const targetOrigin = target && `${target.protocol}//${target.host}`;
    if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:'))
      throw refuse(response.status, targetOrigin, 'its Location is no http(s) address');
    if (hops >= MAX_REDIRECTS) throw refuse(response.status, targetOrigin, `more than ${MAX_REDIRECTS} redirects`);
    const sameOrigin = target.origin === this.#origin;
    if (!sameOrigin && this.#options.redirects !== 'follow-without-credential')
      throw refuse(
        response.status,
        targetOrigin,
        "it leads to another origin than baseUrl's, where the credential is not sent (the redirects: 'follow-without-credential' option follows it without the credential)",
      );
    const status = response.status;
    const becomesGet = (status === 303 && hop.method !== 'GET' && hop.method !== 'HEAD') || ((status === 301 || status === 302) && hop.method === 'POST');
    const dropsBody = becomesGet || (!sameOrigin && status !== 307 && status !== 308);
    const headers = { ...hop.headers };
    if (dropsBody) deleteHeaders(headers, ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']);
    const credentialed = hop.credentialed && sameOrigin;
    const keys = Object.values(this.#auth.schemes).filter((scheme) => scheme.kind === 'apiKey');
    if (!credentialed) {
      deleteHeaders(headers, ['authorization', 'proxy-authorization', 'cookie', ...keys.filter((key) => key.in === 'header').map((key) => key.name)]);
      // A copy of the key the caller put in a header of their own stays home too.
      for (const [name, value] of Object.entries(headers)) if (this.redact(value) !== value) delete headers[name];
      for (const key of keys) if (key.in === 'query') target.searchParams.delete(key.name);
      if (this.redact(target.href) !== target.href) throw refuse(status, targetOrigin, 'its Location carries the credential to another origin');
    } else {
      for (const [name, value] of hop.credentialQuery) target.searchParams.set(name, value);
    }
    return {
      url: target.href,
      method: becomesGet ? 'GET' : hop.method,
      headers,
      body: dropsBody ? undefined : hop.body,
      shownBody: dropsBody ? undefined : hop.shownBody,
      credentialed,
      callHeaders: hop.callHeaders,
      leadingQuery: [],
      query: '',
      credentialQuery: credentialed ? hop.credentialQuery : [],
    };
  }

  async #decode<T>(
    spec: OperationSpec,
    answer: Answer,
    attempts: number,
    validate: ValidateMode,
    validators: OperationValidators,
    maxBytes: number,
    signal: AbortSignal | undefined,
  ): Promise<ApiResult<T>> {
    const { response, headers } = answer;
    if (spec.dataKind === 'stream') {
      const items = carried(
        spec,
        spec.readItems,
        'readItems',
      )({
        spec,
        response,
        validator: validate === 'both' || validate === 'response' ? validators.data : undefined,
        maxBytes,
        controller: answer.controller,
        signal,
        redact: (text) => this.redact(text),
      });
      return { data: items as T, status: response.status, headers, body: undefined, rid: undefined, attempts };
    }
    const body = await readBody(answer.read, spec.dataKind);
    let data = spec.envelopeData !== undefined && isRecord(body) ? body[spec.envelopeData] : body;
    // An answer to HEAD, and a 204, 205 or 304, has no body whatever the document says of it
    // (fetch gives none): there is nothing to check.
    const bodiless = spec.method === 'HEAD' || response.status === 204 || response.status === 205 || response.status === 304;
    const checksResponse = (validate === 'both' || validate === 'response') && !bodiless;
    if (checksResponse && validators.envelope) {
      // The envelope's own fields (a numeric rid, a missing object) are as wrong as the payload's.
      const result = validators.envelope.safeParse(body);
      if (!result.success) throw new ResponseValidationError(spec.operationId, response.status, result.error.issues.map(toIssue));
    }
    if (checksResponse && validators.data) {
      const result = validators.data.safeParse(data);
      // The validator's output: unknown fields kept (objects are loose), documented defaults filled in.
      if (result.success) data = result.data;
      else {
        const prefix = spec.envelopeData === undefined ? [] : [spec.envelopeData];
        throw new ResponseValidationError(
          spec.operationId,
          response.status,
          result.error.issues.map((i) => {
            const issue = toIssue(i);
            issue.path = [...prefix, ...issue.path];
            return issue;
          }),
        );
      }
    }
    const rid = isRecord(body) && typeof body['rid'] === 'string' ? body['rid'] : undefined;
    return { data: data as T, status: response.status, headers, body, rid, attempts };
  }

  async #failure(spec: OperationSpec, answer: Answer, headers: Record<string, string>): Promise<ApiError> {
    const { response } = answer;
    // A server that echoes the credential back (a 401 quoting the key) must not put it in the error.
    const text = await answer.read.text().catch(() => '');
    const body = this.#redactValue(parseBody(text));
    const init = { operationId: spec.operationId, status: response.status, body, headers };
    if (response.status !== 429) return new ApiError(init);
    const field = spec.retryAfterField && isRecord(body) ? body[spec.retryAfterField] : undefined;
    const fromBody = typeof field === 'number' ? clampRetryAfter(field) : undefined;
    return new RateLimitError({ ...init, retryAfter: retryAfterSeconds(response.headers.get('retry-after')) ?? fromBody });
  }

  /**
   * A copy of `value` with the credential redacted in every string (object keys too); other values
   * as they are. Iterative: JSON.parse takes a hostile body nested a million deep, and this must too.
   */
  #redactValue(value: unknown): unknown {
    const root: Record<string, unknown> = { value };
    const pending: [Record<string | number, unknown>, string | number][] = [[root, 'value']];
    for (let next = pending.pop(); next; next = pending.pop()) {
      const [holder, key] = next;
      const item = holder[key];
      if (typeof item === 'string') holder[key] = this.redact(item);
      else if (Array.isArray(item)) {
        const copy: unknown[] = [...item];
        holder[key] = copy;
        for (let i = 0; i < copy.length; i++) pending.push([copy as unknown as Record<number, unknown>, i]);
      } else if (isRecord(item) && Object.getPrototypeOf(item) === Object.prototype) {
        const copy = Object.fromEntries(Object.entries(item).map(([name, inner]) => [this.redact(name), inner]));
        holder[key] = copy;
        for (const name of Object.keys(copy)) pending.push([copy, name]);
      }
    }
    return root['value'];
  }

  #redactHeaders(headers: Record<string, string>): Record<string, string> {
    const shown: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) shown[name] = this.redact(value);
    return shown;
  }
}

/** The credentials of one attempt, by where they go. */
interface AppliedCredentials {
  /** The schemes sent. */
  schemes: string[];
  /** Header name, value, and the scheme it is of. */
  headers: [string, string, string][];
  query: [string, string][];
  cookies: string[];
}

/** A client-credentials token held, and the request for a new one while it is in flight. */
interface TokenState {
  token: string | undefined;
  /** When it is asked for again (ms since the epoch). */
  refreshAt: number;
  pending: Promise<TokenOutcome> | undefined;
}

/** What a token request gives: a token and its life in seconds, or why there is none. */
export type TokenOutcome = { token: string; expiresIn?: number } | { failure: string; status?: number };

/** A table of the shape clients generated before per-scheme credentials held (one scheme, or `none`), as today's. */
function currentAuth(auth: AuthSpec | SchemeSpec | { kind: 'none' }): AuthSpec {
  if ('schemes' in auth) return auth;
  if (auth.kind === 'none') return { schemes: {}, security: [] };
  return { schemes: { apiKey: auth }, security: [['apiKey']], apiKey: 'apiKey', required: true };
}

function isClientCredentials(value: unknown): value is ClientCredentials {
  return isRecord(value) && 'clientId' in value;
}

/** The credentials the options give, by scheme name (`apiKey` for its scheme); refuses what cannot be used. */
function givenCredentials(options: CoreOptions, auth: AuthSpec): Map<string, Credential<BasicCredential> | ClientCredentials> {
  const given = new Map<string, Credential<BasicCredential> | ClientCredentials>();
  const declared = Object.keys(auth.schemes);
  for (const [name, credential] of Object.entries(options.auth ?? {})) {
    if (credential === undefined) continue;
    const scheme = auth.schemes[name];
    if (!scheme || !Object.hasOwn(auth.schemes, name))
      throw new TypeError(`auth.${name}: the document declares no such security scheme${declared.length > 0 ? ` (it declares ${declared.join(', ')})` : ''}`);
    if (credential === '') throw new TypeError(`auth.${name} is empty`);
    if (isClientCredentials(credential)) {
      if (scheme.kind !== 'oauth2') throw new TypeError(`auth.${name}: client credentials are for an OAuth 2.0 scheme`);
      if (typeof credential.clientId !== 'string' || typeof credential.clientSecret !== 'string' || credential.clientId === '')
        throw new TypeError(`auth.${name}: clientId and clientSecret are text`);
      if (!credential.tokenUrl && !scheme.tokenUrl) throw new TypeError(`auth.${name}: the document gives no token URL: give clientCredentials' tokenUrl`);
    }
    given.set(name, credential);
  }
  const apiKey = options.apiKey;
  if (auth.apiKey && apiKey !== undefined && apiKey !== '' && !given.has(auth.apiKey)) given.set(auth.apiKey, apiKey);
  if (auth.required && given.size === 0) {
    const others = declared.filter((name) => name !== auth.apiKey).map((name) => `auth.${name}`);
    throw new TypeError(
      auth.apiKey ? `apiKey is required${others.length > 0 ? ` (or ${others.join(', ')})` : ''}` : `a credential is required: ${others.join(', or ')}`,
    );
  }
  return given;
}

/** The secrets a credential holds that are known now: a value, basic's password, a client secret. */
function fixedSecrets(credential: Credential<BasicCredential> | ClientCredentials): string[] {
  if (typeof credential === 'string') return [credential, ...(credential.includes(':') ? [credential.slice(credential.indexOf(':') + 1)] : [])];
  if (isClientCredentials(credential)) return [credential.clientSecret];
  if (isRecord(credential) && typeof credential.password === 'string') return [credential.password, `${String(credential.username)}:${credential.password}`];
  return [];
}

/**
 * The secrets the client has sent or holds, for {@link Core.redact}: those of the options for good,
 * and the latest of those had at call time (tokens, a function's values), as one pattern.
 */
class Secrets {
  static readonly #RECENT = 16;
  readonly #fixed = new Set<string>();
  #recent: string[] = [];
  #pattern: RegExp | undefined | null = null;
  add(secret: string, fixed: boolean): void {
    if (this.#fixed.has(secret) || this.#recent.includes(secret)) return;
    if (fixed) this.#fixed.add(secret);
    else this.#recent = [...this.#recent, secret].slice(-Secrets.#RECENT);
    this.#pattern = null;
  }
  pattern(): RegExp | undefined {
    if (this.#pattern === null) this.#pattern = secretPattern([...this.#fixed, ...this.#recent]);
    return this.#pattern;
  }
}

/** The request of one attempt: `request` with the credentials in their places (a call's own header of that name wins). */
function withCredentials(spec: OperationSpec, request: BuiltRequest, credentials: AppliedCredentials): BuiltRequest {
  if (credentials.schemes.length === 0) return request;
  const headers = { ...request.headers };
  for (const [name, value, scheme] of credentials.headers) {
    if (request.callHeaders.includes(name.toLowerCase())) continue;
    try {
      new Headers([[name, value]]);
    } catch {
      // As a header of the call would be: never quoted, not tried again.
      throw new RequestValidationError(spec.operationId, [
        { path: ['headers', name], message: `is not a valid HTTP header (the credential of security scheme ${scheme})` },
      ]);
    }
    deleteHeaders(headers, [name]);
    headers[name] = value;
  }
  if (credentials.cookies.length > 0 && !request.callHeaders.includes('cookie'))
    headers['cookie'] = [headers['cookie'], ...credentials.cookies].filter(Boolean).join('; ');
  let url = request.url;
  if (credentials.query.length > 0) {
    // In place of a same-named pair of the call's `query` option.
    const query = new URLSearchParams(request.query);
    for (const [name, value] of credentials.query) query.set(name, value);
    const search = [...request.leadingQuery, query.toString()].filter(Boolean).join('&');
    url = `${request.url.split('?')[0]}?${search}`;
  }
  return { ...request, url, headers, credentialQuery: credentials.query };
}

/** `promise`, or a rejection when the time limit (if any) passes (`timedOut()`) or `signal` aborts. */
function bounded<T>(
  promise: Promise<T>,
  limits: { timeoutMs: number | undefined; signal: AbortSignal | undefined; operationId: string; timedOut: () => Error },
): Promise<T> {
  const { timeoutMs, signal, operationId } = limits;
  if (signal?.aborted) return Promise.reject(new AbortError(`${operationId} was aborted`, operationId));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortError(`${operationId} was aborted`, operationId));
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => reject(limits.timedOut()), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    });
  });
}

/** The largest token endpoint answer read. */
const MAX_TOKEN_RESPONSE_BYTES = 64 * 1024;

/**
 * Asks an OAuth 2.0 token endpoint for a token by the client-credentials grant (RFC 6749, 4.4): one
 * POST, no retry, no redirect followed, within `timeoutMs`. Never throws: a failure is described
 * without the endpoint's body (which may quote a secret), only its status and RFC 6749 error code.
 */
export async function requestToken(init: { tokenUrl: string; credentials: ClientCredentials; fetch: typeof fetch; timeoutMs: number }): Promise<TokenOutcome> {
  const { credentials } = init;
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (credentials.scopes && credentials.scopes.length > 0) form.set('scope', credentials.scopes.join(' '));
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' };
  if (credentials.clientAuth === 'body') {
    form.set('client_id', credentials.clientId);
    form.set('client_secret', credentials.clientSecret);
  } else {
    const pair = `${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`;
    headers['authorization'] = `Basic ${base64(new TextEncoder().encode(pair))}`;
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), init.timeoutMs);
  try {
    const response = await init.fetch(init.tokenUrl, { method: 'POST', headers, body: form.toString(), redirect: 'manual', signal: controller.signal });
    const text = new TextDecoder().decode(await (await readCapped(response, MAX_TOKEN_RESPONSE_BYTES, 'token', controller)).arrayBuffer());
    const body = parseBody(text);
    const code = isRecord(body) && typeof body['error'] === 'string' && /^[\w.-]{1,64}$/.test(body['error']) ? ` (${body['error']})` : '';
    if (!response.ok) return { failure: `answered ${response.status}${code}`, status: response.status };
    if (!isRecord(body)) return { failure: `answered ${response.status} without a JSON object`, status: response.status };
    const token = body['access_token'];
    if (typeof token !== 'string' || token === '') return { failure: `answered ${response.status} without an access_token`, status: response.status };
    const type = body['token_type'];
    if (typeof type === 'string' && type.toLowerCase() !== 'bearer')
      return { failure: `answered a token of type ${/^[\w-]{1,32}$/.test(type) ? type : '(unreadable)'}, not Bearer`, status: response.status };
    const expiresIn = Number(body['expires_in']);
    return Number.isFinite(expiresIn) && expiresIn > 0 ? { token, expiresIn } : { token };
  } catch (error) {
    if (controller.signal.aborted && !(error instanceof ResponseTooLargeError)) return { failure: `did not answer within ${init.timeoutMs} ms` };
    if (error instanceof ResponseTooLargeError) return { failure: `answered more than ${MAX_TOKEN_RESPONSE_BYTES} bytes`, status: error.status };
    return { failure: 'could not be reached' };
  } finally {
    clearTimeout(timer);
  }
}

/** A final response, its body read, and its headers as shown (redacted). */
interface Answer {
  /** The response as fetch gave it: its status, which may lie outside 200-599, and its headers. */
  response: Response;
  /** The body to decode: as read under the size limit, or, streamed, `response` itself, read as it arrives. */
  read: Response;
  headers: Record<string, string>;
  /** For a streamed response, whose body is still unread: aborts the connection when the caller stops early. */
  controller?: AbortController;
}

interface BuiltRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  shownBody: unknown;
  /** Whether the request still carries the credential: once a redirect leaves the origin it does not again. */
  credentialed: boolean;
  /** The headers the call's own `headers` option sets (lower case): a credential does not replace them. */
  callHeaders: readonly string[];
  /** The query string's parts before the query parameters: a query written into the path, an `in: querystring` parameter's. */
  leadingQuery: readonly string[];
  /** The query parameters, as written after them. */
  query: string;
  /** The credentials sent in the query, set again on a redirect within the origin. */
  credentialQuery: readonly (readonly [string, string])[];
}

/** Reads a body as a stream, giving up (and closing the connection) as soon as it passes `limit` bytes. */
async function readCapped(response: Response, limit: number, operationId: string, controller: AbortController): Promise<Blob> {
  const tooLarge = (contentLength?: number) => {
    controller.abort();
    return new ResponseTooLargeError({ operationId, status: response.status, limit, ...(contentLength === undefined ? {} : { contentLength }) });
  };
  const declared = response.headers.get('content-length')?.trim();
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(Number(declared));
  }
  if (!response.body) return new Blob([await response.arrayBuffer()]);
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await readOrAbort(reader, controller.signal);
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new Blob(chunks);
}

/**
 * The next chunk of a body, or a rejection as soon as `signal` aborts: fetch's reader of a body it
 * decompresses may wait forever on bytes that are not that encoding, aborted or not.
 */
function readOrAbort<T>(reader: ReadableStreamDefaultReader<T>, signal: AbortSignal | undefined): Promise<ReadableStreamReadResult<T>> {
  if (!signal) return reader.read();
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void reader
      .read()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The bytes read, in a Response of their own only to be decoded (text as UTF-8, a Blob of the
 * response's media type). Not a copy of the response: its constructor refuses a status outside
 * 200-599 and header names that fetch still passes on from a server, so status and headers stay on
 * the response fetch gave.
 */
function bodyReader(bytes: Blob | null, response: Response): Response {
  const type = response.headers.get('content-type');
  try {
    return new Response(bytes, type === null ? {} : { headers: { 'content-type': type } });
  } catch {
    // A media type the constructor refuses: the bytes still decode, as a Blob without a type.
    return new Response(bytes);
  }
}

/**
 * Headers that frame the message, which fetch writes for the body it sends: it refuses a
 * Content-Length that is not the body's and any Transfer-Encoding or Connection (a failed
 * connection, to the caller), and a browser drops them. A document may name them as parameters
 * (test/fixtures-mock/framing-headers.test.ts): they are left to fetch.
 */
const FRAMING_HEADERS = ['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer', 'expect'];

/** Removes headers by name, whatever their case. */
function deleteHeaders(headers: Record<string, string>, names: readonly string[]): void {
  const lower = names.map((n) => n.toLowerCase());
  for (const name of Object.keys(headers)) if (lower.includes(name.toLowerCase())) delete headers[name];
}

function safeUrl(url: string, base?: string): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}

/** One pattern matching every form of each key ({@link secretForms}); undefined when none is long enough to look for. */
function secretPattern(keys: readonly string[]): RegExp | undefined {
  const alternatives = [...new Set(keys.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  if (alternatives.length === 0) return undefined;
  return new RegExp(alternatives.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
}

/**
 * Every form of the key a server might echo: as sent, in any letter case (the pattern ignores
 * case), percent-escaped (as a path, query, form or cookie escapes it), JSON-escaped, and base64 or
 * base64url at each of the three alignments inside a longer encoded text. Keys under 4 characters
 * are left alone: they would mangle ordinary text.
 */
function secretForms(key: string): string[] {
  if (key.length < 4) return [];
  const bytes = new TextEncoder().encode(key);
  const forms = new Set([key, encodeURIComponent(key), new URLSearchParams({ k: key }).toString().slice(2), JSON.stringify(key).slice(1, -1)]);
  const whole = base64(bytes);
  const encoded = [whole, whole.replace(/=+$/, '')];
  for (let offset = 0; offset < 3; offset++) {
    // Only the characters made of the key's bits alone, whatever precedes and follows it.
    const text = base64(new Uint8Array([...new Uint8Array(offset), ...bytes]));
    encoded.push(text.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6)));
  }
  for (const text of encoded) {
    forms.add(text);
    forms.add(text.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...forms].filter((f) => f.length >= 4);
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** What a spec must carry for the runtime to do its part (operations.ts gives it to the operations that need it). */
function carried<T>(spec: OperationSpec, value: T | undefined, what: string): T {
  if (value === undefined) throw new TypeError(`${spec.operationId}: its spec carries no ${what}`);
  return value;
}

function encodeBody(spec: OperationSpec, input: Record<string, unknown>, headers: Record<string, string>): { body: BodyInit | undefined; shown: unknown } {
  if (!spec.body) return { body: undefined, shown: undefined };
  let value: unknown;
  if (spec.body.flattened) {
    const fields = spec.fields.filter((f) => f.in === 'body-field' && input[f.name] !== undefined);
    if (fields.length === 0 && !spec.body.required) return { body: undefined, shown: undefined };
    value = Object.fromEntries(fields.map((f) => [wireName(f), input[f.name]]));
  } else {
    value = input['body'];
    if (value === undefined) return { body: undefined, shown: undefined };
  }
  // multipart's media type is fetch's to write, with the boundary it chooses.
  if (spec.body.kind !== 'multipart') headers['content-type'] = spec.body.contentType;
  if (spec.body.kind === 'json') return { body: JSON.stringify(value), shown: value };
  if (spec.body.kind === 'form' || spec.body.kind === 'multipart') return { body: carried(spec, spec.body.encode, 'body.encode')(value, spec), shown: value };
  if (spec.body.kind === 'text') return { body: String(value), shown: value };
  return { body: value as BodyInit, shown: '[binary]' };
}

/**
 * A form body (application/x-www-form-urlencoded): arrays as repeated keys, objects as JSON text,
 * null left out; a property the body's `encoding` gives a style or explode is written like a query
 * parameter of that style (its field's {@link FieldSpec.append}).
 */
export function formBody(value: unknown, spec: OperationSpec): string {
  const form = new URLSearchParams();
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
    const field = spec.body?.flattened ? spec.fields.find((f) => f.in === 'body-field' && wireName(f) === name) : undefined;
    if (field?.append && item !== null) field.append(form, field, item);
    else appendForm(form, name, item);
  }
  return form.toString();
}

/** A multipart body: files as files, objects as JSON text, arrays as repeated parts. */
export function multipartBody(value: unknown): FormData {
  const form = new FormData();
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
    for (const part of Array.isArray(item) ? item : [item]) {
      if (part instanceof Blob) form.append(name, part);
      else form.append(name, typeof part === 'object' && part !== null ? JSON.stringify(part) : String(part));
    }
  }
  return form;
}

/**
 * A 3.2 `in: querystring` value of media type application/x-www-form-urlencoded as the whole query
 * string: an object as a form (`a=1&b=2`), a string as it is.
 */
export function formQuerystring(_field: FieldSpec, value: unknown): string {
  if (typeof value === 'string') return value;
  const form = new URLSearchParams();
  if (isRecord(value)) for (const [name, item] of Object.entries(value)) appendForm(form, name, item);
  return form.toString();
}

/** A 3.2 `in: querystring` value of any other media type: its text (JSON for a JSON media type), escaped. */
export function textQuerystring(field: FieldSpec, value: unknown): string {
  const text = typeof value === 'string' && !/json/.test((field.contentType ?? '').toLowerCase()) ? value : JSON.stringify(value);
  return encodeURIComponent(text);
}

function appendForm(form: URLSearchParams, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) for (const item of value) appendForm(form, name, item);
  else form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/**
 * An array or object as OpenAPI's simple style writes it (`a,b`; `k,v,k,v`, or `k=v,k=v` when
 * exploded), each item passed through `text`; `separator` between items, `pair` between an exploded
 * object's key and value. A primitive: its text.
 */
function styledText(explode: boolean, value: unknown, text: (item: string) => string, separator: string, pair: string): string {
  if (Array.isArray(value)) return value.map((item) => text(itemText(item))).join(separator);
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return explode
      ? entries.map(([k, v]) => `${text(k)}${pair}${text(itemText(v))}`).join(separator)
      : entries.flatMap(([k, v]) => [text(k), text(itemText(v))]).join(',');
  }
  return text(String(value));
}

/**
 * A path parameter in style simple (the default): `a,b`; `k,v,k,v`, or `k=v,k=v` exploded. Each
 * value percent-escaped, so a delimiter within a value is not read as one.
 */
function simplePath(field: FieldSpec, value: unknown): string {
  return styledText(field.explode ?? false, value, encodeURIComponent, ',', '=');
}

/**
 * A path parameter in style label: `.a,b`, or `.a.b` exploded; `.k,v,k,v`, or `.k=v.k=v` exploded.
 * Each value percent-escaped, and its dots: `.` delimits exploded items (`%2E` reads back the same).
 */
export function labelPath(field: FieldSpec, value: unknown): string {
  const explode = field.explode ?? false;
  return `.${styledText(explode, value, (text) => encodeURIComponent(text).replace(/\./g, '%2E'), explode ? '.' : ',', '=')}`;
}

/**
 * A path parameter in style matrix: `;name=a,b`, or `;name=a;name=b` exploded; `;name=k,v,k,v`, or
 * `;k=v;k=v` exploded. Each value percent-escaped.
 */
export function matrixPath(field: FieldSpec, value: unknown): string {
  const name = encodeURIComponent(wireName(field));
  if (field.explode && Array.isArray(value)) return value.map((item) => `;${name}=${encodeURIComponent(String(item))}`).join('');
  if (field.explode && isRecord(value)) return `;${styledText(true, value, encodeURIComponent, ';', '=')}`;
  return `;${name}=${styledText(false, value, encodeURIComponent, ',', '=')}`;
}

/**
 * A cookie parameter, style form, as the `Cookie` header's pairs: `name=a,b` (`name=k,v,k,v` for an
 * object); exploded (the default), an array as the cookie repeated (`name=a; name=b`) and an
 * object's properties as cookies of their own (`k=v; k2=v2`). Each value percent-escaped.
 */
export function formCookie(field: FieldSpec, value: unknown): string {
  const explode = field.explode ?? true;
  if (explode && Array.isArray(value)) return value.map((item) => `${wireName(field)}=${encodeURIComponent(String(item))}`).join('; ');
  if (explode && isRecord(value))
    return Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
      .join('; ');
  return `${wireName(field)}=${styledText(false, value, encodeURIComponent, ',', '=')}`;
}

/**
 * A query parameter in style form (the default): exploded (the default), an array as the key
 * repeated and an object's properties as keys of their own; else `a,b` and `k,v,k,v`. A style this
 * runtime does not know is written as form, unexploded unless the document says.
 */
export function formQuery(query: URLSearchParams, field: FieldSpec, value: unknown): void {
  appendDelimited(query, field, value, field.explode ?? (field.style ?? 'form') === 'form', ',');
}

/** A query parameter in style spaceDelimited: an unexploded array as `a b`. */
export function spaceDelimitedQuery(query: URLSearchParams, field: FieldSpec, value: unknown): void {
  appendDelimited(query, field, value, field.explode ?? false, ' ');
}

/** A query parameter in style pipeDelimited: an unexploded array as `a|b`. */
export function pipeDelimitedQuery(query: URLSearchParams, field: FieldSpec, value: unknown): void {
  appendDelimited(query, field, value, field.explode ?? false, '|');
}

/** A query parameter in style deepObject: an object's properties as `name[k]=v`. */
export function deepObjectQuery(query: URLSearchParams, field: FieldSpec, value: unknown): void {
  // An array property as its items comma-joined (no style says; Pandascore's `range[id]=1,9` is so), an object as its JSON.
  if (isRecord(value))
    for (const [k, v] of Object.entries(value)) query.append(`${wireName(field)}[${k}]`, Array.isArray(v) ? v.map(itemText).join(',') : itemText(v));
  else appendDelimited(query, field, value, field.explode ?? false, ',');
}

/**
 * A query parameter as form writes it, an unexploded array's items joined with `separator`:
 * exploded, an array as the key repeated and an object's properties as keys of their own; else
 * `a<separator>b` and `k,v,k,v`.
 */
function appendDelimited(query: URLSearchParams, field: FieldSpec, value: unknown, explode: boolean, separator: string): void {
  if (Array.isArray(value)) {
    if (explode) for (const item of value) query.append(wireName(field), itemText(item));
    else query.append(wireName(field), value.map(itemText).join(separator));
  } else if (isRecord(value)) {
    if (explode) for (const [k, v] of Object.entries(value)) query.append(k, itemText(v));
    else
      query.append(
        wireName(field),
        Object.entries(value)
          .flatMap(([k, v]) => [k, itemText(v)])
          .join(','),
      );
  } else query.append(wireName(field), String(value));
}

/**
 * The path with its parameters written in. A segment that comes out as `.` or `..` (or an escape of
 * them, which URL parsers read alike) is a step of the path, not a name: fetch would request
 * another path (`/resourcegroups/./exportTemplate` is `/resourcegroups/exportTemplate`, and `..`
 * climbs), so such a value is refused before anything is sent.
 */
function fillPath(spec: OperationSpec, input: Record<string, unknown>): string {
  return spec.path
    .split('/')
    .map((segment) => {
      const names: string[] = [];
      const text = segment.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const field = spec.fields.find((f) => f.in === 'path' && wireName(f) === name);
        if (!field) return '';
        names.push(field.name);
        return (field.write ?? simplePath)(field, input[field.name]);
      });
      if (names.length > 0 && /^(?:\.|%2e){1,2}$/i.test(text)) {
        throw new RequestValidationError(spec.operationId, [
          { path: [names[0] as string], message: `makes the path segment "${text}", which a URL reads as a step of the path, not a name` },
        ]);
      }
      return text;
    })
    .join('/');
}

/**
 * An item of a styled array or object: its text, or its JSON where it is itself an array or object,
 * which no style of OpenAPI's writes (Mastodon's `timeline`, an array of objects, went out as
 * `[object Object]`).
 */
function itemText(item: unknown): string {
  return typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
}

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

/** Splits text into records at `separator` (JSON Lines: a newline; JSON text sequences: RS), blank ones skipped. */
function separatedFrames(separator: string): { push(text: string, done: boolean): string[]; pending(): number } {
  let buffer = '';
  return {
    push(text, done) {
      buffer += text;
      const parts = buffer.split(separator);
      buffer = done ? '' : (parts.pop() ?? '');
      return parts.map((p) => p.trim()).filter((p) => p !== '');
    },
    pending: () => buffer.length,
  };
}

/** One server-sent event: its `data` lines joined, and `event`, `id`, `retry` where it sets them (WHATWG HTML, "event stream interpretation"). */
interface ServerSentEvent {
  data: string;
  event?: string;
  id?: string;
  retry?: number;
}

function sseFrames(): { push(text: string, done: boolean): ServerSentEvent[]; pending(): number } {
  let buffer = '';
  let data: string[] = [];
  let event: Omit<ServerSentEvent, 'data'> = {};
  let started = false;
  const events: ServerSentEvent[] = [];
  const line = (text: string): void => {
    if (text === '') {
      if (started) events.push({ data: data.join('\n'), ...event });
      data = [];
      event = {};
      started = false;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') {
      data.push(value);
      started = true;
    } else if (field === 'event') event.event = value;
    else if (field === 'id' && !value.includes('\0')) event.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) event.retry = Number(value);
  };
  return {
    push(text, done) {
      buffer += text;
      // A trailing \r may be the first half of a \r\n: held until the next chunk says.
      const hold = !done && buffer.endsWith('\r') ? '\r' : '';
      const lines = (hold ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
      // The text after the last line end is an unfinished line: kept for the next chunk, dropped at the end.
      const rest = lines.pop() ?? '';
      buffer = done ? '' : rest + hold;
      // At the end, an event not closed by a blank line is dropped, as the standard says.
      for (const each of lines) line(each);
      return events.splice(0);
    },
    pending: () => buffer.length + data.reduce((n, d) => n + d.length, 0),
  };
}

async function readBody(response: Response, kind: OperationSpec['dataKind']): Promise<unknown> {
  if (kind === 'none') return undefined;
  if (kind === 'binary') return response.blob();
  const text = await response.text();
  if (kind === 'text') return text;
  return parseBody(text);
}

/** An error body: JSON where it parses, else the text; undefined when empty. */
function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function headersOf(response: Response): Record<string, string> {
  const result: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    result[name] = value;
  });
  return result;
}

/** `Retry-After` as seconds (an integer, or an HTTP date from now), held in range; undefined when absent or unreadable. */
function retryAfterSeconds(value: string | null): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  return clampRetryAfter(/^\d+$/.test(trimmed) ? Number(trimmed) : Math.ceil((Date.parse(trimmed) - Date.now()) / 1000));
}

/** A wait the API asked for, in seconds, held between 0 and a day: a past date or a negative field is 0. */
function clampRetryAfter(seconds: number): number | undefined {
  return Number.isNaN(seconds) ? undefined : Math.min(MAX_RETRY_AFTER_S, Math.max(0, seconds));
}

function clampWait(ms: number, maxMs: number): number {
  return Math.min(Math.max(ms, MIN_RETRY_WAIT_MS), maxMs);
}

/** Exponential backoff with jitter: about 0.5 s, 1 s, 2 s ... capped at 8 s. */
function backoffMs(attempt: number): number {
  const base = Math.min(8000, 500 * 2 ** (attempt - 1));
  return base * (0.75 + Math.random() * 0.25);
}

function sleep(ms: number, signal: AbortSignal | undefined, operationId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortError(`${operationId} was aborted`, operationId));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError(`${operationId} was aborted`, operationId));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** What the operation's input validator finds wrong with `input`. */
function paramIssues(input: Record<string, unknown>, validators: OperationValidators): ValidationIssue[] {
  const result = validators.params?.safeParse(input);
  return result && !result.success ? result.error.issues.map(toIssue) : [];
}

/** An idempotency key given by the caller must be a non-empty string within the document's limit. */
function idempotencyKeyIssues(spec: OperationSpec, options: RequestOptions): ValidationIssue[] {
  const key = options.idempotencyKey;
  const max = spec.idempotency?.maxLength;
  if (key === undefined || (typeof key === 'string' && key.length > 0 && (max === undefined || key.length <= max))) return [];
  return [{ path: ['idempotencyKey'], message: `must be a non-empty string of at most ${max ?? 'any'} characters` }];
}

function toIssue(issue: ValidatorIssue): ValidationIssue {
  return { path: issue.path.map((p) => (typeof p === 'number' ? p : String(p))), message: issue.message };
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const parts = [error instanceof Error ? error.message : String(error)];
  if (cause && typeof cause.code === 'string') parts.push(cause.code);
  else if (cause && typeof cause.message === 'string') parts.push(cause.message);
  return parts.join(': ');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
