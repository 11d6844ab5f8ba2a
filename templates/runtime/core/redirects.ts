/**
 * Redirects, followed by the client itself (`redirect: 'manual'`), at most 5 hops per attempt.
 * Within `baseUrl`'s origin they are followed with the credential; 303, and 301/302 after a POST,
 * become a GET without a body; 307/308 keep the method, the body and the idempotency key. A
 * redirect to another origin throws a {@link RedirectError} unless the client was made with
 * `redirects: 'follow-without-credential'`. In a browser, `redirect: 'manual'` hides every redirect
 * (an `opaqueredirect` answer with no status and no `Location`), so there any redirect throws.
 */
import type { Redactor } from '../auth/redaction.js';
import { RedirectError } from '../errors.js';
import type { AuthSpec, OperationSpec } from '../spec.js';
import { safeUrl } from '../values.js';
import { type BuiltRequest, deleteHeaders } from '../wire/request.js';
import type { CoreOptions } from './options.js';

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

/** What following a redirect needs of the client. */
export interface RedirectPolicy {
  /** `baseUrl`'s origin. */
  origin: string;
  redirects: CoreOptions['redirects'];
  schemes: AuthSpec['schemes'];
  redactor: Redactor;
}

/** The request a redirect leads to, or undefined when `response` is no redirect to follow; throws where it may not be followed. */
export function nextHop(policy: RedirectPolicy, spec: OperationSpec, response: Response, hop: BuiltRequest, hops: number): BuiltRequest | undefined {
  const redact = (text: string) => policy.redactor.redact(text);
  const refuse = (status: number, targetOrigin: string | undefined, reason: string) =>
    new RedirectError({ operationId: spec.operationId, status, targetOrigin: targetOrigin === undefined ? undefined : redact(targetOrigin), reason });
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
  const sameOrigin = target.origin === policy.origin;
  if (!sameOrigin && policy.redirects !== 'follow-without-credential')
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
  const keys = Object.values(policy.schemes).filter((scheme) => scheme.kind === 'apiKey');
  if (!credentialed) {
    deleteHeaders(headers, ['authorization', 'proxy-authorization', 'cookie', ...keys.filter((key) => key.in === 'header').map((key) => key.name)]);
    // A copy of the key the caller put in a header of their own stays home too.
    for (const [name, value] of Object.entries(headers)) if (redact(value) !== value) delete headers[name];
    for (const key of keys) if (key.in === 'query') target.searchParams.delete(key.name);
    if (redact(target.href) !== target.href) throw refuse(status, targetOrigin, 'its Location carries the credential to another origin');
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
