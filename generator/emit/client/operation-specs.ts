import { mediaKind } from '../../model/media.js';
import type { ApiModel, InputFieldModel, OperationModel, PaginationModel, SecuritySchemeModel } from '../../model/types.js';
import { jsonLiteral, tsPropertyKey } from '../print.js';
import { requestTemplate } from '../../model/path-fragment.js';
import { commonRequirement, sameRequirement, securityRequirement, type SecurityRequirement } from '../shared/security-requirement.js';

/** A function of runtime.ts that a spec carries (a writer of a style, a body's encoder, the stream reader), by its name. */
export class RuntimeFunction {
  constructor(readonly name: string) {}
}

/** The query writers of runtime.ts by style: form, the default, and a style it does not know are `formQuery`. */
const QUERY_WRITERS: Record<string, string> = { spaceDelimited: 'spaceDelimitedQuery', pipeDelimited: 'pipeDelimitedQuery', deepObject: 'deepObjectQuery' };

/**
 * The runtime's writer a field's spec carries, and under which key (`FieldSpec.write` or
 * `.append`): the styles only some operations use ride on their specs, so that a bundle carries a
 * style's code only with an operation that uses it. The engine writes the rest itself: path and
 * header parameters in style simple, query parameters in style form, body fields without `encoding`.
 */
export function fieldWriter(field: Pick<InputFieldModel, 'in' | 'style' | 'explode' | 'contentType'>): { key: 'write' | 'append'; name: string } | undefined {
  if (field.in === 'path' && field.style === 'label') return { key: 'write', name: 'labelPath' };
  if (field.in === 'path' && field.style === 'matrix') return { key: 'write', name: 'matrixPath' };
  if (field.in === 'cookie') return { key: 'write', name: 'formCookie' };
  if (field.in === 'querystring')
    return {
      key: 'write',
      name: (field.contentType ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded') ? 'formQuerystring' : 'textQuerystring',
    };
  const queryWriter = field.style === undefined ? undefined : QUERY_WRITERS[field.style];
  if (field.in === 'query' && queryWriter) return { key: 'append', name: queryWriter };
  // A form body's property that its `encoding` gives a style or explode is written like a query parameter.
  if (field.in === 'body-field' && (field.style !== undefined || field.explode !== undefined)) return { key: 'append', name: queryWriter ?? 'formQuery' };
  return undefined;
}

/** The runtime's encoder a body of this kind needs on its spec (JSON, text and bytes the engine sends itself). */
export function bodyEncoder(kind: string): string | undefined {
  return kind === 'form' ? 'formBody' : kind === 'multipart' ? 'multipartBody' : undefined;
}

/** The runtime's reader of a stream framed so: server-sent events are resumed where they break off (3.2's whole events too); other streams are read as they come. */
export function streamReader(stream: string | undefined): 'readServerSentEvents' | 'readStreamItems' {
  return stream === 'sse' ? 'readServerSentEvents' : 'readStreamItems';
}

/**
 * The runtime's wire descriptor of an operation (`OperationSpec` in runtime.ts): plain data, but for
 * the runtime's functions it carries ({@link RuntimeFunction}). {@link specLiteral} prints its
 * values as JSON and those functions by name, so no document string is ever spliced into code.
 */
export function operationSpec(model: ApiModel, op: OperationModel, common: SecurityRequirement = commonRequirement(model.operations)): Record<string, unknown> {
  const spec: Record<string, unknown> = {
    operationId: op.operationId,
    methodName: op.methodName,
    method: op.httpMethod,
    path: requestTemplate(op.path),
    fields: op.input.map((f) => {
      const field: Record<string, unknown> = {
        name: f.name,
        in: f.in,
        // Most fields are named on the wire as in the client; the runtime reads an absent one as `name`.
        ...(f.wireName === f.name ? {} : { wireName: f.wireName }),
        required: f.required,
        ...(f.style ? { style: f.style } : {}),
        ...(f.explode === undefined ? {} : { explode: f.explode }),
        ...(f.in === 'querystring' && f.contentType ? { contentType: f.contentType } : {}),
      };
      const writer = fieldWriter(f);
      if (writer) field[writer.key] = new RuntimeFunction(writer.name);
      return field;
    }),
  };
  if (op.body) {
    const kind = mediaKind(op.body.contentType);
    const encoder = bodyEncoder(kind);
    spec.body = {
      contentType: op.body.contentType,
      kind,
      required: op.body.required,
      flattened: op.body.flattened,
      ...(encoder ? { encode: new RuntimeFunction(encoder) } : {}),
    };
  }
  if (op.idempotency)
    spec.idempotency = { header: op.idempotency.header, ...(op.idempotency.maxLength === undefined ? {} : { maxLength: op.idempotency.maxLength }) };
  if (op.data.fromEnvelope && model.envelope) spec.envelopeData = model.envelope.dataProperty;
  spec.dataKind = op.data.kind;
  if (op.data.stream) spec.stream = op.data.stream;
  if (op.data.stream && op.success.contentType) spec.accept = op.success.contentType;
  spec.retryStatuses = op.retryStatuses;
  spec.retryConnectionErrors = op.retryConnectionErrors;
  if (op.retryAfterField) spec.retryAfterField = op.retryAfterField;
  spec.toolName = op.toolName;
  spec.scopes = op.scopes;
  if (op.pagination) spec.paging = pagingSpec(op.pagination);
  const requirement = securityRequirement(op.security);
  if (!sameRequirement(requirement, common)) spec.security = requirement;
  if (op.data.eventData) spec.eventData = op.data.eventData;
  if (op.data.kind === 'stream') spec.readItems = new RuntimeFunction(streamReader(op.data.stream));
  return spec;
}

/** The runtime's `PagingSpec` of an operation: the model's pagination but where it came from. */
function pagingSpec(pagination: PaginationModel): Record<string, unknown> {
  const { source: _source, ...paging } = pagination;
  return paging;
}

/** The names of the runtime's functions `value` (a spec) carries, each once, sorted. */
export function runtimeFunctions(value: unknown, found = new Set<string>()): string[] {
  if (value instanceof RuntimeFunction) found.add(value.name);
  else if (Array.isArray(value)) for (const item of value) runtimeFunctions(item, found);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) runtimeFunctions(item, found);
  return [...found].sort();
}

/**
 * A spec as code, an object literal with the runtime's functions by name: a property a line, and a
 * list of objects (the fields) an item a line; every other value on one line, its strings as JSON
 * (escaped for a script as {@link jsonLiteral} escapes them). A line per field reads and diffs as
 * well as JSON indented by 2, in fewer bytes.
 */
export function specLiteral(spec: Record<string, unknown>): string {
  const lines = Object.entries(spec)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const rows = Array.isArray(value) && value.length > 0 && value.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item));
      return `  ${tsPropertyKey(key)}: ${rows ? `[\n${value.map((item) => `    ${inlineLiteral(item)}`).join(',\n')}\n  ]` : inlineLiteral(value)}`;
    });
  return lines.length === 0 ? '{}' : `{\n${lines.join(',\n')}\n}`;
}

/** A value of a spec on one line: `{ key: value, ... }`, `[a, b]`, the runtime's functions by name. */
function inlineLiteral(value: unknown): string {
  if (value instanceof RuntimeFunction) return value.name;
  if (Array.isArray(value)) return `[${value.map(inlineLiteral).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([key, item]) => `${tsPropertyKey(key)}: ${inlineLiteral(item)}`).join(', ')} }`;
  }
  return jsonLiteral(value);
}

/** How a scheme's credential travels, as the runtime's `SchemeSpec`. */
function schemeSpec(scheme: SecuritySchemeModel): Record<string, unknown> {
  if (scheme.kind === 'apiKey') return { kind: 'apiKey', in: scheme.in, name: scheme.paramName };
  if (scheme.kind === 'oauth2') return { kind: 'oauth2', ...(scheme.tokenUrl ? { tokenUrl: scheme.tokenUrl } : {}) };
  return { kind: scheme.kind };
}

/**
 * The runtime's `AuthSpec`: every scheme, the common requirement, the scheme `apiKey` fills,
 * whether every operation needs a credential, and, with an OAuth 2.0 scheme, the runtime's token
 * request (carried, so that a bundle carries it only for a document that may use it).
 */
export function authSpec(model: ApiModel): Record<string, unknown> {
  const spec: Record<string, unknown> = {
    schemes: Object.fromEntries(model.securitySchemes.map((scheme) => [scheme.name, schemeSpec(scheme)])),
    security: commonRequirement(model.operations),
  };
  if (model.auth) spec.apiKey = model.auth.schemeName;
  if (model.operations.length > 0 && model.operations.every((op) => op.security.kind === 'credential')) spec.required = true;
  if (model.securitySchemes.some((scheme) => scheme.kind === 'oauth2')) spec.requestToken = new RuntimeFunction('requestToken');
  return spec;
}
