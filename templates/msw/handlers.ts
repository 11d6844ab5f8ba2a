/**
 * The Mock Service Worker handlers' code, the same for every document: an operation's handler
 * answers its fixture, or what an override says. Written with the API msw 2 and msw 3 share
 * (`http`, `HttpResponse`), so it runs in Node (`msw/node`) and in the browser (`msw/browser`).
 */
import { http, HttpResponse, type HttpHandler, type HttpResponseResolver } from 'msw';

/** An answer as a fixture holds it (the fixtures' `FixtureResponse`): header values are strings; `body` null is none. */
export interface MswAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** What the handlers read of an operation's fixture: its success answer and one answer per declared error. */
export interface MswFixture {
  response: MswAnswer;
  errors: readonly MswAnswer[];
}

/** An operation as the handlers route it. */
export interface MswRoute {
  operationId: string;
  /** The method as sent (`GET`, `QUERY`, `COPY`). */
  method: string;
  /** The path in MSW's syntax (`/catalogs/:kind`), after the base address. */
  path: string;
  /** The envelope's property that holds the payload, where the success body is the envelope. */
  dataProperty?: string;
  /** The 429 body's field that carries the wait in seconds (`retry_after`). */
  retryAfterField?: string;
}

/** How many calls an override answers before it steps aside for the next handler (the fixture's); all when absent. */
interface Times {
  times?: number;
}

/**
 * How an operation's handler answers instead of its fixture:
 * - `{ data }`: this payload, in the fixture's envelope (the success body itself where there is none);
 * - `{ response }`: this answer; the fields given replace the fixture's `status`, `headers` and `body`;
 * - `{ status }`: the fixture of a status the operation declares (`429`, `503`, `500` for `default`),
 *   a 429 with `Retry-After: retryAfter` (seconds, default 1) and the same wait in its body;
 * - a resolver of MSW's own (`({ request, params }) => HttpResponse.json(...)`): what it returns;
 *   nothing passes the request on to the next handler.
 */
export type MswOverride<Data, Status extends number> =
  | (Times & { data: Data; response?: never; status?: never })
  | (Times & { response: Partial<MswAnswer>; data?: never; status?: never })
  | (Times & { status: Status; retryAfter?: number; data?: never; response?: never })
  | HttpResponseResolver;

/** Options every handler takes. */
export interface MswHandlerOptions {
  /** The base address the handler answers on: an absolute URL, a path, or `*` for any origin. */
  baseUrl?: string;
}

/** The wait an overriding 429 asks for, in seconds, unless `retryAfter` says: short, so tests stay fast (the mock's too). */
export const DEFAULT_RETRY_AFTER_SECONDS = 1;

/** The handler of one operation: its fixture, or `override`, on `baseUrl` joined with the route's path. */
export function operationHandler(options: {
  route: MswRoute;
  fixture: MswFixture | undefined;
  override: MswOverride<unknown, number> | undefined;
  baseUrl: string;
}): HttpHandler {
  const { route, fixture, override, baseUrl } = options;
  const resolver = typeof override === 'function' ? override : answering(answerOf(route, fixture, override), override?.times);
  return handlerFor(route.method, `${baseUrl.replace(/\/+$/, '')}${route.path}`, resolver);
}

/**
 * Every operation's handler, in the order given (MSW answers with the first that matches), each
 * operation's override just before it: the override answers first and, with `times` or a resolver
 * that returns nothing, gives way to the fixture.
 */
export function handlersOf<Id extends string>(
  factories: readonly (readonly [Id, (override?: never, options?: MswHandlerOptions) => HttpHandler])[],
  overrides: Partial<Record<Id, unknown>>,
  options: MswHandlerOptions,
): HttpHandler[] {
  // Each override is its own operation's (the generated `overrides` type holds them so).
  return factories.flatMap(([id, factory]) => [
    ...(overrides[id] === undefined ? [] : [factory(overrides[id] as never, options)]),
    factory(undefined, options),
  ]);
}

/** What a handler answers without a resolver: the fixture's answer, or the override's. */
function answerOf(
  route: MswRoute,
  fixture: MswFixture | undefined,
  override: Exclude<MswOverride<unknown, number>, HttpResponseResolver> | undefined,
): MswAnswer {
  const success = fixture?.response ?? { status: 200, headers: {}, body: null };
  if (override === undefined) return fixture ? success : notImplemented(route);
  if ('status' in override && override.status !== undefined)
    return declared(route, fixture, override.status, override.retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS);
  if ('response' in override && override.response !== undefined) return { ...success, ...override.response };
  return { ...success, body: withData(route, success.body, override.data) };
}

/** The payload in the envelope around it, or the payload as the body. */
function withData(route: MswRoute, body: unknown, data: unknown): unknown {
  const envelope = route.dataProperty !== undefined && body !== null && typeof body === 'object' && !Array.isArray(body);
  return envelope ? { ...body, [route.dataProperty as string]: data } : data;
}

/** The fixture of a declared status; a 429's wait in its header and its body's field. */
function declared(route: MswRoute, fixture: MswFixture | undefined, status: number, retryAfter: number): MswAnswer {
  const answer = fixture?.errors.find((error) => error.status === status);
  if (!answer) {
    const statuses = fixture?.errors.map((error) => error.status).join(', ') || 'none';
    throw new Error(`${route.operationId}: no fixture of status ${status} (the statuses with one: ${statuses})`);
  }
  if (status !== 429) return answer;
  const headers = { ...withoutHeader(answer.headers, 'retry-after'), 'Retry-After': String(retryAfter) };
  const body = answer.body;
  const field = route.retryAfterField;
  const withWait = field !== undefined && body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...body, [field]: retryAfter } : body;
  return { status, headers, body: withWait };
}

/** An operation no fixture value fits (the generator warned): 501, as the mock answers it. */
function notImplemented(route: MswRoute): MswAnswer {
  return {
    status: 501,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    body: `${route.operationId} has no fixture: no value fits its success response`,
  };
}

/** A resolver that answers `answer` (a fresh response each time), its first `times` calls when given. */
function answering(answer: MswAnswer, times: number | undefined): HttpResponseResolver {
  let answered = 0;
  return () => {
    if (times !== undefined && answered >= times) return undefined;
    answered++;
    return responseOf(answer);
  };
}

/** The handler of a method MSW names (`http.get`), else of any method, answering this one only (`QUERY`, `COPY`). */
function handlerFor(method: string, path: string, resolver: HttpResponseResolver): HttpHandler {
  const named = NAMED_METHODS[method];
  if (named) return named(path, resolver);
  return http.all(path, (info) => (info.request.method === method ? resolver(info) : undefined));
}

const NAMED_METHODS: Readonly<Record<string, typeof http.get | undefined>> = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
  HEAD: http.head,
  OPTIONS: http.options,
};

/**
 * Headers that frame the message, which the fetch answering it writes for the body it carries: a
 * document's example of them (a Content-Length that is not the body's) is never sent.
 */
const FRAMING_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'content-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
]);

/** Statuses whose answer has no body (fetch refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * The response of an answer, as the mock server sends a fixture: no body for null (but a JSON null
 * where the answer's `content-type` is JSON), a string as text unless its `content-type` is JSON,
 * anything else as JSON; `content-type` from the answer, else JSON's or text's.
 */
export function responseOf(answer: MswAnswer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) if (!FRAMING_HEADERS.has(name.toLowerCase())) headers.set(name, value);
  const init = { status: answer.status, headers };
  const type = headers.get('content-type') ?? undefined;
  const body = answer.body;
  if (NULL_BODY_STATUSES.has(answer.status) || body === undefined || (body === null && !isJson(type))) return new HttpResponse(null, init);
  if (body instanceof Blob || body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return new Response(body as BodyInit, init);
  const json = typeof body !== 'string' || isJson(type);
  if (type === undefined) headers.set('content-type', json ? 'application/json' : 'text/plain; charset=utf-8');
  return new HttpResponse(json ? JSON.stringify(body) : (body as string), init);
}

/** `application/json` and `application/*+json` (`application/problem+json`). */
function isJson(type: string | undefined): boolean {
  const essence = type?.split(';')[0]?.trim().toLowerCase() ?? '';
  return essence === 'application/json' || (essence.startsWith('application/') && essence.endsWith('+json'));
}

function withoutHeader(headers: Record<string, string>, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key.toLowerCase() !== name));
}
