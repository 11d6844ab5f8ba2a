/**
 * The request engine the generated methods call: validates a call's input, builds its request,
 * sends it with the credentials each attempt has, retries what may be retried (bounded: attempts,
 * waits, each attempt's time), and decodes the answer.
 */
import { Authenticator, currentAuth, type AppliedCredentials } from '../auth/credentials.js';
import { Redactor } from '../auth/redaction.js';
import { ConnectionError, PaginationError, RateLimitError, RequestValidationError, TimeoutError } from '../errors.js';
import type { AuthSpec, OperationSpec, OperationValidators } from '../spec.js';
import { safeUrl } from '../values.js';
import { sleep } from '../waits.js';
import { type BuiltRequest, buildRequest, withCredentials, withoutQueryParams } from '../wire/request.js';
import { decode, failure, idempotencyKeyIssues, paramIssues } from './decode.js';
import { type Answer, type AttemptContext, exchange, type ExchangeClient } from './exchange.js';
import {
  type CoreOptions,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_WAIT_MS,
  DEFAULT_TIMEOUT_MS,
  type RequestOptions,
} from './options.js';
import { ApiPromise, type ApiResult } from './result.js';
import { backoffMs, clampWait, MIN_RETRY_WAIT_MS, retryAfterSeconds } from './retries.js';

/** The request engine that the generated methods call. */
export class Core {
  readonly #options: CoreOptions;
  readonly #redactor = new Redactor();
  readonly #authenticator: Authenticator;
  readonly #client: ExchangeClient;
  /** The `Link` header of each answer as sent, by its result's (shared) shown headers: a walk reads the next page there. */
  readonly #links = new WeakMap<object, string>();
  /** The query parameters a credential travels in (an `apiKey` scheme's `in: query`). */
  readonly #credentialQuery: readonly string[];
  constructor(options: CoreOptions | Omit<CoreOptions, 'apiKey'> | Omit<CoreOptions, 'apiKey' | 'auth'>, auth: AuthSpec) {
    if (!options) throw new TypeError('options are required: baseUrl and the credentials');
    auth = currentAuth(auth);
    this.#authenticator = new Authenticator(options as CoreOptions, auth, this.#redactor);
    const base = typeof options.baseUrl === 'string' && /^https?:\/\//i.test(options.baseUrl) ? safeUrl(options.baseUrl) : undefined;
    if (!base) throw new TypeError('baseUrl is required: an http(s) URL, the service base address');
    if (options.redirects !== undefined && options.redirects !== 'same-origin' && options.redirects !== 'follow-without-credential')
      throw new TypeError("redirects is 'same-origin' or 'follow-without-credential'");
    if (options.maxResponseBytes !== undefined && !(options.maxResponseBytes >= 0)) throw new TypeError('maxResponseBytes is a number of bytes, 0 or more');
    this.#options = options;
    this.#client = { options, origin: base.origin, redirects: options.redirects, schemes: auth.schemes, redactor: this.#redactor };
    this.#credentialQuery = Object.values(auth.schemes).flatMap((scheme) => (scheme.kind === 'apiKey' && scheme.in === 'query' ? [scheme.name] : []));
  }

  /**
   * Calls an operation: validates, sends, retries as allowed, decodes. `at`: the address of a page
   * the API pointed to (a `Link` header's, a payload's next link), asked for as it is in place of the
   * operation's path and query parameters; only within `baseUrl`'s origin.
   */
  request<T>(
    spec: OperationSpec,
    input: Record<string, unknown> | undefined,
    validators: OperationValidators,
    options: RequestOptions = {},
    at?: string,
  ): ApiPromise<T> {
    return new ApiPromise<T>(this.#run<T>(spec, input ?? {}, validators, options, at));
  }

  /** `text` with every copy of the credential (as sent, re-cased, base64, percent-escaped) replaced by `[redacted]`. */
  redact(text: string): string {
    return this.#redactor.redact(text);
  }

  /**
   * The `Link` header of a call's answer as the API sent it (`result.headers` shows it redacted where
   * it repeats a credential, and a redacted address cannot be asked for): what a page walk reads.
   */
  linkHeader(result: { headers: Record<string, string> }): string | undefined {
    return this.#links.get(result.headers);
  }

  /** A page's address without the credential's query parameters (an `apiKey` scheme's `in: query`): each request sets them again. */
  withoutCredentialQuery(address: string): string {
    const names = this.#credentialQuery;
    const at = address.indexOf('?');
    if (at < 0 || names.length === 0) return address;
    const hash = address.indexOf('#', at);
    const search = address.slice(at + 1, hash < 0 ? undefined : hash);
    const kept = withoutQueryParams(search, names);
    return `${address.slice(0, at)}${kept === '' ? '' : `?${kept}`}${hash < 0 ? '' : address.slice(hash)}`;
  }

  async #run<T>(
    spec: OperationSpec,
    input: Record<string, unknown>,
    validators: OperationValidators,
    options: RequestOptions,
    at?: string,
  ): Promise<ApiResult<T>> {
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
    const request = buildRequest(spec, input, options, idempotencyKey, this.#options, at === undefined ? undefined : this.#pageAddress(spec, at));
    // A 401 to a client-credentials token is met once with a fresh token, where the call may be repeated.
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const retriesLeft = attempt <= maxRetries;
      let answer: Answer;
      let credentials: AppliedCredentials;
      try {
        // Credentials are had for each attempt: a token may expire during a wait before a retry.
        credentials = await this.#authenticator.credentials(spec, timeoutMs, options.signal);
        answer = await exchange(this.#client, spec, withCredentials(spec, request, credentials), { attempt, timeoutMs, maxBytes, signal: options.signal });
      } catch (error) {
        const retryable = error instanceof ConnectionError || error instanceof TimeoutError;
        if (!retryable || !retriesLeft || !spec.retryConnectionErrors) throw error;
        await sleep(clampWait(backoffMs(attempt), maxWaitMs), options.signal, spec.operationId);
        continue;
      }
      const { response } = answer;
      if (response.status === 401 && this.#authenticator.rejected(credentials) && !refreshed && retriesLeft && spec.retryConnectionErrors) {
        // The API refused the token, so the request did nothing: repeated once, never a POST without an idempotency key.
        refreshed = true;
        continue;
      }
      if (response.ok) {
        const context = { attempts: attempt, validate, validators, maxBytes, signal: options.signal, redactor: this.#redactor };
        if (spec.dataKind !== 'stream') {
          const result = await decode<T>(spec, answer, context);
          const link = response.headers.get('link');
          if (link !== null && spec.paging?.style === 'link') this.#links.set(result.headers, link);
          return result;
        }
        // A stream waits at most timeoutMs for each chunk; an event stream that breaks off is resumed, as a failed attempt is retried.
        const resume = (lastEventId: string | undefined) =>
          this.#resume(spec, request, lastEventId, { attempt: ++attempt, timeoutMs, maxBytes, signal: options.signal });
        const stream = { idleMs: timeoutMs, reconnects: { max: maxRetries, maxWaitMs }, ...(spec.retryConnectionErrors ? { reconnect: resume } : {}) };
        return decode<T>(spec, answer, { ...context, stream });
      }
      const error = await failure(spec, answer, this.#redactor);
      if (!retriesLeft || !spec.retryStatuses.includes(response.status)) throw error;
      const asked = error instanceof RateLimitError ? error.retryAfter : retryAfterSeconds(response.headers.get('retry-after'));
      if (asked !== undefined && asked * 1000 > maxWaitMs) throw error;
      await sleep(clampWait(asked === undefined ? backoffMs(attempt) : asked * 1000, maxWaitMs), options.signal, spec.operationId);
    }
  }

  /** A page's address read against `baseUrl`: one on another origin is refused, as a redirect there is (the credential stays home). */
  #pageAddress(spec: OperationSpec, at: string): URL {
    const url = safeUrl(at, this.#options.baseUrl);
    if (url && (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === this.#client.origin) return url;
    const origin = url ? `${url.protocol}//${url.host}` : 'an address that cannot be read';
    throw new PaginationError(
      `${spec.operationId}: the next page's address leads to ${this.redact(origin)}, not baseUrl's origin, where the credential is not sent; the walk stops`,
      spec.operationId,
    );
  }

  /**
   * The request of a call sent again to resume its event stream, with `Last-Event-ID` where an
   * event gave an id: the answer, still unread, or the error of a failure.
   */
  async #resume(spec: OperationSpec, request: BuiltRequest, lastEventId: string | undefined, context: AttemptContext): Promise<Answer> {
    const credentials = await this.#authenticator.credentials(spec, context.timeoutMs, context.signal);
    const headers = { ...request.headers };
    // An id a header cannot carry (a character past U+00FF) is not sent: the server starts over; nor an
    // empty one, which an `id` field with no value leaves (WHATWG: no Last-Event-ID then).
    if (lastEventId !== undefined && lastEventId !== '' && isHeaderValue(lastEventId)) headers['last-event-id'] = lastEventId;
    const answer = await exchange(this.#client, spec, withCredentials(spec, { ...request, headers }, credentials), context);
    if (answer.response.status === 401) this.#authenticator.rejected(credentials);
    if (!answer.response.ok) throw await failure(spec, answer, this.#redactor);
    return answer;
  }
}

function isHeaderValue(value: string): boolean {
  try {
    new Headers([['last-event-id', value]]);
    return true;
  } catch {
    return false;
  }
}
