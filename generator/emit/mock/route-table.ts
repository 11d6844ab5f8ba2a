/**
 * The mock server's view of the model: per operation, how to find it (method and path pattern),
 * how to read its input back from a request (field locations, wire names and the JSON type to
 * coerce query, path and header strings to), and which headers carry credentials.
 */
import { fixturePaging } from '../shared/fixture-paging.js';
import { commonRequirement, sameRequirement, securityRequirement, type SecurityRequirement } from '../shared/security-requirement.js';
import { mediaKind } from '../../model/media.js';
import type { ApiModel, InputFieldModel, OperationModel, SchemaObject } from '../../model/types.js';
import { buildErrorFixture, fixtureErrorStatuses, modelResolver } from '../../synthesis/build-fixture.js';
import { derefSchema, mergeAllOf, schemaType, type SchemaResolver } from '../../model/schema-merge.js';
import { fragmentPairs, requestPath, templateQueryPairs } from '../../model/path-fragment.js';
import type { MockAuth, MockDeclaredError, MockFailureShape, MockField, MockRoute, MockScheme, WireType } from '../../../templates/mock/wire.js';

/**
 * The table's types are the copied code's (templates/mock/wire.ts), imported as types:
 * the generator writes what the mock reads, stated once.
 */
export type { MockAuth, MockDeclaredError, MockFailureShape, MockField, MockRoute, MockScheme, WireType };

/** The routes of every operation, in document order. */
export function mockRoutes(model: ApiModel): MockRoute[] {
  const resolve = modelResolver(model);
  return model.operations.map((op) => {
    const route = mockRoute(op, resolve);
    const paging = fixturePaging(model, op, resolve);
    if (paging) route.paging = paging;
    return route;
  });
}

function mockRoute(op: OperationModel, resolve: SchemaResolver): MockRoute {
  const route: MockRoute = {
    operationId: op.operationId,
    // Node's server reads the method in upper case; a route is matched the same way.
    method: op.httpMethod.toUpperCase(),
    path: requestPath(op.path),
    fields: op.input.map((field) => mockField(field, resolve, op.body?.contentType)),
  };
  // A query part of the template: its literal pairs the request carries, as a fragment's; a
  // `{name}` value is that path parameter's.
  const query = templateQueryPairs(op.path);
  // A fragment's pair names a header or query parameter the request carries; one that names none
  // (`#overload=stream`) can never be carried, and the body's kind tells such routes apart.
  const carried = new Set(op.input.filter((f) => f.in === 'header' || f.in === 'query').map((f) => f.wireName.toLowerCase()));
  const named = fragmentPairs(op.path).filter(([name]) => carried.has(name.toLowerCase()));
  const fragment = [...named, ...query.filter(([, value]) => !isPlaceholder(value)).map(([key, value]): [string, string] => [key, decodeURIComponent(value)])];
  if (fragment.length > 0) route.fragment = fragment;
  const queryParameters = query.filter(([, value]) => isPlaceholder(value)).map(([key, value]): [string, string] => [key, value.slice(1, -1)]);
  if (queryParameters.length > 0) route.queryParameters = queryParameters;
  const choices = segmentChoices(route.path, op.input, resolve);
  if (choices) route.choices = choices;
  if (op.body) {
    const kind = mediaKind(op.body.contentType);
    route.bodyKind = kind === 'json' || kind === 'form' ? kind : 'other';
    route.bodyTypes = [op.body.contentType, ...(op.body.otherContentTypes ?? [])];
    if (op.body.required) route.bodyRequired = true;
    if (op.body.flattened && kind === 'json') route.bodyObject = true;
  }
  if (op.idempotency) {
    const { header, required, minLength, maxLength } = op.idempotency;
    route.idempotency = {
      header,
      ...(required ? { required } : {}),
      ...(minLength === undefined ? {} : { minLength }),
      ...(maxLength === undefined ? {} : { maxLength }),
    };
  }
  const retryAfterField = op.errors.find((e) => e.status === 429)?.retryAfterField;
  if (retryAfterField) route.retryAfterField = retryAfterField;
  const declared = declaredErrors(op);
  if (declared.length > 0) route.declared = declared;
  return route;
}

/** The operation's error responses, each with the status of its fixture and its media type. */
function declaredErrors(op: OperationModel): MockDeclaredError[] {
  const statuses = fixtureErrorStatuses(op);
  return op.errors.map((error, index) => ({
    key: error.statusClass === undefined ? String(error.status) : `${error.statusClass}XX`,
    fixture: statuses[index] as number,
    ...(error.contentType === undefined ? {} : { type: error.contentType }),
  }));
}

/** The enum values (as the client writes them) of the simple path parameters that share a segment with another. */
function segmentChoices(path: string, input: readonly InputFieldModel[], resolve: SchemaResolver): Record<string, string[]> | undefined {
  const shared = path.split('/').flatMap((segment) => {
    const names = [...segment.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    return names.length > 1 ? names : [];
  });
  const entries = shared.flatMap((name) => {
    const field = input.find((f) => f.in === 'path' && f.wireName === name && (f.style ?? 'simple') === 'simple');
    const values = field ? flatten(field.schema, resolve).enum : undefined;
    return values?.length && values.every((v) => typeof v === 'string' && v !== '') ? [[name, (values as string[]).map(encodeURIComponent)] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function isPlaceholder(value: string): boolean {
  return /^\{[^{}]+\}$/.test(value);
}

function mockField(field: InputFieldModel, resolve: SchemaResolver, contentType?: string): MockField {
  // A parameter given by `content` travels as the text of its value, which the client sends as given.
  const text = field.contentType !== undefined && field.in !== 'querystring';
  const schema = flatten(field.schema, resolve);
  const result: MockField = {
    name: field.name,
    in: field.in,
    ...(field.wireName === field.name ? {} : { wireName: field.wireName }),
    type: text ? 'string' : wireType(schema, resolve),
  };
  if (text) return result;
  if (result.type === 'array') result.itemType = wireType(flatten(schema.items || {}, resolve), resolve);
  if (field.style !== undefined) result.style = field.style;
  if (field.explode !== undefined) result.explode = field.explode;
  const properties = () =>
    Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, wireType(flatten(property, resolve), resolve)]));
  if (field.in === 'querystring') {
    result.contentType = field.contentType ?? 'application/x-www-form-urlencoded';
    if (mediaKind(result.contentType) === 'form') result.properties = properties();
  } else if (field.in === 'body' && result.type === 'object' && mediaKind(contentType ?? '') === 'form') {
    result.properties = properties();
  } else if (
    result.type === 'object' &&
    (field.in === 'query' ||
      field.in === 'path' ||
      field.in === 'header' ||
      field.in === 'cookie' ||
      (field.in === 'body-field' && (field.style !== undefined || field.explode !== undefined)))
  ) {
    result.properties = properties();
    if (Object.keys(result.properties).length === 0) {
      result.anyKeys = true;
      const entries = typeof schema.additionalProperties === 'object' ? wireType(flatten(schema.additionalProperties, resolve), resolve) : 'any';
      if (entries !== 'any' && entries !== 'string') result.entryType = entries;
    }
    if (field.style === 'deepObject') {
      const items = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
        const merged = flatten(property, resolve);
        return schemaType(merged) === 'array' ? [[name, wireType(flatten(merged.items || {}, resolve), resolve)] as const] : [];
      });
      if (items.length > 0) result.propertyItems = Object.fromEntries(items);
    }
  }
  return result;
}

/** A schema with its reference followed and its `allOf` merged: what its wire type is read from. */
function flatten(schema: SchemaObject, resolve: SchemaResolver): SchemaObject {
  return mergeAllOf([derefSchema(schema, resolve)], resolve);
}

function wireType(schema: SchemaObject, resolve?: SchemaResolver): WireType {
  const type = schemaType(schema);
  if (type) return type;
  const first = schema.enum?.[0];
  if (typeof first === 'number') return Number.isInteger(first) ? 'integer' : 'number';
  if (typeof first === 'boolean') return 'boolean';
  if (schema.enum) return 'string';
  // A oneOf/anyOf of several types (an integer or a deepObject, an ID or a slug, an object or ""):
  // the text is read as a number or a boolean where it
  // is one and a branch takes one (`scalar`), as the JSON of an object or array where a branch is
  // one (`structured`), or either (`mixed`).
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches && resolve) {
    const types = new Set(branches.map((branch) => wireType(flatten(branch, resolve), resolve)));
    if (types.size === 1) return [...types][0] as WireType;
    const scalar = types.has('number') || types.has('integer') || types.has('boolean') || types.has('scalar');
    const structured = types.has('object') || types.has('array') || types.has('structured');
    if (types.has('mixed') || (scalar && structured)) return 'mixed';
    if (scalar) return 'scalar';
    if (structured) return 'structured';
  }
  return 'any';
}

/** What the mock checks: every scheme, the common requirement, and the operations that require another. */
export function mockAuth(model: ApiModel): MockAuth {
  const security = commonRequirement(model.operations);
  const schemes = Object.fromEntries(
    model.securitySchemes.map((s): [string, MockScheme] => [s.name, s.kind === 'apiKey' ? { kind: 'apiKey', in: s.in, name: s.paramName } : { kind: s.kind }]),
  );
  const others = model.operations
    .map((op): [string, SecurityRequirement] => [op.operationId, securityRequirement(op.security)])
    .filter(([, requirement]) => !sameRequirement(requirement, security));
  return { schemes, security, ...(others.length > 0 ? { operations: Object.fromEntries(others) } : {}) };
}

/**
 * The environment variable each scheme's credential is read from, by scheme (the model's credential
 * variables, as the MCP server and verify read them): `podcast-gen mock` takes the value set there
 * only. A client id and secret are not a credential a request carries, so they are left out.
 */
export function mockCredentialVariables(model: Pick<ApiModel, 'credentials'>): Record<string, string> {
  return Object.fromEntries(model.credentials.variables.filter((v) => v.role === 'credential').map((v) => [v.scheme, v.name]));
}

const CODE_KEYS = ['code', 'status', 'status_code', 'error_code'];
const MESSAGE_KEYS = ['msg', 'message', 'detail', 'error', 'error_message', 'title'];
const CAUSE_KEYS = ['cause', 'reason'];
const DETAILS_KEYS = ['details', 'detail', 'errors'];
const RID_KEYS = ['rid', 'request_id', 'requestId', 'trace_id'];

/**
 * The failure body: the fixture of the first `default` (or 5xx/4xx) error response with a JSON
 * object body, with the keys that carry code, message, cause, details and request id found by name.
 * Without one, a plain `{ code, message }`.
 */
export function failureShape(model: ApiModel): MockFailureShape {
  for (const op of model.operations) {
    // Only the error response is made: a document whose failures carry no message by name (Microsoft Graph's) is looked through whole.
    const index = op.errors.findIndex((e) => e.status === 'default' || (e.status !== 429 && e.schema !== undefined));
    const body = index < 0 ? undefined : buildErrorFixture(op, model, index)?.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) continue;
    const template = body as Record<string, unknown>;
    const find = (keys: string[], type?: string) => keys.find((k) => k in template && (type === undefined || typeof template[k] === type));
    const shape: MockFailureShape = { template };
    const keys = {
      codeKey: find(CODE_KEYS, 'number'),
      messageKey: find(MESSAGE_KEYS, 'string'),
      causeKey: find(CAUSE_KEYS, 'string'),
      detailsKey: find(DETAILS_KEYS, 'object'),
      ridKey: find(RID_KEYS, 'string'),
    };
    for (const [key, value] of Object.entries(keys)) if (value !== undefined) shape[key as keyof typeof keys] = value;
    if (shape.messageKey) return shape;
  }
  return { template: { code: 500, message: 'internal server error' }, codeKey: 'code', messageKey: 'message' };
}
