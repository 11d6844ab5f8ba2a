/**
 * What the generated code gives the runtime: each operation's wire descriptor (`operations.ts`),
 * the document's security (`client.ts`), and the validators (`schemas.ts`).
 */
import type { requestToken } from './auth/tokens.js';
import type { StreamReader } from './streams/chunks.js';

/** Which sides of a call are checked against the document's schemas. */
export type ValidateMode = 'both' | 'request' | 'response' | 'off';

/** A schema that judges a value (the generated zod validators fit). */
export interface Validator {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: readonly ValidatorIssue[] } };
}

/** One issue as a validator reports it. */
export interface ValidatorIssue {
  path: readonly PropertyKey[];
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
   * (`labelPath`, `matrixPath`), a cookie parameter's pairs (`formCookie`), the whole query string
   * of an `in: querystring` parameter (`formQuerystring`, `textQuerystring`). The spec carries it,
   * not the engine, so that a bundle carries a style's code only with an operation that uses it.
   */
  write?: (field: FieldSpec, value: unknown) => string;
  /**
   * Likewise, the writer that adds a query parameter of style spaceDelimited, pipeDelimited or
   * deepObject to the query (`spaceDelimitedQuery`, `pipeDelimitedQuery`, `deepObjectQuery`), or a
   * form body's property that the body's `encoding` gives a style or explode to the form (those and
   * `formQuery`).
   */
  append?: (query: URLSearchParams, field: FieldSpec, value: unknown) => void;
}

/** A field's name on the wire: its own name unless the spec gives another. */
export function wireName(field: Pick<FieldSpec, 'name' | 'wireName'>): string {
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
     * For a form or multipart body: its encoder (`formBody`, `multipartBody`), carried by the spec
     * so that a bundle carries it only with an operation that sends such a body.
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
   * For `dataKind: 'stream'`: the reader of its items (`readServerSentEvents` for events, 3.2's whole
   * events too; `readStreamItems` for JSON Lines and JSON text sequences). The spec carries it, not the engine, so that a bundle carries the stream reader
   * only with an operation that streams.
   */
  readItems?: StreamReader;
  /**
   * For server-sent events the document describes by the data's schema (any OpenAPI version): each
   * event's data read as JSON (`json`) and validated, or given as its text (`text`). Absent for 3.2's
   * `itemSchema`, which describes the whole event.
   */
  eventData?: 'json' | 'text';
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
  /** How its results come page by page, where they do (`pagedRequest` walks them). */
  paging?: PagingSpec;
}

/** A place in a payload: property names, and item indexes (`-1` the last). `[]` is the payload itself. */
export type PayloadPath = readonly (string | number)[];

/**
 * How an operation's results come page by page (the model's `pagination`): the page's list at
 * `items`; the next page asked for by the `Link` header (`link`), a cursor (`cursor`: `param` set
 * to the value at `nextCursor`), a page number (`page`), an offset (`offset`), or an address in the
 * payload (`url`, at `nextUrl`). Parameters are input fields by their names in the input object.
 */
export interface PagingSpec {
  style: 'link' | 'cursor' | 'page' | 'offset' | 'url';
  /** The list of a page: `[]` where the payload is the list, `['data']` where it is under `data`. */
  items: PayloadPath;
  /** The input field that asks for a page: the cursor's (`cursor`), the page number's (`page`), the offset's (`offset`); for `link`, the page number's where there is one. */
  param?: string;
  /** The input field of the page size (`per_page`, `limit`, `pageSize`), where there is one. */
  sizeParam?: string;
  /** `cursor`: where the next page's cursor is. */
  nextCursor?: PayloadPath;
  /** Whether there is a next page, where the payload says so (`has_more`). */
  hasMore?: PayloadPath;
  /** `url`: where the next page's address is. */
  nextUrl?: PayloadPath;
  /** `page`: how many pages there are, where the payload says so (`total_pages`). */
  totalPages?: PayloadPath;
  /** `page`: the number of the first page (1 unless the document says 0). */
  firstPage?: number;
}

/**
 * An operation's security requirement: alternatives tried in order, each the schemes sent together
 * (`[]`: no credential; an empty alternative: it may go without), or why no credential the client
 * sends can meet it (mutual TLS, a scheme the document does not declare): such a call fails before
 * sending.
 */
export type SecurityRequirement = readonly (readonly string[])[] | { readonly unsatisfiable: string };

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
  /** The client-credentials token request (`requestToken`), carried where an OAuth 2.0 scheme may use it. */
  requestToken?: typeof requestToken;
}

/** What a spec must carry for the runtime to do its part (operations.ts gives it to the operations that need it). */
export function carried<T>(spec: OperationSpec, value: T | undefined, what: string): T {
  if (value === undefined) throw new TypeError(`${spec.operationId}: its spec carries no ${what}`);
  return value;
}
