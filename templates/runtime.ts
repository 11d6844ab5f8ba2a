/**
 * The client's runtime: errors, the request loop (retries, timeouts, idempotency keys), wire
 * encoding and response decoding. It depends on nothing but `fetch`, `AbortController` and
 * `crypto.randomUUID`, so it runs in Node 20+, Deno, Bun and browsers.
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
  in: 'path' | 'query' | 'header' | 'cookie' | 'body-field' | 'body';
  wireName: string;
  required: boolean;
  style?: string;
  explode?: boolean;
}

/** Everything the runtime needs to call one operation: generated from the document. */
export interface OperationSpec {
  operationId: string;
  methodName: string;
  method: string;
  path: string;
  fields: readonly FieldSpec[];
  body?: { contentType: string; kind: 'json' | 'form' | 'multipart' | 'text' | 'binary'; required: boolean; flattened: boolean };
  idempotency?: { header: string; maxLength?: number };
  /** The envelope's payload property, when responses are enveloped. */
  envelopeData?: string;
  dataKind: 'json' | 'text' | 'binary' | 'none';
  retryStatuses: readonly number[];
  retryConnectionErrors: boolean;
  /** The 429 body's field that carries the wait in seconds. */
  retryAfterField?: string;
  toolName: string;
  scopes: readonly string[];
}

/** Base of every error the client throws. */
export class ClientError extends Error {
  /** The operation that failed. */
  readonly operationId: string;
  constructor(message: string, operationId: string) {
    super(message);
    this.name = new.target.name;
    this.operationId = operationId;
  }
}

/** The API answered with a failure status. Carries the envelope's fields where there is one. */
export class ApiError extends ClientError {
  readonly status: number;
  readonly code: number | undefined;
  readonly msg: string | undefined;
  /** The API's cause text (the envelope's `cause`), not a chained error. */
  override readonly cause: string | undefined;
  readonly details: unknown;
  readonly rid: string | undefined;
  /** The parsed body (JSON), the text of a non-JSON body, or undefined when there is none. */
  readonly body: unknown;
  readonly headers: Record<string, string>;
  constructor(init: { operationId: string; status: number; body: unknown; headers: Record<string, string> }) {
    const envelope = isRecord(init.body) ? init.body : {};
    const code = typeof envelope.code === 'number' ? envelope.code : undefined;
    const msg = typeof envelope.msg === 'string' ? envelope.msg : undefined;
    const rid = typeof envelope.rid === 'string' ? envelope.rid : undefined;
    const fallback = typeof init.body === 'string' && init.body.trim() !== '' ? init.body.trim().slice(0, 200) : 'no message';
    const extras = [code === undefined ? '' : `code ${code}`, rid ? `rid ${rid}` : ''].filter(Boolean).join(', ');
    super(`${init.operationId} failed with HTTP ${init.status}: ${msg ?? fallback}${extras ? ` (${extras})` : ''}`, init.operationId);
    this.status = init.status;
    this.code = code;
    this.msg = msg;
    this.cause = typeof envelope.cause === 'string' ? envelope.cause : undefined;
    this.details = envelope.details;
    this.rid = rid;
    this.body = init.body;
    this.headers = init.headers;
  }
}

/** 429: the rate limit was exceeded. `retryAfter` is the wait the API asked for, in seconds. */
export class RateLimitError extends ApiError {
  readonly retryAfter: number | undefined;
  constructor(init: { operationId: string; status: number; body: unknown; headers: Record<string, string>; retryAfter: number | undefined }) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
}

/** The request never got an answer: DNS, refused or reset connection, TLS. */
export class ConnectionError extends ClientError {}

/** No answer within `timeoutMs` (on the last attempt). */
export class TimeoutError extends ClientError {
  readonly timeoutMs: number;
  constructor(operationId: string, timeoutMs: number) {
    super(`${operationId} timed out after ${timeoutMs} ms`, operationId);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's `signal` aborted the call. */
export class AbortError extends ClientError {}

/** The request breaks the document's rules; thrown before anything is sent. */
export class RequestValidationError extends ClientError {
  readonly issues: ValidationIssue[];
  constructor(operationId: string, issues: ValidationIssue[]) {
    super(`invalid request for ${operationId}: ${describeIssues(issues)}`, operationId);
    this.issues = issues;
  }
}

/** The API's answer does not match the document (a field of the wrong type, a missing one). */
export class ResponseValidationError extends ClientError {
  readonly issues: ValidationIssue[];
  readonly status: number;
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
  override then<A = T, B = never>(onfulfilled?: ((value: T) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    return this.#payload().then(onfulfilled, onrejected);
  }
  override catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.#payload().catch(onrejected);
  }
  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#payload().finally(onfinally);
  }
}

/** What the request hook sees. Credentials are shown as `[redacted]`. */
export interface RequestEvent {
  operationId: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  attempt: number;
}

/** What the response hook sees. */
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
  /** The API key (sent as the document's credential; never logged, never in an error). */
  apiKey: string;
  /** The service's base address; the operations' paths are appended to it. */
  baseUrl: string;
  /** A `fetch` to use instead of the global one (tests, proxies, instrumentation). */
  fetch?: typeof fetch;
  /** Retries after the first attempt, for retryable failures. Default 2. */
  maxRetries?: number;
  /** Time limit of each attempt, in milliseconds. Default 60 000. */
  timeoutMs?: number;
  /** The longest wait before a retry; a longer `Retry-After` is not slept: the error is thrown. Default 60 000. */
  maxRetryWaitMs?: number;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Which sides of a call to validate. Default `both`. */
  validate?: ValidateMode;
  /** Called before each attempt is sent. */
  onRequest?: (event: RequestEvent) => void | Promise<void>;
  /** Called after each attempt is answered. */
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

/** How the credential travels (from the document's security scheme). */
export type AuthSpec = { kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string } | { kind: 'bearer' } | { kind: 'basic' } | { kind: 'none' };

const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_RETRY_WAIT_MS = 60_000;
const REDACTED = '[redacted]';

/** The request engine that the generated methods call. */
export class Core {
  readonly #options: CoreOptions;
  readonly #auth: AuthSpec;
  constructor(options: CoreOptions, auth: AuthSpec) {
    if (!options || typeof options.apiKey !== 'string' || options.apiKey === '') throw new TypeError('apiKey is required');
    if (typeof options.baseUrl !== 'string' || !/^https?:\/\//i.test(options.baseUrl)) throw new TypeError('baseUrl is required: an http(s) URL, the service base address');
    this.#options = { ...options };
    this.#auth = auth;
  }

  /** Calls an operation: validates, sends, retries as allowed, decodes. */
  request<T>(spec: OperationSpec, input: Record<string, unknown> | undefined, validators: OperationValidators, options: RequestOptions = {}): ApiPromise<T> {
    return new ApiPromise<T>(this.#run<T>(spec, input ?? {}, validators, options));
  }

  async #run<T>(spec: OperationSpec, input: Record<string, unknown>, validators: OperationValidators, options: RequestOptions): Promise<ApiResult<T>> {
    const validate = options.validate ?? this.#options.validate ?? 'both';
    // The idempotency key is checked whatever `validate` says: it is the client's own header.
    const issues = [...(validate === 'both' || validate === 'request' ? paramIssues(input, validators) : []), ...idempotencyKeyIssues(spec, options)];
    if (issues.length > 0) throw new RequestValidationError(spec.operationId, issues);
    const idempotencyKey = spec.idempotency ? (options.idempotencyKey ?? globalThis.crypto.randomUUID()) : undefined;
    const maxRetries = Math.max(0, Math.floor(options.maxRetries ?? this.#options.maxRetries ?? DEFAULT_MAX_RETRIES));
    const timeoutMs = options.timeoutMs ?? this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxWaitMs = this.#options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
    const request = this.#build(spec, input, options, idempotencyKey);
    for (let attempt = 1; ; attempt++) {
      const retriesLeft = attempt <= maxRetries;
      let response: Response;
      const started = Date.now();
      await this.#options.onRequest?.({ operationId: spec.operationId, method: spec.method, url: this.#redactUrl(request.url), headers: this.#redactHeaders(request.headers), body: request.shownBody, attempt });
      try {
        response = await this.#send(spec, request, timeoutMs, options.signal);
      } catch (error) {
        if (error instanceof AbortError || !retriesLeft || !spec.retryConnectionErrors) throw error;
        await sleep(backoffMs(attempt), options.signal, spec.operationId);
        continue;
      }
      const headers = headersOf(response);
      await this.#options.onResponse?.({ operationId: spec.operationId, method: spec.method, url: this.#redactUrl(request.url), status: response.status, headers, attempt, durationMs: Date.now() - started });
      if (response.ok) return this.#decode<T>(spec, response, headers, attempt, validate, validators);
      const failure = await this.#failure(spec, response, headers);
      if (!retriesLeft || !spec.retryStatuses.includes(response.status)) throw failure;
      const wait = retryWaitMs(failure, attempt);
      if (wait > maxWaitMs) throw failure;
      await sleep(wait, options.signal, spec.operationId);
    }
  }

  #build(spec: OperationSpec, input: Record<string, unknown>, options: RequestOptions, idempotencyKey: string | undefined): BuiltRequest {
    const base = this.#options.baseUrl.replace(/\/+$/, '');
    const path = spec.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const field = spec.fields.find((f) => f.in === 'path' && f.wireName === name);
      return encodeURIComponent(String(field ? input[field.name] : ''));
    });
    const query = new URLSearchParams();
    const headers: Record<string, string> = { accept: 'application/json', ...this.#options.headers };
    const cookies: string[] = [];
    for (const field of spec.fields) {
      const value = input[field.name];
      if (value === undefined) continue;
      if (field.in === 'query') appendQuery(query, field, value);
      else if (field.in === 'header') headers[field.wireName] = Array.isArray(value) ? value.join(',') : String(value);
      else if (field.in === 'cookie') cookies.push(`${field.wireName}=${encodeURIComponent(String(value))}`);
    }
    for (const [name, value] of Object.entries(options.query ?? {})) query.append(name, String(value));
    if (this.#auth.kind === 'apiKey' && this.#auth.in === 'header') headers[this.#auth.name] = this.#options.apiKey;
    if (this.#auth.kind === 'apiKey' && this.#auth.in === 'query') query.set(this.#auth.name, this.#options.apiKey);
    if (this.#auth.kind === 'apiKey' && this.#auth.in === 'cookie') cookies.push(`${this.#auth.name}=${encodeURIComponent(this.#options.apiKey)}`);
    if (this.#auth.kind === 'bearer') headers.authorization = `Bearer ${this.#options.apiKey}`;
    if (this.#auth.kind === 'basic') headers.authorization = `Basic ${btoa(this.#options.apiKey)}`;
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
    if (idempotencyKey !== undefined && spec.idempotency) headers[spec.idempotency.header] = idempotencyKey;
    Object.assign(headers, options.headers);
    const { body, shown } = encodeBody(spec, input, headers);
    const search = query.toString();
    return { url: `${base}${path}${search ? `?${search}` : ''}`, method: spec.method, headers, body, shownBody: shown };
  }

  async #send(spec: OperationSpec, request: BuiltRequest, timeoutMs: number, signal: AbortSignal | undefined): Promise<Response> {
    if (signal?.aborted) throw new AbortError(`${spec.operationId} was aborted`, spec.operationId);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const fetchImpl = this.#options.fetch ?? globalThis.fetch;
    try {
      const init: RequestInit = { method: request.method, headers: request.headers, signal: controller.signal };
      if (request.body !== undefined) init.body = request.body;
      const response = await fetchImpl(request.url, init);
      // Read the body within the same time limit, so a server that stalls mid-body times out too.
      const buffered = new Response(response.status === 204 || response.status === 304 ? null : await response.arrayBuffer(), { status: response.status, statusText: response.statusText, headers: response.headers });
      return buffered;
    } catch (error) {
      if (signal?.aborted) throw new AbortError(`${spec.operationId} was aborted`, spec.operationId);
      if (timedOut) throw new TimeoutError(spec.operationId, timeoutMs);
      throw new ConnectionError(`${spec.operationId}: connection failed: ${this.#redact(describeCause(error))}`, spec.operationId);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async #decode<T>(spec: OperationSpec, response: Response, headers: Record<string, string>, attempts: number, validate: ValidateMode, validators: OperationValidators): Promise<ApiResult<T>> {
    const body = await readBody(response, spec.dataKind);
    let data = spec.envelopeData !== undefined && isRecord(body) ? body[spec.envelopeData] : body;
    const checksResponse = validate === 'both' || validate === 'response';
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
        throw new ResponseValidationError(spec.operationId, response.status, result.error.issues.map((i) => { const issue = toIssue(i); issue.path = [...prefix, ...issue.path]; return issue; }));
      }
    }
    const rid = isRecord(body) && typeof body.rid === 'string' ? body.rid : undefined;
    return { data: data as T, status: response.status, headers, body, rid, attempts };
  }

  async #failure(spec: OperationSpec, response: Response, headers: Record<string, string>): Promise<ApiError> {
    // A server that echoes the credential back (a 401 quoting the key) must not put it in the error.
    const text = await response.text().catch(() => '');
    const body = parseBody(this.#redact(text));
    const init = { operationId: spec.operationId, status: response.status, body, headers: this.#redactHeaders(headers) };
    if (response.status !== 429) return new ApiError(init);
    const fromBody = spec.retryAfterField && isRecord(body) && typeof body[spec.retryAfterField] === 'number' ? (body[spec.retryAfterField] as number) : undefined;
    return new RateLimitError({ ...init, retryAfter: retryAfterSeconds(headers) ?? fromBody });
  }

  #redact(text: string): string {
    const key = this.#options.apiKey;
    return key.length >= 4 ? text.split(key).join(REDACTED) : text;
  }

  #redactUrl(url: string): string {
    if (this.#auth.kind !== 'apiKey' || this.#auth.in !== 'query') return url;
    return this.#redact(url);
  }

  #redactHeaders(headers: Record<string, string>): Record<string, string> {
    const shown: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) shown[name] = this.#redact(value);
    return shown;
  }
}

interface BuiltRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  shownBody: unknown;
}

function encodeBody(spec: OperationSpec, input: Record<string, unknown>, headers: Record<string, string>): { body: BodyInit | undefined; shown: unknown } {
  if (!spec.body) return { body: undefined, shown: undefined };
  let value: unknown;
  if (spec.body.flattened) {
    const fields = spec.fields.filter((f) => f.in === 'body-field' && input[f.name] !== undefined);
    if (fields.length === 0 && !spec.body.required) return { body: undefined, shown: undefined };
    value = Object.fromEntries(fields.map((f) => [f.wireName, input[f.name]]));
  } else {
    value = input.body;
    if (value === undefined) return { body: undefined, shown: undefined };
  }
  if (spec.body.kind === 'json') {
    headers['content-type'] = spec.body.contentType;
    return { body: JSON.stringify(value), shown: value };
  }
  if (spec.body.kind === 'form') {
    headers['content-type'] = spec.body.contentType;
    const form = new URLSearchParams();
    for (const [name, item] of Object.entries(value as Record<string, unknown>)) appendForm(form, name, item);
    return { body: form.toString(), shown: value };
  }
  if (spec.body.kind === 'multipart') {
    const form = new FormData();
    for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
      for (const part of Array.isArray(item) ? item : [item]) {
        if (part instanceof Blob) form.append(name, part);
        else form.append(name, typeof part === 'object' && part !== null ? JSON.stringify(part) : String(part));
      }
    }
    return { body: form, shown: value };
  }
  headers['content-type'] = spec.body.contentType;
  if (spec.body.kind === 'text') return { body: String(value), shown: value };
  return { body: value as BodyInit, shown: '[binary]' };
}

function appendForm(form: URLSearchParams, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) for (const item of value) appendForm(form, name, item);
  else form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/** Query serialization per OpenAPI: form (explode by default), spaceDelimited, pipeDelimited, deepObject. */
function appendQuery(query: URLSearchParams, field: FieldSpec, value: unknown): void {
  const style = field.style ?? 'form';
  const explode = field.explode ?? style === 'form';
  if (Array.isArray(value)) {
    if (explode) for (const item of value) query.append(field.wireName, String(item));
    else query.append(field.wireName, value.map(String).join(style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ','));
    return;
  }
  if (isRecord(value)) {
    if (style === 'deepObject') for (const [k, v] of Object.entries(value)) query.append(`${field.wireName}[${k}]`, String(v));
    else if (explode) for (const [k, v] of Object.entries(value)) query.append(k, String(v));
    else query.append(field.wireName, Object.entries(value).flatMap(([k, v]) => [k, String(v)]).join(','));
    return;
  }
  query.append(field.wireName, String(value));
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

/** `Retry-After` as seconds: an integer, or an HTTP date from now. */
function retryAfterSeconds(headers: Record<string, string>): number | undefined {
  const value = headers['retry-after'];
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** How long to wait before retrying a failure: the API's `Retry-After` (header or body), else backoff. */
function retryWaitMs(failure: ApiError, attempt: number): number {
  if (failure instanceof RateLimitError && failure.retryAfter !== undefined) return failure.retryAfter * 1000;
  const header = retryAfterSeconds(failure.headers);
  return header === undefined ? backoffMs(attempt) : header * 1000;
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
