/**
 * The client's runtime: errors, the request loop (retries, timeouts, idempotency keys, redirects),
 * wire encoding and response decoding. It depends on nothing but `fetch`, `AbortController`, `URL`,
 * `TextEncoder`, `TextDecoder`, `btoa` and `crypto.randomUUID`, so it runs in Node 20+, Deno, Bun,
 * workerd and browsers.
 *
 * This module names what the generated code and its users import; the code lives in rooms of
 * `runtime/`, each small and tested on its own:
 * - `errors.ts`: every error the client throws;
 * - `spec.ts`: what the generated code gives the runtime (operation descriptors, security, validators);
 * - `auth/`: credentials (`credentials.ts`), client-credentials tokens (`tokens.ts`), redaction (`redaction.ts`);
 * - `wire/`: parameters by style (`params.ts`), bodies (`bodies.ts`), the request (`request.ts`), responses read under a cap (`response.ts`);
 * - `streams/`: streamed responses, item by item, and server-sent events, resumed where they broke off;
 * - `core/`: the engine (`core.ts`): options, attempts (`exchange.ts`), redirects, retries, decoding;
 * - `paging/`: the pages of a paged operation (`paged-promise.ts`), the next one (`next-page.ts`), the `Link` header.
 *
 * Where the credential may go, and what the client holds:
 * - Redirects are followed by the client itself (`redirect: 'manual'`), at most 5 hops per attempt,
 *   with the credential only within `baseUrl`'s origin (core/redirects.ts).
 * - A response body is read as a stream and given up, with a {@link ResponseTooLargeError}, once it
 *   passes `maxResponseBytes` (default 50 MiB), or at once when its `Content-Length` says it would.
 *   A streamed response is read item by item as the caller iterates; there the limit holds for each
 *   item, and `timeoutMs` for the response's headers.
 * - Every wait before a retry is at least 100 ms and at most `maxRetryWaitMs`.
 * - Whatever the client shows (hooks, errors, the result's headers) has the credential replaced by
 *   `[redacted]`: as sent, re-cased, base64 or base64url encoded, percent-escaped.
 */
export type { BasicCredential, ClientCredentials, Credential, Credentials } from './runtime/auth/credentials.js';
export { requestToken, type TokenOutcome } from './runtime/auth/tokens.js';
export { Core } from './runtime/core/core.js';
export type { CoreOptions, RequestEvent, RequestOptions, ResponseEvent } from './runtime/core/options.js';
export { ApiPromise, type ApiResult } from './runtime/core/result.js';
export {
  AbortError,
  ApiError,
  ClientError,
  ConnectionError,
  CredentialError,
  PaginationError,
  RateLimitError,
  RedirectError,
  RequestValidationError,
  ResponseTooLargeError,
  ResponseValidationError,
  TimeoutError,
  type ValidationIssue,
} from './runtime/errors.js';
export {
  type ApiPage,
  type ApiPageItem,
  PagedPromise,
  type PagedRequestOptions,
  type PagingOptions,
  pagedRequest,
} from './runtime/paging/paged-promise.js';
export type {
  AuthSpec,
  FieldSpec,
  OperationSpec,
  OperationValidators,
  PagingSpec,
  SchemeSpec,
  SecurityRequirement,
  ValidateMode,
  Validator,
} from './runtime/spec.js';
export type { ServerSentEvent } from './runtime/streams/frames.js';
export { readStreamItems } from './runtime/streams/read-items.js';
export { readServerSentEvents } from './runtime/streams/server-sent-events.js';
export { formBody, formQuerystring, multipartBody, textQuerystring } from './runtime/wire/bodies.js';
export { deepObjectQuery, formCookie, formQuery, labelPath, matrixPath, pipeDelimitedQuery, spaceDelimitedQuery } from './runtime/wire/params.js';
