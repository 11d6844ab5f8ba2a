import type { OpenApiDocument } from '../load/read-spec.js';
import { mediaExample, mediaKind, pickContentType } from './media.js';
import { deref, inlineNonComponentRefs, pointerJoin, realPointer } from './refs.js';
import { markSharedKeys } from './shared-keys.js';
import type { BodyModel, InputFieldModel, ParameterLocation, SchemaObject, SecuritySchemeModel } from './types.js';

/** A parameter object as the document writes it (after `$ref`s are followed). */
export interface RawParameter {
  name: string;
  in: ParameterLocation;
  required?: boolean;
  description?: string;
  deprecated?: boolean;
  schema?: unknown;
  style?: string;
  explode?: boolean;
  content?: Record<string, { schema?: unknown }>;
  'x-idempotency-key'?: unknown;
  'x-assumed'?: unknown;
}

interface RawRequestBody {
  description?: string;
  required?: boolean;
  content?: Record<
    string,
    {
      schema?: unknown;
      itemSchema?: unknown;
      example?: unknown;
      examples?: Record<string, { value?: unknown }>;
      encoding?: Record<string, { style?: unknown; explode?: unknown }>;
    }
  >;
}

/** A parameter with the JSON pointer of where it is written (the path item's or the operation's list). */
export interface LocatedParameter {
  parameter: RawParameter;
  pointer: string;
}

/**
 * Path-level and operation-level parameters merged (the operation's win on the same name and place),
 * each with its place: `<pathItem>/parameters/<i>` or `<operation>/parameters/<i>`.
 */
export function mergeParameters(
  document: OpenApiDocument,
  pathLevel: unknown[] | undefined,
  operationLevel: unknown[] | undefined,
  places: { pathItem: string; operation: string },
): LocatedParameter[] {
  const merged = new Map<string, LocatedParameter>();
  const lists: [unknown[], string][] = [
    [pathLevel ?? [], places.pathItem],
    [operationLevel ?? [], places.operation],
  ];
  for (const [list, base] of lists) {
    for (const [i, raw] of list.entries()) {
      const parameter = deref<RawParameter>(document, raw as RawParameter);
      // A header's name is one whatever its case (`X-Id` at the path, `x-id` at the operation): the
      // operation's overrides it, as OpenAPI says.
      const name = parameter?.in === 'header' ? parameter.name?.toLowerCase() : parameter?.name;
      if (parameter?.name && parameter.in) merged.set(`${parameter.in}:${name}`, { parameter, pointer: pointerJoin(base, 'parameters', i) });
    }
  }
  return [...merged.values()];
}

/** True for the header parameter the client fills from the idempotency key. */
export function isIdempotencyParameter(parameter: RawParameter): boolean {
  return parameter.in === 'header' && parameter['x-idempotency-key'] === true;
}

/** True for a parameter that the client fills from the credentials the operation may send (an API key's header, the `Authorization` header). */
function isAuthParameter(parameter: RawParameter, credentials: readonly SecuritySchemeModel[]): boolean {
  return credentials.some((scheme) =>
    scheme.kind === 'apiKey'
      ? parameter.in === scheme.in && parameter.name.toLowerCase() === scheme.paramName.toLowerCase()
      : parameter.in === 'header' && parameter.name.toLowerCase() === 'authorization',
  );
}

/** The request body (`pointer`: the operation's `requestBody`), with whether its fields are spread into the input object. */
export function buildBody(document: OpenApiDocument, rawBody: unknown, parameterNames: ReadonlySet<string>, pointer: string): BodyModel | undefined {
  const body = deref<RawRequestBody>(document, rawBody as RawRequestBody);
  const contentType = pickContentType(body?.content);
  if (!body || !contentType) return undefined;
  const media = body.content?.[contentType];
  const kind = mediaKind(contentType);
  const schema = inlineNonComponentRefs(document, media?.schema ?? (kind === 'binary' ? { type: 'string', format: 'binary' } : {}));
  const properties = objectProperties(document, schema);
  const flattened =
    properties !== undefined &&
    (kind === 'json' || kind === 'form' || kind === 'multipart') &&
    Object.keys(properties).every((name) => !parameterNames.has(name) && name !== 'body');
  const at = realPointer(document, pointerJoin(pointer, 'content', contentType, 'schema'));
  const result: BodyModel = { contentType, required: body.required === true, schema, flattened, pointer: at };
  const others = Object.keys(body.content ?? {}).filter((type) => type !== contentType);
  if (others.length > 0) result.otherContentTypes = others;
  // 3.2: a body of items (itemSchema, no schema) is bytes to the client; the operation says so.
  if (media?.schema === undefined && media?.itemSchema !== undefined)
    result.itemSchemaPointer = realPointer(document, pointerJoin(pointer, 'content', contentType, 'itemSchema'));
  if (body.description) result.description = body.description;
  if (kind === 'form') {
    const encoding = formEncoding(media?.encoding);
    if (encoding) result.encoding = encoding;
  }
  const example = mediaExample(media);
  if (example !== undefined) result.example = example;
  return result;
}

/**
 * A form body's `encoding`: the `style` and `explode` each property is written with, where the
 * document gives them (a property without either is written as the client always wrote it: an
 * array as repeated keys, an object as JSON text).
 */
function formEncoding(encoding: Record<string, { style?: unknown; explode?: unknown }> | undefined): BodyModel['encoding'] {
  const result: NonNullable<BodyModel['encoding']> = {};
  for (const [name, entry] of Object.entries(encoding ?? {})) {
    const style = typeof entry?.style === 'string' ? entry.style : undefined;
    const explode = typeof entry?.explode === 'boolean' ? entry.explode : undefined;
    if (style === undefined && explode === undefined) continue;
    result[name] = { ...(style === undefined ? {} : { style }), ...(explode === undefined ? {} : { explode }) };
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

const WHOLE_OBJECT_KEYWORDS = ['if', 'dependentRequired', 'dependentSchemas', 'patternProperties', 'propertyNames', 'unevaluatedProperties'] as const;

/**
 * The properties of a plain object schema (after following a component reference), or undefined
 * when the schema is not one whose fields can be spread (a composition, a map, a primitive).
 */
export function objectProperties(document: OpenApiDocument, schema: SchemaObject): Record<string, SchemaObject> | undefined {
  const resolved = deref<SchemaObject>(document, schema);
  if (!resolved || resolved.oneOf || resolved.anyOf || resolved.allOf || resolved.not || resolved.nullable) return undefined;
  // 2020-12 keywords that constrain the object as a whole would be lost on spread fields.
  if (WHOLE_OBJECT_KEYWORDS.some((key) => resolved[key] !== undefined)) return undefined;
  if (typeof resolved.additionalProperties === 'object') return undefined;
  // `properties` beside another type (`type: array` with `properties`) do not make an object:
  // types.ts prints the declared type, and the fields could not be picked from it.
  if (resolved.type !== undefined && resolved.type !== 'object') return undefined;
  if (resolved.type !== 'object' && !resolved.properties) return undefined;
  // Each property is a schema (a reference into another schema's properties is resolved); the map itself is not.
  return Object.fromEntries(Object.entries(resolved.properties ?? {}).map(([name, property]) => [name, inlineNonComponentRefs(document, property)]));
}

/**
 * Input keys are unique and safe to read from a plain object: a second parameter of the same name
 * (`id` in the path and in the query) becomes `query_id`, and names every object inherits
 * (`constructor`, `__proto__`, `toString`) get a `_` so an absent value never reads the prototype.
 * The unflattened body keeps `body` (the client reads it by that name); wire names never change.
 */
export function uniqueInputNames(fields: readonly InputFieldModel[]): InputFieldModel[] {
  const taken = new Set(fields.filter((f) => f.in === 'body').map((f) => f.name));
  return fields.map((field) => {
    if (field.in === 'body') return field;
    let name = field.name in Object.prototype ? `${field.name}_` : field.name;
    if (taken.has(name)) name = `${field.in}_${name}`;
    const base = name;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    return name === field.name ? field : { ...field, name };
  });
}

/** The input object's fields: parameters by name, then the body's fields (or `body`). */
export function buildInputFields(options: {
  document: OpenApiDocument;
  parameters: readonly LocatedParameter[];
  body: BodyModel | undefined;
  /** The schemes the operation's requirements name: their parameters are the client's to fill. */
  credentials: readonly SecuritySchemeModel[];
}): InputFieldModel[] {
  const { document, parameters, body, credentials } = options;
  const fields: InputFieldModel[] = parameters
    .filter(({ parameter: p }) => !isIdempotencyParameter(p) && !isAuthParameter(p, credentials))
    .map((p) => parameterField(document, p));
  markSharedKeys(document, fields);
  if (!body) return fields;
  if (!body.flattened) {
    const field: InputFieldModel = { name: 'body', in: 'body', wireName: 'body', required: body.required, schema: body.schema, pointer: body.pointer };
    if (body.description) field.description = body.description;
    return [...fields, field];
  }
  const resolved = deref<SchemaObject>(document, body.schema) ?? {};
  const required = new Set(resolved.required ?? []);
  const properties = objectProperties(document, body.schema) ?? {};
  for (const [name, schema] of Object.entries(properties)) {
    if (schema.readOnly) continue;
    const at = realPointer(document, pointerJoin(body.pointer, 'properties', name));
    const field: InputFieldModel = { name, in: 'body-field', wireName: name, required: body.required && required.has(name), schema, pointer: at };
    const description = schema.description ?? deref<SchemaObject>(document, schema)?.description;
    if (description) field.description = description;
    const encoding = body.encoding?.[name];
    if (encoding?.style !== undefined) field.style = encoding.style;
    if (encoding?.explode !== undefined) field.explode = encoding.explode;
    fields.push(field);
  }
  return fields;
}

function parameterField(document: OpenApiDocument, { parameter, pointer }: LocatedParameter): InputFieldModel {
  const contentType = Object.keys(parameter.content ?? {})[0];
  const rawSchema = parameter.schema ?? (contentType === undefined ? undefined : parameter.content?.[contentType]?.schema) ?? { type: 'string' };
  // A parameter without a schema is read as a string; its place is the parameter itself.
  const schemaAt = parameter.schema !== undefined ? ['schema'] : contentType !== undefined ? ['content', contentType, 'schema'] : [];
  const field: InputFieldModel = {
    name: parameter.name,
    in: parameter.in,
    wireName: parameter.name,
    required: parameter.in === 'path' || parameter.required === true,
    schema: inlineNonComponentRefs(document, rawSchema),
    pointer: realPointer(document, pointerJoin(pointer, ...schemaAt)),
  };
  if (parameter.description) field.description = parameter.description;
  if (parameter.deprecated) field.deprecated = true;
  if (parameter.schema === undefined && parameter.content) field.contentType = contentType ?? 'application/json';
  if (parameter.style) field.style = parameter.style;
  if (parameter.explode !== undefined) field.explode = parameter.explode;
  return field;
}

/**
 * The input object as one schema: what the zod params validator and the MCP input schema mean. A
 * parameter given by `content` is the text of its value (openapi-typescript types it `string`, and
 * the client sends the text as given): a string, with its media type and the schema of the value it
 * holds as annotations (JSON Schema does not check them).
 */
export function inputSchemaOf(fields: readonly InputFieldModel[]): SchemaObject {
  const properties: Record<string, SchemaObject> = {};
  for (const field of fields) {
    const schema: SchemaObject =
      field.contentType && field.in !== 'querystring' ? { type: 'string', contentMediaType: field.contentType, contentSchema: field.schema } : field.schema;
    properties[field.name] = field.description && !schema.$ref && !schema.description ? { ...schema, description: field.description } : schema;
  }
  const required = fields.filter((f) => f.required).map((f) => f.name);
  const schema: SchemaObject = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  return schema;
}
