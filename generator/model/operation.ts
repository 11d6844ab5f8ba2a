import type { OpenApiDocument } from '../load/read-spec.js';
import { buildBody, buildInputFields, inputSchemaOf, isIdempotencyParameter, mergeParameters, uniqueInputNames, type RawParameter } from './input.js';
import { mediaKind } from './media.js';
import { humanize } from './naming.js';
import { pointerJoin } from './refs.js';
import { buildResponses, envelopeDataSchema, pickFailures, pickRedirect, pickSuccess } from './responses.js';
import { operationSecurity, toolScopesOf } from './auth-requirements.js';
import { sharedKeysProblem } from './shared-keys.js';
import type { Problem } from '../problems.js';
import { fetchRefuses, fetchSendsNoBody, IDEMPOTENT_METHODS, isSafeMethod } from './method-semantics.js';
import { paginationOf } from './pagination.js';
import type { RawPaginated } from './pagination-extensions.js';
import { eventsOf, streamFormat, streamOf } from './streams.js';
import { toolHints } from './tool-hints.js';
import type { AssumptionModel, BodyModel, EnvelopeModel, HttpMethod, OperationModel, ResponseModel, SchemaObject, SecuritySchemeModel } from './types.js';

/** An operation as the document writes it. */
export interface RawOperation extends RawPaginated {
  operationId?: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
  tags?: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  'x-tool-name'?: unknown;
  'x-tool-name-derived'?: unknown;
  security?: unknown;
  'x-oauth-scopes'?: unknown;
  'x-credits'?: unknown;
  'x-assumed'?: unknown;
  'x-tool-hints'?: unknown;
}

/** What the model builder decided for the operation's names before building it. */
export interface OperationNames {
  operationId: string;
  methodName: string;
  typeName: string;
  fileName: string;
  toolName: string;
  toolNameDerived: boolean;
}

/** An operation as the document holds it: its place, its object, and its path item's parameters. */
export interface RawEntry {
  path: string;
  method: HttpMethod;
  /** True for a key of 3.2's `additionalOperations`: sent as written, never read as a fixed method. */
  additional: boolean;
  /** JSON pointer of the operation: `#/paths/<path>/<method>` or `.../additionalOperations/<method>`. */
  pointer: string;
  raw: RawOperation;
  pathParameters: unknown[] | undefined;
}

/** Builds one operation's model from its entry in the document and its already-decided names. */
export function buildOperation(
  options: RawEntry & {
    document: OpenApiDocument;
    names: OperationNames;
    envelope: EnvelopeModel | undefined;
    /** Every scheme the client can send (the operation's requirements name some of them). */
    securitySchemes: readonly SecuritySchemeModel[];
    /** The assumptions that apply to this operation (its own and its components'). */
    assumptions: AssumptionModel[];
    /** Where a choice the model cannot honour is said (a stream it does not read item by item). */
    problems: Problem[];
  },
): OperationModel {
  const { document, path, raw, names, envelope, securitySchemes, pointer } = options;
  const security = operationSecurity(document, raw, securitySchemes);
  const sent = new Set(security.alternatives.flatMap((alternative) => alternative.schemes));
  const credentials = securitySchemes.filter((s) => sent.has(s.name));
  // A fixed method's semantics never apply to an additional operation that happens to share its name.
  const method = options.method;
  const known = !options.additional;
  const declared = mergeParameters(document, options.pathParameters, raw.parameters, { pathItem: pointerJoin('#/paths', path), operation: pointer });
  // OpenAPI: a header parameter named Accept or Content-Type "SHALL be ignored"; the client sets both
  // from the document's media types, so a declared one would be sent twice
  // (test/types/ignored-headers.compat.test.ts).
  const parameters = declared.filter(({ parameter, pointer: at }) => {
    const ignored = parameter.in === 'header' && IGNORED_HEADERS.has(parameter.name.toLowerCase());
    if (ignored) options.problems.push(headerIgnored(parameter.name, at));
    return !ignored;
  });
  const written = buildBody(document, raw.requestBody, new Set(parameters.map((p) => p.parameter.name)), pointerJoin(pointer, 'requestBody'));
  // fetch refuses a body with GET or HEAD, which some documents declare: the client sends none.
  const bodiless = known && fetchSendsNoBody(method);
  if (written && bodiless) options.problems.push(bodyNotSent(method.toUpperCase(), path, written));
  // The Fetch standard forbids these methods (httpbin's TRACE): no fetch sends them.
  if (fetchRefuses(method)) options.problems.push(methodRefused(method.toUpperCase(), path, pointer, names.methodName));
  const body = bodiless ? undefined : written;
  if (body?.itemSchemaPointer) options.problems.push(requestStreamNotWritten(options.additional ? method : method.toUpperCase(), path, body));
  const input = uniqueInputNames(buildInputFields({ document, parameters, body, credentials }));
  for (const field of input)
    if (field.sharedKeys) options.problems.push(sharedKeysProblem(field, field.sharedKeys, options.additional ? method : method.toUpperCase(), path));
  const responses = buildResponses(document, raw.responses, envelope, pointer);
  const success = pickSuccess(responses);
  const errors = pickFailures(responses, success);
  const idempotency = idempotencyOf(parameters.map((p) => p.parameter));
  const declared503 = errors.some((r) => r.status === 503);
  const idempotentMethod = known && IDEMPOTENT_METHODS.has(method);
  // Written out, not spread from `names`: an object literal that starts with a spread and goes on
  // with many fields is made slowly, and its fields then read slowly (every emitter reads operations).
  const operation: OperationModel = {
    operationId: names.operationId,
    methodName: names.methodName,
    typeName: names.typeName,
    fileName: names.fileName,
    toolName: names.toolName,
    toolNameDerived: names.toolNameDerived,
    method,
    httpMethod: options.additional ? method : method.toUpperCase(),
    safeMethod: isSafeMethod(method, known),
    path,
    pointer,
    deprecated: raw.deprecated === true,
    tags: raw.tags ?? [],
    toolTitle: raw.summary?.trim() || humanize(names.operationId),
    scopes: toolScopesOf(raw, security),
    security,
    chargesCredits: raw['x-credits'] === true,
    input,
    inputSchema: inputSchemaOf(input),
    hasInput: input.length > 0,
    inputRequired: input.some((f) => f.required),
    success,
    data: dataOf(document, success, envelope, { pointer, httpMethod: options.additional ? method : method.toUpperCase(), path, problems: options.problems }),
    errors,
    retryStatuses: retryStatuses(declared503),
    retryConnectionErrors: idempotentMethod || idempotency !== undefined,
    annotations: toolHints({
      method,
      additional: options.additional,
      operationId: names.operationId,
      summary: raw.summary,
      path,
      extension: raw['x-tool-hints'],
      pointer,
    }),
    assumptions: options.assumptions,
  };
  if (raw.summary) operation.summary = raw.summary;
  if (raw.description) operation.description = raw.description;
  if (body) operation.body = body;
  if (idempotency) operation.idempotency = idempotency;
  const retryAfterField = errors.find((r) => r.status === 429)?.retryAfterField;
  if (retryAfterField) operation.retryAfterField = retryAfterField;
  const redirect = pickRedirect(responses);
  if (redirect) operation.redirect = redirect;
  const pagination = paginationOf({
    document,
    raw,
    pointer,
    method,
    known,
    input,
    data: operation.data,
    success,
    ...(operation.data.fromEnvelope && envelope ? { envelopeData: envelope.dataProperty } : {}),
    problems: options.problems,
  });
  if (pagination) operation.pagination = pagination;
  return operation;
}

/** A request body given by `itemSchema` is sent as the bytes the caller gives, not written item by item. */
/** Header parameters OpenAPI says to ignore (the third, Authorization, is the credential's where the document declares one). */
const IGNORED_HEADERS = new Set(['accept', 'content-type']);

function headerIgnored(name: string, pointer: string): Problem {
  return {
    code: 'model/header-ignored',
    severity: 'warn',
    pointer,
    message: `a header parameter named ${name}, which OpenAPI says to ignore: the client sets ${name} from the media types the operation declares`,
    hint: 'declare the media types under requestBody.content and responses.<status>.content instead',
  };
}

function methodRefused(httpMethod: string, path: string, pointer: string, methodName: string): Problem {
  return {
    code: 'model/method-refused',
    severity: 'warn',
    pointer,
    message: `${httpMethod} ${path}: fetch refuses the ${httpMethod} method, so the client's \`${methodName}\` (and its MCP tool) fails before sending anything; the mock answers it`,
    hint: 'call it with another HTTP client, or leave it out of the document',
  };
}

function bodyNotSent(httpMethod: string, path: string, body: BodyModel): Problem {
  return {
    code: 'model/body-not-sent',
    severity: 'warn',
    pointer: body.pointer,
    message: `${httpMethod} ${path}: a request body, which fetch cannot send with ${httpMethod}; the client, the mock and the MCP tool leave it out`,
    hint: 'send the data as parameters, or use POST',
  };
}

function requestStreamNotWritten(httpMethod: string, path: string, body: BodyModel): Problem {
  return {
    code: 'model/stream-not-read',
    severity: 'warn',
    pointer: body.itemSchemaPointer ?? body.pointer,
    message: `${httpMethod} ${path}: its \`${body.contentType}\` request body (itemSchema) is not written item by item; the client sends the body as given (a string, Blob or stream), unvalidated`,
    hint: 'frame the items yourself, or describe the body with `schema`',
  };
}

function idempotencyOf(parameters: readonly RawParameter[]): OperationModel['idempotency'] {
  const header = parameters.find(isIdempotencyParameter);
  if (!header) return undefined;
  const { minLength, maxLength } = (header.schema as SchemaObject | undefined) ?? {};
  return {
    header: header.name,
    required: header.required === true,
    ...(minLength === undefined ? {} : { minLength }),
    ...(maxLength === undefined ? {} : { maxLength }),
  };
}

/**
 * 429 is always retried (the request was refused, not run). 503 only where the document declares
 * it, which is where it means the operation did not run (the interface description: "the business
 * operation was not executed"); elsewhere a 5xx says nothing of what ran, so it is the caller's to
 * decide.
 */
function retryStatuses(declared503: boolean): number[] {
  return declared503 ? [429, 503] : [429];
}

function dataOf(
  document: OpenApiDocument,
  success: ResponseModel,
  envelope: EnvelopeModel | undefined,
  where: Parameters<typeof streamOf>[1],
): OperationModel['data'] {
  if (success.itemSchema) return streamOf(success, where);
  // Server-sent events in every version: the items are events, the schema the data of each.
  if (success.contentType && streamFormat(success.contentType) === 'sse') return eventsOf(document, success);
  if (success.enveloped && envelope && success.schema && success.pointer) {
    return { ...envelopeDataSchema(document, success.schema, envelope, success.pointer), fromEnvelope: true, kind: 'json' };
  }
  if (!success.contentType) return { schema: {}, fromEnvelope: false, kind: 'none' };
  const kind = mediaKind(success.contentType);
  if (kind === 'text') return { schema: { type: 'string' }, fromEnvelope: false, kind: 'text' };
  if (kind === 'json') return { schema: success.schema ?? {}, fromEnvelope: false, kind: 'json', ...(success.pointer ? { pointer: success.pointer } : {}) };
  return { schema: { type: 'string', format: 'binary' }, fromEnvelope: false, kind: 'binary' };
}
