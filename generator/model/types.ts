/**
 * The model: a plain, typed description of the API that every emitter reads instead of the raw
 * document. Every decision (names, required-ness, flattening, envelope, retries, tool metadata) is
 * made once in `model/` and stored here as a field; templates only substitute.
 */
import type { McpCredentialVariable } from '../../templates/mcp/credentials.js';
import type { PagingSpec, PayloadPath } from '../../templates/runtime/spec.js';
import type { OPERATION_METHODS } from '../load/operation-methods.js';
import type { ApiNameSource } from './naming.js';

/** An OpenAPI 3.0 Schema Object (JSON). References stay `$ref: '#/components/schemas/<name>'`. */
export interface SchemaObject {
  $ref?: string;
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  format?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  allOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  not?: SchemaObject;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  minProperties?: number;
  maxProperties?: number;
  /** `false` (2020-12, beside `prefixItems`): no items past the prefix. */
  items?: SchemaObject | false;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  // JSON Schema 2020-12 keywords (OpenAPI 3.1 and 3.2), carried as the document writes them; a
  // subschema may be a boolean there (`then: false`).
  /** Schemas of the first items, in order (the rest follow `items`). */
  prefixItems?: (SchemaObject | boolean)[];
  contains?: SchemaObject | boolean;
  minContains?: number;
  maxContains?: number;
  unevaluatedItems?: SchemaObject | boolean;
  patternProperties?: Record<string, SchemaObject | boolean>;
  propertyNames?: SchemaObject | boolean;
  dependentRequired?: Record<string, string[]>;
  dependentSchemas?: Record<string, SchemaObject | boolean>;
  unevaluatedProperties?: SchemaObject | boolean;
  if?: SchemaObject | boolean;
  then?: SchemaObject | boolean;
  else?: SchemaObject | boolean;
  /** Annotations of a string that holds another document (2020-12): its media type, and the schema of what it holds. */
  contentMediaType?: string;
  contentSchema?: SchemaObject;
  [extension: `x-${string}`]: unknown;
}

/** The whole API as the emitters see it. */
export interface ApiModel {
  /** `info.title`, `info.version`, `info.description` of the document. */
  title: string;
  version: string;
  description?: string;
  /**
   * Where the model came from: the document as the user named it (cwd-relative, for problems), as
   * generated files name it (`label`, see load/source-label.ts) and its sha256.
   */
  source: { path: string; label: string; hash: string };
  /** Names of the generated entry points, from the options (`createPodcastClient`, ...). */
  names: EntryNames;
  /** Where the API's name came from (model/naming.ts `apiNameOf`): the run's option, or the document. */
  nameFrom?: ApiNameSource;
  servers: ServerModel[];
  /** The security schemes the client can send, in the document's order (model/auth.ts). */
  securitySchemes: SecuritySchemeModel[];
  /** The scheme the client's `apiKey` option fills: the first API key, bearer or basic scheme of the document's security, else of its components. */
  auth?: AuthModel;
  /** The environment variables credentials are read from (the MCP server's, `podcast-gen mcp`'s and `verify`'s; model/auth-variables.ts). */
  credentials: CredentialsModel;
  /** The response envelope, when the document declares one (`x-envelope` on a component schema). */
  envelope?: EnvelopeModel;
  /** Component schemas in document order. */
  schemas: NamedSchemaModel[];
  /** Operations in document order (paths, then methods in path-item order). */
  operations: OperationModel[];
  /**
   * Each path's methods as the whole document declares them, upper-cased (model/path-methods.ts):
   * those of operations a selection left out too, which `operations` does not hold.
   */
  pathMethods: Record<string, string[]>;
  /** Every `x-assumed` of the document: choices the source leaves open. */
  assumptions: AssumptionModel[];
  /** The document's `tags`, in its order (only those it declares; operations may name others). */
  tags: TagModel[];
  /**
   * True for a document of at least `LARGE_DOCUMENT_OPERATIONS` operations (model/document-size.ts):
   * its fixtures and MCP tools then go into JavaScript data modules, and `schemas.ts` opens with
   * `// @ts-nocheck`.
   */
  large: boolean;
  /**
   * The bundled document itself, for the one emitter whose input is a document by nature (the
   * types, printed by openapi-typescript). Every other emitter reads the fields above.
   */
  document: Record<string, unknown>;
}

/** Identifiers of the generated entry points. */
export interface EntryNames {
  /** PascalCase API name, e.g. `Podcast`. */
  api: string;
  /** `createPodcastClient`. */
  createClient: string;
  /** `PodcastClient` (the client's type). */
  clientType: string;
  /** `PodcastClientOptions`. */
  clientOptions: string;
  /** `createPodcastMcpServer`. */
  createMcpServer: string;
  /** Prefix of environment variables, e.g. `PODCAST` (`PODCAST_API_KEY`). */
  envPrefix: string;
  /** Reverse-DNS key of MCP `_meta`, e.g. `dev.podcast-gen/operation`. */
  metaKey: string;
}

export interface ServerModel {
  /** The URL template as written, e.g. `{base_url}`. */
  url: string;
  description?: string;
  variables: { name: string; default: string; enum?: string[]; description?: string }[];
}

/** The scheme the client's `apiKey` option fills, and how its credential travels. */
export type AuthModel =
  | { kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string; schemeName: string }
  | { kind: 'bearer'; schemeName: string }
  | { kind: 'basic'; schemeName: string };

/** A security scheme the client can send, by its name in `components/securitySchemes`. */
export type SecuritySchemeModel =
  /** An API key: `paramName` is the header, query parameter or cookie that carries it. */
  | { name: string; kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; paramName: string }
  /** HTTP `Authorization: Bearer <token>` or `Basic <user-pass>`. */
  | { name: string; kind: 'bearer' | 'basic' }
  /** OAuth 2.0, sent as a bearer token; `tokenUrl` and `scopes`: its client-credentials flow, when the document gives one. */
  | { name: string; kind: 'oauth2'; tokenUrl?: string; scopes?: string[] }
  /** OpenID Connect, sent as a bearer token; `url`: its discovery document. */
  | { name: string; kind: 'openIdConnect'; url?: string };

/**
 * An operation's security, decided once (model/auth-requirements.ts): the client, the mock, the MCP
 * servers, `verify` and `diff` read it.
 */
export interface OperationSecurityModel {
  /**
   * `open`: no requirement, or one that needs nothing (`{}`): a request without a credential is let
   * in. `credential`: every requirement needs a credential, and the client can send one.
   * `unsatisfiable`: requirements exist and none can be met by what a client sends (each needs
   * mutual TLS, a scheme the document does not declare, or one the client does not send).
   */
  kind: 'open' | 'credential' | 'unsatisfiable';
  /** True where a request without a credential must be refused (`credential`, `unsatisfiable`). */
  needsCredential: boolean;
  /**
   * What the client tries, in order: each alternative the schemes sent together. An `open`
   * operation's end with an empty one (it may go without) where there are others; none otherwise.
   */
  alternatives: SecurityAlternativeModel[];
  /** The schemes a requirement names that no client sends, each once: their requirements are left out. */
  unmet: UnmetSchemeModel[];
  /** For `unsatisfiable`: why, in words, for the client's error, the mock's refusal and `verify`'s report. */
  reason?: string;
  /** The credential variables (`ApiModel.credentials`) of the schemes the alternatives send, in that list's order. */
  variables: string[];
}

/** One way to meet an operation's security. */
export interface SecurityAlternativeModel {
  /** The schemes sent together, by name (empty: no credential). */
  schemes: string[];
  /** The OAuth 2.0 and OpenID Connect scopes it asks of its schemes, in order, once each. */
  scopes: string[];
}

/** A scheme a requirement names that no client can send. */
export interface UnmetSchemeModel {
  /** The name the requirement gives it. */
  name: string;
  /** `undeclared`: not in `components/securitySchemes`; `mutualTLS`; `unsupported`: of a kind the client does not send (HTTP digest, an API key with no place). */
  reason: 'undeclared' | 'mutualTLS' | 'unsupported';
  /** What it is, for people: `mutual TLS`, `HTTP digest`. */
  what: string;
}

/** The environment variables credentials are read from, and which of them an API needs. */
export interface CredentialsModel {
  variables: CredentialVariableModel[];
  /** The schemes one of which must be set (none where no operation needs a credential). */
  schemes: string[];
}

/**
 * One environment variable a credential is read from: its name, the scheme it fills, its role, whether
 * it is required, its description and the client option it fills. The copied reader
 * (templates/mcp/credentials.ts, which verify, `podcast-gen mcp` and `podcast-gen mock` run too)
 * takes a list of these, and states its shape once.
 */
export type CredentialVariableModel = McpCredentialVariable;

export interface EnvelopeModel {
  /** Component name of the envelope schema (`Envelope`). */
  schemaName: string;
  /** The property holding the operation's payload (`data`). */
  dataProperty: string;
}

export interface NamedSchemaModel {
  /** Name in the document (`components/schemas/<name>`). */
  name: string;
  /** Its validator's and type's name in `schemas.ts` (`QuotaSummary`): the document's name in PascalCase. */
  typeName: string;
  /**
   * The name `index.ts` exports it under: `typeName`, or an alias (`RateLimitErrorSchema`) where
   * another generated module exports `typeName` too (the runtime's `RateLimitError` class).
   */
  indexName: string;
  schema: SchemaObject;
  /** True when the schema refers to itself, directly or through others (needs z.lazy). */
  recursive: boolean;
}

/** A path item's fixed-field methods (`query` is OpenAPI 3.2's): load/operation-methods.ts's list. */
export type FixedHttpMethod = (typeof OPERATION_METHODS)[number];
/**
 * An operation's method as the document keys it: a fixed field (`get`, `query`), or a key of 3.2's
 * `additionalOperations` as written (`COPY`, `LINK`).
 */
export type HttpMethod = FixedHttpMethod | (string & {});
/** `querystring` (OpenAPI 3.2): the whole query string as one value, described by `content`. */
export type ParameterLocation = 'path' | 'query' | 'querystring' | 'header' | 'cookie';

/** One property of an operation's flattened input object (the client method's first argument). */
export interface InputFieldModel {
  /** Property name in the input object: the spec's own name (`timbre_unique_id`, `kind`). */
  name: string;
  /** Where it goes on the wire. `body` means the whole JSON body (not flattened). */
  in: ParameterLocation | 'body-field' | 'body';
  /** Name on the wire (parameter name or body property name); equals `name` unless renamed. */
  wireName: string;
  required: boolean;
  schema: SchemaObject;
  /** JSON pointer of the field's schema where the document writes it (references followed). */
  pointer: string;
  description?: string;
  deprecated?: boolean;
  /**
   * Media type of a parameter given by `content` instead of `schema` (openapi-typescript types it
   * `string`); for `in: querystring`, how the whole query string is written
   * (`application/x-www-form-urlencoded`, `application/json`, ...).
   */
  contentType?: string;
  /**
   * Query/path serialization of the parameter (OpenAPI `style` and `explode`); for a field of an
   * application/x-www-form-urlencoded body, its `encoding`'s.
   */
  style?: string;
  explode?: boolean;
  /**
   * Of an object query or cookie parameter written form-exploded: its property names that are also
   * another parameter's name in the same place, so one key on the wire (model/shared-keys.ts).
   */
  sharedKeys?: string[];
}

export interface BodyModel {
  contentType: string;
  /** The body's other media types the document declares (the client sends `contentType`; a server takes any of them). */
  otherContentTypes?: string[];
  required: boolean;
  schema: SchemaObject;
  /** JSON pointer of the body's schema where the document writes it (references followed). */
  pointer: string;
  description?: string;
  /** True when the body's fields are spread into the input object; false: under `body`. */
  flattened: boolean;
  /** Where the document describes the body only by a 3.2 `itemSchema` (a stream of items the client does not write). */
  itemSchemaPointer?: string;
  /** The document's example of the body, if any. */
  example?: unknown;
  /** An application/x-www-form-urlencoded body's `encoding`: each property's `style` and `explode`, where given. */
  encoding?: Record<string, { style?: string; explode?: boolean }>;
}

/** A response of an operation. */
export interface ResponseModel {
  /** HTTP status, or `default`. */
  status: number | 'default';
  /** For a range status (`4XX`): its class digit (4); `status` is then NaN. */
  statusClass?: number;
  description: string;
  /** Media type of the body; undefined when there is none. */
  contentType?: string;
  schema?: SchemaObject;
  /** JSON pointer of the body's schema where the document writes it (references followed), with `schema`. */
  pointer?: string;
  /** `example`: the document's example of the header's value, if any. */
  headers: { name: string; schema: SchemaObject; description?: string; required: boolean; example?: unknown }[];
  /** True when the body is (or composes) the envelope. */
  enveloped: boolean;
  /** For a rate-limit (429) body: the field that carries the wait in seconds (`retry_after`). */
  retryAfterField?: string;
  /** The document's example of the body, if any. */
  example?: unknown;
  /** OpenAPI 3.2 `itemSchema`: the body is a stream of items of this schema (SSE, JSON Lines, ...). */
  itemSchema?: SchemaObject;
  /** JSON pointer of `itemSchema` where the document writes it (references followed), with `itemSchema`. */
  itemPointer?: string;
}

export interface OperationModel {
  operationId: string;
  /** Client method name (`quotaSummary`). */
  methodName: string;
  /** PascalCase base of the operation's type names (`QuotaSummary` -> `QuotaSummaryParams`). */
  typeName: string;
  /**
   * Base name of files named after the operation (`fixtures/<fileName>.json`): the operationId when it
   * is a plain, safe file name, else the method name; unique even where file names ignore case.
   */
  fileName: string;
  method: HttpMethod;
  /**
   * The method as sent on the wire: a fixed field's in upper case (`QUERY`), an `additionalOperations`
   * key exactly as written (HTTP methods are case-sensitive).
   */
  httpMethod: string;
  /**
   * True when the method only reads (RFC 9110 9.2.1: GET, HEAD, OPTIONS, TRACE, QUERY;
   * model/method-semantics.ts); never for an additional operation. TanStack Query's queries and what
   * `verify` sends without `--unsafe`.
   */
  safeMethod: boolean;
  /** Path template as written, `/open/podcast/v1/catalogs/{kind}`. */
  path: string;
  /** JSON pointer of the operation in the document. */
  pointer: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  tags: string[];
  /** Tool name (`x-tool-name`, or derived from the operationId when absent). */
  toolName: string;
  /** True when the tool name was not given by the source (derived here or marked derived). */
  toolNameDerived: boolean;
  /** Tool title for humans (the summary, else the operationId in words). */
  toolTitle: string;
  /** OAuth scopes of the tool: `x-oauth-scopes`, else what its security alternatives ask of an oauth2 or openIdConnect scheme; empty when neither names any. */
  scopes: string[];
  /** The operation's security (its own requirements, else the document's). */
  security: OperationSecurityModel;
  /** True when the operation charges credits (`x-credits`). */
  chargesCredits: boolean;
  /** The flattened input object: path, query, header parameters and body fields by name. */
  input: InputFieldModel[];
  /** JSON Schema (OpenAPI 3.0 dialect) of the input object; `type: object` at the root. */
  inputSchema: SchemaObject;
  /** True when the method takes a first argument at all. */
  hasInput: boolean;
  /** True when some input field is required (so the first argument is not optional). */
  inputRequired: boolean;
  body?: BodyModel;
  /** The idempotency header, when the operation declares one (`x-idempotency-key: true`). */
  idempotency?: { header: string; minLength?: number; maxLength?: number; required: boolean };
  /** The success response: 200, else the first other 2xx, else the `2XX` range, else `default` (model/responses.ts). */
  success: ResponseModel;
  /** Where the document declares no 2xx (nor `2XX`): its first 3xx, else `3XX` (a download answered by a redirect), what the fixture answers. */
  redirect?: ResponseModel;
  /** The payload the client resolves to: the envelope's data property, or the success body. */
  data: {
    schema: SchemaObject;
    fromEnvelope: boolean;
    kind: 'json' | 'text' | 'binary' | 'none' | 'stream';
    /** JSON pointer of the payload's schema where the document writes it (absent when it writes none). */
    pointer?: string;
    /**
     * For `kind: 'stream'` (OpenAPI 3.2 `itemSchema`, or a `text/event-stream` response in any
     * version): how the items are framed, and `schema` is one item's. The client resolves to an
     * async iterable of validated items.
     */
    stream?: StreamFormat;
    /**
     * For server-sent events described by `schema` (any version; not by 3.2's `itemSchema`, which
     * describes the whole event): how each event's `data` is read, `json` (parsed, and validated by
     * `schema`, which is the data's) or `text` (as it is: the schema is a string's, or there is none).
     * The client yields `ServerSentEvent` objects: the data, and the event's `event`, `id`, `retry`.
     */
    eventData?: 'json' | 'text';
  };
  /** The failures the document declares: 4xx and 5xx statuses and ranges, and `default` where it is not the success (429, 503, 4XX, default, ...). */
  errors: ResponseModel[];
  /** Statuses the client retries (429 always; 503 where the document declares it). */
  retryStatuses: number[];
  /** True when connection failures may be retried (idempotent method or idempotency key). */
  retryConnectionErrors: boolean;
  /**
   * The integer field of a 429 body that carries the wait in seconds: the operation's own 429's,
   * else the document's (the API's rate limiter answers every operation alike).
   */
  retryAfterField?: string;
  /**
   * How the operation's results come page by page, where they do (model/pagination.ts): detected
   * from the document's names, or given by its `x-pagination` (or Speakeasy's
   * `x-speakeasy-pagination`) extension. The client's `.pages()` and `.items()`, the mock's pages,
   * the MCP tool's description and its cut results' next call (emit/mcp/paging-hint.ts), the run's
   * summary and the TanStack Query output's infinite queries read it.
   */
  pagination?: PaginationModel;
  /** MCP tool hints: from the method and the words of the operation (model/tool-hints.ts), or its `x-tool-hints`. */
  annotations: { readOnly: boolean; destructive: boolean; idempotent: boolean; openWorld: boolean };
  /** `x-assumed` notes on this operation, its parameters, body and their fields. */
  assumptions: AssumptionModel[];
}

/**
 * A place in a response's payload (the client's data: within the envelope's data where responses
 * are enveloped). The runtime's type, which walks it.
 */
export type { PayloadPath };

/**
 * How an operation's results come page by page. Every path is into the payload (the data the
 * method resolves to); every parameter is an input field's `name` (the client's key).
 *
 * - `link`: the next page's address is the `Link` header's `rel="next"` (RFC 8288; GitHub).
 * - `cursor`: the next page is asked for with `param` set to the cursor at `nextCursor` (a field,
 *   `next_cursor`, `nextPageToken`; or the last item's id, `['data', -1, 'id']`, Stripe's
 *   `starting_after`), while `hasMore` (where given) is true and there is a cursor.
 * - `page`: `param` counts pages from `firstPage`; `totalPages` (where given) says how many.
 * - `offset`: `param` is the number of items to skip: the next page's is this one's plus its items.
 * - `url`: the next page's address is in the payload at `nextUrl` (Azure's `nextLink`, a `next` link).
 *
 * A `page` or `offset` walk ends at a page of no items, or of fewer than `sizeParam` asked for.
 */
export interface PaginationModel extends PagingSpec {
  /** Where the decision came from: the names of the document (`detected`) or an extension. */
  source: 'detected' | 'x-pagination' | 'x-speakeasy-pagination';
}

/**
 * How a streamed response frames its items: `sse` (text/event-stream: each event an object of
 * `data`, `event`, `id`, `retry`), `jsonl` (application/jsonl, application/x-ndjson: one JSON value a
 * line), `json-seq` (application/json-seq, RFC 7464: each value after an RS character).
 */
export type StreamFormat = 'sse' | 'jsonl' | 'json-seq';

/** A tag of the document (`tags`), with OpenAPI 3.2's `summary`, `parent` and `kind`. */
export interface TagModel {
  name: string;
  summary?: string;
  description?: string;
  /** The name of the tag this one is nested under (3.2 `parent`). */
  parent?: string;
  /** What the tag is for (3.2 `kind`: `nav`, `badge`, `audience`, or the document's own word). */
  kind?: string;
}

export interface AssumptionModel {
  /** JSON pointer of the node that carries `x-assumed`. */
  pointer: string;
  reason: string;
}
