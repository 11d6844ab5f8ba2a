/// <reference types="node" />
/**
 * The mock server: every operation of a document on its method and path, answered from its fixtures
 * after the credential and the input are checked, with faults injected on request and every request
 * recorded. What it serves comes in a {@link MockApi} (`index.ts` passes the document's).
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { DEFAULT_RETRY_AFTER_SECONDS, type FixtureAnswer, isJsonType, wireAnswer, withRetryAfter } from '../fixtures/answers.js';
import { pageOf } from '../fixtures/pages.js';
import { faultSchedule, FAULT_KINDS, requestedFault, type MockFaultKind, type MockFaults } from './faults.js';
import { CONNECTION_LIMITS, limitedServer, lingerAfter } from './connections.js';
import { carriesAnyCredential, credentialHeaders, credentialNames, meetsRequirement, missingCredential, withoutCredentials } from './credentials.js';
import { bodyProblem, idempotencyProblem, inputProblem, validationProblem, type InputIssue, type InputProblem, type MockValidator } from './input-problems.js';
import { matchRoute } from './match.js';
import { carryMessage, refusalStatus, type RefusalKind } from './refusals.js';
import { headerValue, readForm, readInput, wireName, type MockAuth, type MockFailureShape, type MockRoute } from './wire.js';

export type { MockValidator } from './input-problems.js';

/** A response the mock sends: a fixture's `response` or one of its `errors` (served as `fixtures/answers.ts` says). */
export type MockResponse = FixtureAnswer;

/** What the mock serves for one operation (a fixture of `../fixtures/index.js` fits). */
export interface MockFixture {
  response: MockResponse;
  errors?: readonly MockResponse[];
}

/** What a mock serves: one document's operations, credential, failure body, fixtures and validators. */
export interface MockApi {
  routes: readonly MockRoute[];
  auth: MockAuth;
  failureShape: MockFailureShape;
  /** The fixture of each operation, by operationId. */
  fixtures: Readonly<Partial<Record<string, MockFixture>>>;
  /** The input validator of each operation, by operationId (as `operationSchemas` of `schemas.ts` holds them). */
  validators: Readonly<Partial<Record<string, { params?: MockValidator; errors?: Readonly<Partial<Record<string, MockValidator>>> }>>>;
}

/** Options of {@link serveMock}. */
export interface MockServerOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Address to listen on. Default `127.0.0.1`. */
  host?: string;
  /** Delay before every answer, in milliseconds. */
  latencyMs?: number;
  /** Server-wide fault injection (every N-th request, or a rate drawn from a fixed sequence). */
  faults?: MockFaults;
  /** Seconds sent in `Retry-After` (and the 429 body's wait field) of an injected 429. Default 1 (`DEFAULT_RETRY_AFTER_SECONDS` of `fixtures/answers.ts`). */
  retryAfterSeconds?: number;
  /** Fixtures that replace the generated ones, by operationId. */
  fixtures?: Partial<Record<string, MockFixture>>;
  /** Validate input with the generated zod validators (400 naming the field). Default true. */
  validate?: boolean;
  /**
   * The credentials the mock takes, by security scheme name (an API key, a token, basic's
   * `user:password`): another value of such a scheme is answered 401. A scheme not named takes any
   * non-empty value (the default: the mock checks presence).
   */
  credentials?: Readonly<Record<string, string>>;
  /** Called once per request when its answer is decided (for logging). */
  onRequest?(request: RecordedRequest): void;
  /**
   * Origins a browser page may call the mock from (CORS): `['*']` (the default) lets in any, since
   * the mock is local and offline; a list of origins (`http://localhost:5173`) only those; `[]` none.
   */
  corsOrigins?: readonly string[];
  /** Largest request body read, in bytes; a larger one is answered 413 as soon as it passes. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Requests kept in `requests` (the oldest are dropped first). Default 1000. */
  maxRecordedRequests?: number;
  /** Bytes of a body kept in a recorded request; a longer one is kept cut, as text. Default 16 KiB. */
  maxRecordedBodyBytes?: number;
  /** Time a client has to send a request's headers, in milliseconds. Default 10 s. */
  headersTimeoutMs?: number;
  /** Time a client has to send a whole request, in milliseconds. Default 30 s. */
  requestTimeoutMs?: number;
  /** How long an idle kept-alive connection stays open, in milliseconds. Default 5 s. */
  keepAliveTimeoutMs?: number;
  /** Connections open at once; more are closed as they arrive. Default 256. */
  maxConnections?: number;
}

/** A request as the mock received it. The credential's value is never kept: only whether it was present. */
export interface RecordedRequest {
  operationId?: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: IncomingHttpHeaders;
  /** True when the request carried the credentials its operation requires (one that needs none: true); before an operation is matched, any credential of the document. */
  apiKey: boolean;
  /** The parsed JSON body, the raw text of any other body, or undefined when empty or never read. */
  body: unknown;
  /** The body's size in bytes, when one was read. */
  bodyBytes?: number;
  /** True when the body was longer than `maxRecordedBodyBytes`: `body` is then its beginning, as text. */
  bodyTruncated?: boolean;
  /** The fault injected instead of the normal answer, if any. */
  fault?: MockFaultKind;
  /** Why the request was refused, naming each field and the rule it breaks (`invalid request: query.limit: must be <= 100`). */
  problem?: string;
  /** Status sent (undefined while pending, and for `timeout` and `reset`). */
  status?: number;
}

/** A running mock server. */
export interface MockServer {
  /** `http://127.0.0.1:<port>`: pass it as the client's `baseUrl`. */
  url: string;
  port: number;
  /** The requests received since start (or the last `reset()`), oldest first: the last `maxRecordedRequests`. */
  requests: RecordedRequest[];
  /** Stops listening and drops open connections (also ones held by a `timeout` fault). */
  close(): Promise<void>;
  /** Forgets recorded requests and restarts the fault schedule. */
  reset(): void;
}

/** The header a request uses to ask for a fault: `x-mock-fault: 429|503|500|timeout|reset`. */
export const FAULT_HEADER = 'x-mock-fault';

/** The defaults of {@link MockServerOptions}' limits. */
export const MOCK_LIMITS = {
  maxBodyBytes: 4 * 1024 * 1024,
  maxRecordedRequests: 1000,
  maxRecordedBodyBytes: 16 * 1024,
  ...CONNECTION_LIMITS,
} as const;

/** Starts a mock server for `api`: every operation on its method and path, answered from the fixtures. */
export async function serveMock(api: MockApi, options: MockServerOptions = {}): Promise<MockServer> {
  const { routes, auth, failureShape } = api;
  const host = options.host ?? '127.0.0.1';
  const retryAfter = options.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
  const served: Partial<Record<string, MockFixture>> = { ...api.fixtures, ...options.fixtures };
  const schedule = faultSchedule(options.faults);
  const limits = { ...MOCK_LIMITS, ...definedOnly(options) };
  const cors = corsPolicy(options.corsOrigins ?? ['*'], routes, auth);
  const requests: RecordedRequest[] = [];
  const remember = (record: RecordedRequest): void => {
    requests.push(record);
    if (requests.length > limits.maxRecordedRequests) requests.splice(0, requests.length - limits.maxRecordedRequests);
  };
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let rid = 0;

  const failure = (status: number, message: string, issues?: unknown): MockResponse => {
    const body: Record<string, unknown> = structuredClone(failureShape.template);
    if (failureShape.codeKey) body[failureShape.codeKey] = status;
    if (failureShape.messageKey) body[failureShape.messageKey] = message;
    if (failureShape.causeKey) body[failureShape.causeKey] = `answered by the podcast-gen mock server (${status})`;
    if (failureShape.detailsKey && issues !== undefined) body[failureShape.detailsKey] = { issues };
    if (failureShape.ridKey) body[failureShape.ridKey] = `req_mock_${String(++rid).padStart(6, '0')}`;
    return { status, headers: {}, body };
  };

  // A refusal as the operation declares it: the status it declares for that kind of refusal, that
  // response's media type, and the mock's own failure body where the declared schema takes it,
  // else the declared response's fixture with the message written where the schema has room.
  const refuse = (route: MockRoute, record: RecordedRequest, kind: RefusalKind, message: string, issues?: InputIssue[]): MockResponse => {
    record.problem = message;
    const { status, declared } = refusalStatus(route, kind);
    const own = failure(status, message, issues);
    const type = declared?.type;
    // A wildcard (`*/*`) takes the mock's JSON.
    if (!declared || !type || type.includes('*')) return own;
    const fixture = served[route.operationId]?.errors?.find((e) => e.status === declared.fixture);
    if (bodyKindOf(type) !== 'json') {
      if (type.toLowerCase().startsWith('text/')) return { status, headers: { 'content-type': type }, body: message };
      return { status, headers: withContentType(fixture?.headers ?? {}, type), body: fixture?.body };
    }
    const judge = api.validators[route.operationId]?.errors?.[declared.key];
    if (judge?.safeParse(own.body).success || !fixture) return { ...own, headers: { 'content-type': type } };
    return { status, headers: withContentType(fixture.headers, type), body: carryMessage(structuredClone(fixture.body), message, judge) };
  };

  const faultAnswer = (fault: '429' | '503' | '500', route: MockRoute): MockResponse => {
    const status = Number(fault);
    const declared = served[route.operationId]?.errors?.find((e) => e.status === status);
    if (fault !== '429') return declared ? structuredClone(declared) : failure(status, status === 503 ? 'service unavailable' : 'internal server error');
    return withRetryAfter(declared ? structuredClone(declared) : failure(429, 'rate limit exceeded'), retryAfter, route.retryAfterField);
  };

  // Everything decided from the headers (route, credential, declared size) is answered before the
  // body is read; the body is then read only up to maxBodyBytes.
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // The target is a path of this server: `//openapi` is read as a path, not as `//host`, another
    // server.
    const target = req.url ?? '/';
    const url = new URL(target.startsWith('/') ? `http://mock.invalid${target}` : target, 'http://mock.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    const origin = headerValue(req.headers, 'origin');
    if (method === 'OPTIONS' && origin !== undefined && headerValue(req.headers, 'access-control-request-method') !== undefined) {
      return send(
        req,
        res,
        cors.preflight(origin, url.pathname, headerValue(req.headers, 'access-control-request-headers')) ?? failure(403, `origin not allowed: ${origin}`),
      );
    }
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query: queryObject(auth, url.searchParams),
      headers: withoutCredentials(auth, req.headers),
      apiKey: carriesAnyCredential(auth, req.headers, url),
      body: undefined,
    };
    remember(record);
    const reply = (answer: MockResponse): void => {
      record.status = answer.status;
      options.onRequest?.(record);
      later(() => send(req, res, cors.answer(origin, answer)));
    };
    const carries = (name: string, value?: string) =>
      value === undefined ? url.searchParams.has(name) : headerValue(req.headers, name) === value || url.searchParams.getAll(name).includes(value);
    const contentType = headerValue(req.headers, 'content-type');
    const found = matchRoute(routes, method, url.pathname, carries, bodyKindOf(contentType));
    // HEAD is the GET without its body (RFC 9110 9.3.2), where the document declares no HEAD.
    const match =
      found && 'methodMismatch' in found && method === 'HEAD' && found.allowed.includes('GET')
        ? matchRoute(routes, 'GET', url.pathname, carries, bodyKindOf(contentType))
        : found;
    const refused = (status: number, message: string, headers: Record<string, string> = {}): void => {
      record.problem = message;
      reply({ ...failure(status, message), headers });
    };
    if (!match) return refused(404, `no operation at ${method} ${url.pathname}`);
    if ('methodMismatch' in match) {
      // RFC 9110 10.2.1 and 15.5.6: OPTIONS is answered, and a 405 says, with the methods the path takes.
      const allow = { Allow: match.allowed.join(', ') };
      if (method === 'OPTIONS') return reply({ status: 204, headers: allow, body: undefined });
      return refused(405, `${method} is not an operation of ${url.pathname}; it takes ${match.allowed.join(', ')}`, allow);
    }
    let route = match.route;
    record.operationId = route.operationId;
    // The credential first, as the API does: a test that forgot the key learns that, not a fault.
    record.apiKey = meetsRequirement(auth, route.operationId, req.headers, url, options.credentials);
    if (!record.apiKey) {
      const wrong = options.credentials !== undefined && meetsRequirement(auth, route.operationId, req.headers, url);
      return reply(refuse(route, record, 'credential', wrong ? 'the credential sent is not one this mock takes' : missingCredential(auth, route.operationId)));
    }
    const read = await readBody(req, limits.maxBodyBytes);
    if (read === 'closed') return;
    if (read === 'too-large') return reply(refuse(route, record, 'too-large', `request body over ${limits.maxBodyBytes} bytes`));
    const raw = read.toString('utf8');
    if (read.length > 0) {
      record.bodyBytes = read.length;
      if (read.length <= limits.maxRecordedBodyBytes) record.body = parseForRecord(raw);
      else
        Object.assign(record, {
          body: read
            .subarray(0, limits.maxRecordedBodyBytes)
            .toString('utf8')
            .replace(/\uFFFD$/, ''),
          bodyTruncated: true,
        });
    }
    const scheduled = schedule.next();
    const fault = requestedFault(headerValue(req.headers, FAULT_HEADER)) ?? scheduled;
    if (fault === 'invalid') return reply(failure(400, `unknown ${FAULT_HEADER} value; use one of ${FAULT_KINDS.join(', ')}`));
    if (fault) {
      record.fault = fault;
      if (fault === 'timeout' || fault === 'reset') options.onRequest?.(record);
      if (fault === 'timeout') return; // Never answered: the client gives up; close() drops the socket.
      if (fault === 'reset') return void (req.socket.resetAndDestroy?.() ?? req.socket.destroy());
      return reply(faultAnswer(fault, route));
    }
    const body = parseBody(raw, route);
    const problemOf = (candidate: MockRoute, params: Record<string, string>): InputProblem | undefined => {
      // Kept percent-escaped, as the path's own parameters are until they are read.
      for (const [key, name] of candidate.queryParameters ?? []) {
        const value = url.searchParams.get(key);
        if (value !== null) params[name] = encodeURIComponent(value);
      }
      // A body of another media type the operation declares than the one the client sends is not
      // read field by field.
      const judged = contentType === undefined || raw === '' || bodyKindOf(contentType) === candidate.bodyKind;
      const parsed = !judged ? undefined : candidate === match.route ? body : parseBody(raw, candidate);
      const unread = parsed === INVALID_JSON ? undefined : parsed;
      const media = bodyProblem(candidate, raw, contentType, unread);
      if (media?.kind === 'media-type') return media;
      if (parsed === INVALID_JSON) return inputProblem('malformed', [{ path: ['body'], message: 'must be valid JSON' }]);
      const idempotency = idempotencyProblem(candidate, req.headers);
      if (idempotency || options.validate === false) return idempotency;
      const input = readInput(
        candidate,
        { pathParams: params, query: url.searchParams, rawQuery: url.search.slice(1), headers: req.headers, body: unread },
        auth,
      );
      const invalid = validationProblem(
        candidate,
        api.validators[candidate.operationId]?.params,
        input,
        judged ? unreadBodyFields(candidate) : bodyFields(candidate),
      );
      if (!media || !invalid) return media ?? invalid;
      return inputProblem(media.kind === 'invalid' ? 'invalid' : invalid.kind, [...media.issues, ...invalid.issues]);
    };
    const problem = problemOf(route, match.pathParams);
    // Operations alike on the wire (`/verify` and `/verify#overload=person`, told apart by their
    // bodies alone): the first whose input the request holds.
    const other = problem ? match.alike.find((candidate) => problemOf(candidate.route, candidate.pathParams) === undefined) : undefined;
    if (other) route = other.route;
    else if (problem) {
      const refusal = refuse(route, record, problem.kind, problem.message, problem.issues);
      // RFC 9110 15.5.16: a 415 says which media types the operation takes.
      if (problem.kind === 'media-type') refusal.headers = { ...refusal.headers, Accept: (route.bodyTypes ?? []).join(', ') };
      return reply(refusal);
    }
    record.operationId = route.operationId;
    const fixture = served[route.operationId];
    reply(fixture ? pageOf(route.paging, structuredClone(fixture.response), url) : failure(501, `no fixture for ${route.operationId}`));
  };

  const later = (action: () => void): void => {
    if (!options.latencyMs || options.latencyMs <= 0) {
      action();
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, options.latencyMs);
    timers.add(timer);
  };

  const server = limitedServer(limits, (req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    requests,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
    reset() {
      requests.length = 0;
      schedule.reset();
      rid = 0;
    },
  };
}

const INVALID_JSON = Symbol('invalid JSON');

/** Headers with `type` as their only `Content-Type`, whatever the case it was written in. */
function withContentType(headers: Record<string, string>, type: string): Record<string, string> {
  return { ...Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type')), 'content-type': type };
}

/** The options that are set (an explicit `undefined` keeps the default). */
function definedOnly(options: MockServerOptions): Partial<Record<keyof typeof MOCK_LIMITS, number>> {
  return Object.fromEntries(
    Object.keys(MOCK_LIMITS).flatMap((key) => {
      const value = options[key as keyof typeof MOCK_LIMITS];
      return typeof value === 'number' ? [[key, value]] : [];
    }),
  );
}

/**
 * CORS for browser pages on other origins: which origins are let in, the preflight's answer, and
 * the headers added to every answer (Retry-After and the answer's own headers made readable).
 */
function corsPolicy(
  origins: readonly string[],
  routes: readonly MockRoute[],
  auth: MockAuth,
): {
  preflight(origin: string, path: string, requested: string | undefined): MockResponse | undefined;
  answer(origin: string | undefined, answer: MockResponse): MockResponse;
} {
  // The headers a browser page may send: the credential's, the operations' own, and the mock's.
  const sentHeaders = [
    ...new Set(
      [
        'content-type',
        'accept',
        FAULT_HEADER,
        ...credentialHeaders(auth).filter((name) => name !== 'cookie'),
        ...routes.flatMap((r) => [...(r.idempotency ? [r.idempotency.header] : []), ...r.fields.filter((f) => f.in === 'header').map(wireName)]),
      ].map((name) => name.toLowerCase()),
    ),
  ];
  const methods = [...new Set(routes.map((r) => r.method))];
  const any = origins.includes('*');
  const listed = new Set(origins.filter((o) => o !== '*').map((o) => new URL(o).origin));
  const allowed = (origin: string | undefined): origin is string => origin !== undefined && (any || listed.has(origin));
  const base = (origin: string): Record<string, string> => ({
    'Access-Control-Allow-Origin': origin,
    Vary: 'Origin',
    // A cookie credential travels only with credentials: 'include', which needs this.
    ...(credentialNames(auth, 'cookie').length > 0 ? { 'Access-Control-Allow-Credentials': 'true' } : {}),
  });
  return {
    preflight(origin, path, requested) {
      if (!allowed(origin)) return undefined;
      const served = methods.filter((m) => 'route' in (matchRoute(routes, m, path) ?? {}));
      const asked = (requested ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      return {
        status: 204,
        headers: {
          ...base(origin),
          'Access-Control-Allow-Methods': [...(served.length > 0 ? served : methods), 'OPTIONS'].join(', '),
          'Access-Control-Allow-Headers': [...new Set([...sentHeaders, ...asked])].join(', '),
          'Access-Control-Max-Age': '600',
        },
        body: null,
      };
    },
    answer(origin, answer) {
      if (!allowed(origin)) return answer;
      const exposed = [...new Set(['Retry-After', ...Object.keys(answer.headers)])].filter((h) => h.toLowerCase() !== 'content-type');
      return { ...answer, headers: { ...answer.headers, ...base(origin), 'Access-Control-Expose-Headers': exposed.join(', ') } };
    },
  };
}

/** How a request's body is read, by its media type (as a route's `bodyKind`); undefined without one. */
function bodyKindOf(contentType: string | undefined): MockRoute['bodyKind'] {
  if (contentType === undefined) return undefined;
  if (isJsonType(contentType)) return 'json';
  return contentType.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded' ? 'form' : 'other';
}

function parseBody(raw: string, route: MockRoute): unknown {
  // No body at all; a JSON body of `null` is null (a nullable request body).
  if (raw === '') return undefined;
  if (route.bodyKind === 'form') {
    // A form body typed as a string (the form's text itself) is that text.
    return route.fields.some((f) => f.in === 'body' && f.type === 'string') ? raw : readForm(route, raw);
  }
  if (route.bodyKind !== 'json') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return INVALID_JSON;
  }
}

/** The input fields of a body the mock does not read field by field (bytes, text): their values cannot be judged. */
function unreadBodyFields(route: MockRoute): ReadonlySet<string> | undefined {
  return route.bodyKind === 'other' ? bodyFields(route) : undefined;
}

function bodyFields(route: MockRoute): ReadonlySet<string> {
  return new Set(route.fields.filter((f) => f.in === 'body' || f.in === 'body-field').map((f) => f.name));
}

function queryObject(auth: MockAuth, params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  const credentialQuery = credentialNames(auth, 'query');
  for (const key of new Set(params.keys())) {
    if (credentialQuery.includes(key)) continue;
    const all = params.getAll(key);
    query[key] = all.length === 1 ? (all[0] as string) : all;
  }
  return query;
}

function parseForRecord(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * Reads a body of at most `maxBytes`: `too-large` at once when the declared length is over, else as
 * soon as more has arrived (the rest is left unread); `closed` when the client went away first.
 */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | 'too-large' | 'closed'> {
  if (Number(req.headers['content-length']) > maxBytes) return Promise.resolve('too-large');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (outcome: Buffer | 'too-large' | 'closed'): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      req.pause();
      done('too-large');
    };
    const onEnd = (): void => done(Buffer.concat(chunks));
    const onClose = (): void => done('closed');
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onClose);
  });
}

function send(req: IncomingMessage, res: ServerResponse, answer: MockResponse): void {
  if (res.destroyed) return;
  lingerAfter(req, res);
  const { status, headers, body } = wireAnswer(answer);
  if (body === undefined) return void res.writeHead(status, headers).end();
  if (typeof Blob !== 'undefined' && body instanceof Blob) {
    if (req.method === 'HEAD') headers['content-length'] = String(body.size);
    res.writeHead(status, headers);
    void body.arrayBuffer().then((bytes) => res.end(Buffer.from(bytes)));
    return;
  }
  const data =
    typeof body === 'string' ? body : ArrayBuffer.isView(body) ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : Buffer.from(body as ArrayBuffer);
  // Node sends no body to a HEAD; the length is the one the GET's body has (RFC 9110 9.3.2).
  if (req.method === 'HEAD') headers['content-length'] = String(Buffer.byteLength(data));
  res.writeHead(status, headers).end(data);
}
