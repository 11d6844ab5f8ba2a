/**
 * A request as the engine sends it: built once per call from the operation's input (its path,
 * query, headers, cookies and body), then given each attempt's credentials.
 */
import type { AppliedCredentials } from '../auth/credentials.js';
import type { RequestOptions } from '../core/options.js';
import { RequestValidationError } from '../errors.js';
import { carried, type OperationSpec, wireName } from '../spec.js';
import { encodeBody } from './bodies.js';
import { fillPath, formQuery, styledText } from './params.js';

/** A request of one call (and of each redirect an attempt follows). */
export interface BuiltRequest {
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

/**
 * The request of a call, without credentials: `client` gives the base address and the headers of
 * every request. A header fetch would refuse fails here, before any attempt. The address of a
 * page the API pointed to (`page`), asked for as it is (its query included) instead of the operation's path
 * and query parameters; the input's headers and cookies still go.
 */
export function buildRequest(
  spec: OperationSpec,
  input: Record<string, unknown>,
  options: RequestOptions,
  idempotencyKey: string | undefined,
  client: { baseUrl: string; headers?: Record<string, string> | undefined },
  page?: URL,
): BuiltRequest {
  const base = client.baseUrl.replace(/\/+$/, '');
  const filled = fillPath(spec, input);
  // A query part the document writes into the path (`/alerts?lat={lat}&lon={lon}`) leads the query string.
  const at = filled.indexOf('?');
  const path = at < 0 ? filled : filled.slice(0, at);
  const templateQuery = at < 0 ? '' : filled.slice(at + 1);
  const query = new URLSearchParams();
  const headers: Record<string, string> = { accept: spec.accept ?? 'application/json', ...client.headers };
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
  const callHeaders = Object.keys(options.headers ?? {}).map((name) => name.toLowerCase());
  if (page)
    return {
      url: page.href,
      method: spec.method,
      headers,
      body,
      shownBody: shown,
      credentialed: true,
      callHeaders,
      leadingQuery: [page.search.slice(1)],
      query: '',
      credentialQuery: [],
    };
  const search = [templateQuery, querystring, query.toString()].filter(Boolean).join('&');
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

/** The request of one attempt: `request` with the credentials in their places (a call's own header of that name wins). */
export function withCredentials(spec: OperationSpec, request: BuiltRequest, credentials: AppliedCredentials): BuiltRequest {
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
    // In place of a same-named pair of the call's `query` option, or of a page address's (sent once: an API refuses a second).
    const names = credentials.query.map(([name]) => name);
    const query = new URLSearchParams(request.query);
    for (const [name, value] of credentials.query) query.set(name, value);
    const search = [...request.leadingQuery.map((part) => withoutQueryParams(part, names)), query.toString()].filter(Boolean).join('&');
    url = `${request.url.split('?')[0]}?${search}`;
  }
  return { ...request, url, headers, credentialQuery: credentials.query };
}

/**
 * Headers that frame the message, which fetch writes for the body it sends: it refuses a
 * Content-Length that is not the body's and any Transfer-Encoding or Connection (a failed
 * connection, to the caller), and a browser drops them. A document may name them as parameters
 * (test/fixtures-mock/framing-headers.test.ts): they are left to fetch.
 */
export const FRAMING_HEADERS = ['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer', 'expect'];

/** A query string (no `?`) without the pairs of `names`, the others as written. */
export function withoutQueryParams(search: string, names: readonly string[]): string {
  if (search === '' || names.length === 0) return search;
  return search
    .split('&')
    .filter((pair) => {
      const raw = pair.split('=')[0] as string;
      let name = raw;
      try {
        name = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {}
      return !names.includes(name);
    })
    .join('&');
}

/** Removes headers by name, whatever their case. */
export function deleteHeaders(headers: Record<string, string>, names: readonly string[]): void {
  const lower = names.map((n) => n.toLowerCase());
  for (const name of Object.keys(headers)) if (lower.includes(name.toLowerCase())) delete headers[name];
}
