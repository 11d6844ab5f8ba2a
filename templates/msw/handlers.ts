/**
 * The Mock Service Worker handlers' code, the same for every document: an operation's handler
 * answers its fixture (a paged operation's page by page), or what an override says, served as the
 * mock server serves them (`fixtures/answers.ts`, `fixtures/pages.ts`). Written with the API msw 2
 * and msw 3 share (`http`, `HttpResponse`), so it runs in Node (`msw/node`) and in the browser
 * (`msw/browser`).
 */
import { http, HttpResponse, type HttpHandler, type HttpResponseResolver } from 'msw';
import { DEFAULT_RETRY_AFTER_SECONDS, type FixtureAnswer, wireAnswer, withRetryAfter } from '../fixtures/answers.js';
import { type FixturePaging, pageOf } from '../fixtures/pages.js';

export { DEFAULT_RETRY_AFTER_SECONDS };

/** An answer as a fixture holds it (the fixtures' `FixtureResponse`): header values are strings; `body` null is none. */
export type MswAnswer = FixtureAnswer;

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
  /** How a paged operation's fixture list is served page by page, as the mock serves it. */
  paging?: FixturePaging;
}

/** How many calls an override answers before it steps aside for the next handler (the fixture's); all when absent. */
interface Times {
  times?: number;
}

/**
 * How an operation's handler answers instead of its fixture:
 * - `{ data }`: this payload, in the fixture's envelope (the success body itself where there is none);
 *   a paged operation's list is served page by page, as its fixture's is;
 * - `{ response }`: this answer; the fields given replace the fixture's `status`, `headers` and `body`
 *   (a list paged likewise);
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

/** The handler of one operation: its fixture, or `override`, on `baseUrl` joined with the route's path. */
export function operationHandler(options: {
  route: MswRoute;
  fixture: MswFixture | undefined;
  override: MswOverride<unknown, number> | undefined;
  baseUrl: string;
}): HttpHandler {
  const { route, fixture, override, baseUrl } = options;
  // A success answer (the fixture's, or one an override gives by value) comes page by page where the
  // operation is paged, as the mock serves it; a declared status's as it is.
  const paging = override === undefined || !('status' in override && override.status !== undefined) ? route.paging : undefined;
  const resolver = typeof override === 'function' ? override : answering(answerOf(route, fixture, override), override?.times, paging);
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
  return status === 429 ? withRetryAfter(answer, retryAfter, route.retryAfterField) : answer;
}

/** An operation no fixture value fits (the generator warned): 501, as the mock answers it. */
function notImplemented(route: MswRoute): MswAnswer {
  return {
    status: 501,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    body: `${route.operationId} has no fixture: no value fits its success response`,
  };
}

/**
 * A resolver that answers `answer` (a fresh response each time), its first `times` calls when given;
 * with `paging`, the page the request's query asks for.
 */
function answering(answer: MswAnswer, times: number | undefined, paging?: FixturePaging): HttpResponseResolver {
  let answered = 0;
  return ({ request }) => {
    if (times !== undefined && answered >= times) return undefined;
    answered++;
    return responseOf(paging ? pageOf(paging, structuredClone(answer), new URL(request.url)) : answer);
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

/** The response of an answer, as the mock server sends a fixture (`wireAnswer` of `fixtures/answers.ts`). */
export function responseOf(answer: MswAnswer): Response {
  const { status, headers, body } = wireAnswer(answer);
  if (body === undefined || typeof body === 'string') return new HttpResponse(body ?? null, { status, headers });
  return new Response(body as BodyInit, { status, headers });
}
