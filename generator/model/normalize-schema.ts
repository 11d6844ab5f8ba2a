import type { OpenApiDocument } from '../load/read-spec.js';
import type { Problem } from '../problems.js';
import { pointerJoin } from './refs.js';

type Json = Record<string, unknown>;

/**
 * JSON Schema 2020-12 keywords (OpenAPI 3.1 and 3.2) that have no exact 3.0 form. The schema is
 * read without them, so the zod validators and the MCP input schemas accept more than the document
 * allows (never less), and a warning names the keyword and its place.
 */
export const LOOSENED_KEYWORDS = [
  'prefixItems',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'patternProperties',
  'propertyNames',
  'contains',
  'minContains',
  'maxContains',
] as const;

/** Keywords whose value is one schema, a list of schemas, or a map of schemas. */
const ONE = ['items', 'not', 'additionalProperties', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'];
const LIST = ['allOf', 'oneOf', 'anyOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
/** Siblings of a `$ref` that only annotate: 3.0's reading (the `$ref` alone) loses nothing a validator checks. */
const ANNOTATIONS = new Set(['description', 'summary', 'title', 'deprecated', 'readOnly', 'writeOnly', 'example', 'examples', '$comment']);
/** Media types whose bytes are text: `contentMediaType` of one of these is still a string, not a Blob. */
const TEXT_MEDIA = /^(text\/|application\/(json|xml|[^;]*\+json|[^;]*\+xml)\b)/i;

/**
 * The document as the model reads it: a 3.1 or 3.2 document's schemas written in OpenAPI 3.0's
 * shape (model/types.ts `SchemaObject`), where the mapping is exact: `type: [T, "null"]` ->
 * `type: T, nullable: true`; `const` -> a one-value `enum`; `examples` -> `example`; numeric
 * `exclusiveMinimum` -> `minimum` + `exclusiveMinimum: true`; `anyOf`/`oneOf` with a `{type: "null"}`
 * branch -> the rest, `nullable`; `$ref` with constraining siblings -> `allOf: [$ref]` + siblings;
 * `contentMediaType` of bytes -> `format: binary`, `contentEncoding: base64` -> `format: byte`.
 * Keywords without a 3.0 form are dropped with a warning ({@link LOOSENED_KEYWORDS}). A 3.0 document
 * is returned as it is. Pure: the input is never changed; JSON pointers stay valid (keys are kept).
 */
export function normalizeDocument(document: OpenApiDocument): { document: OpenApiDocument; problems: Problem[] } {
  const version = typeof document.openapi === 'string' ? document.openapi : '';
  if (!/^3\.[12]\./.test(version)) return { document, problems: [] };
  const problems: Problem[] = [];
  const walk = (node: unknown, pointer: string, key: string | undefined, parentKey: string | undefined): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => walk(item, `${pointer}/${i}`, key, parentKey));
    if (!node || typeof node !== 'object') return node;
    if (key === 'schema' || key === 'itemSchema' || parentKey === 'schemas') return normalizeSchema(node as Json, pointer, problems);
    const out: Json = {};
    for (const [child, value] of Object.entries(node as Json)) {
      // Examples are data, and extensions free-form: a `schema` key inside either is no schema.
      out[child] = child === 'example' || child === 'examples' || child.startsWith('x-') ? value : walk(value, pointerJoin(pointer, child), child, key);
    }
    return out;
  };
  return { document: walk(document, '#', undefined, undefined) as OpenApiDocument, problems };
}

/** One schema (and its subschemas) in 3.0's shape. */
export function normalizeSchema(schema: Json, pointer: string, problems: Problem[]): Json {
  if (Array.isArray(schema) || typeof schema !== 'object' || schema === null) return schema;
  let out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ONE.includes(key) && value && typeof value === 'object') out[key] = normalizeSchema(value as Json, pointerJoin(pointer, key), problems);
    else if (LIST.includes(key) && Array.isArray(value)) out[key] = value.map((v, i) => normalizeSchema(v as Json, pointerJoin(pointer, key, String(i)), problems));
    else if (MAP.includes(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([name, v]) => [name, normalizeSchema(v as Json, pointerJoin(pointer, key, name), problems)]));
    } else out[key] = value;
  }
  if ('nullable' in schema || typeof schema.exclusiveMinimum === 'boolean' || typeof schema.exclusiveMaximum === 'boolean') {
    problems.push({
      code: 'model/openapi-3.0-keyword',
      severity: 'warn',
      pointer,
      message: `${'nullable' in schema ? '`nullable`' : 'a boolean `exclusiveMinimum`/`exclusiveMaximum`'} is OpenAPI 3.0's, not JSON Schema 2020-12's: read as in 3.0`,
      hint: 'nullable: write `type: [T, "null"]`; exclusive bounds: write `exclusiveMinimum: <number>`',
    });
  }
  out = typeArray(out);
  if ('const' in out) {
    if (!('enum' in out)) out.enum = [out.const];
    delete out.const;
  }
  if (Array.isArray(out.examples)) {
    if (!('example' in out) && out.examples.length > 0) out.example = out.examples[0];
    delete out.examples;
  }
  exclusiveBound(out, 'exclusiveMinimum', 'minimum', (a, b) => a >= b);
  exclusiveBound(out, 'exclusiveMaximum', 'maximum', (a, b) => a <= b);
  nullBranch(out, 'anyOf');
  nullBranch(out, 'oneOf');
  bytes(out);
  out = refWithSiblings(out);
  for (const keyword of LOOSENED_KEYWORDS) {
    if (!(keyword in out)) continue;
    delete out[keyword];
    problems.push({
      code: 'model/loosened-keyword',
      severity: 'warn',
      pointer: pointerJoin(pointer, keyword),
      message: `\`${keyword}\` is not checked by the generated validators (zod, so the client, the mock and the MCP tools): they accept more than the document allows here`,
      hint: 'the types are unaffected; state the rule in the description, or check it in your own code',
    });
  }
  return out;
}

/** `type: [T, "null"]` -> `type: T, nullable: true`; several types -> `anyOf` of each. */
function typeArray(schema: Json): Json {
  const type = schema.type;
  if (type === 'null') {
    const { type: _type, ...rest } = schema;
    return { ...rest, nullable: true, enum: [null] };
  }
  if (!Array.isArray(type)) return schema;
  const types = [...new Set(type.filter((t): t is string => typeof t === 'string' && t !== 'null'))];
  const { type: _type, ...rest } = schema;
  const out: Json = type.includes('null') ? { ...rest, nullable: true } : rest;
  if (types.length === 1) out.type = types[0];
  else if (types.length === 0) out.enum = [null];
  else {
    if (Array.isArray(rest.anyOf)) out.allOf = [...(Array.isArray(rest.allOf) ? rest.allOf : []), { anyOf: rest.anyOf }];
    out.anyOf = types.map((t) => ({ type: t }));
  }
  return out;
}

/** 2020-12's numeric bound -> 3.0's `minimum` + boolean flag (the stricter of the two when both are given). */
function exclusiveBound(schema: Json, exclusive: string, inclusive: string, inclusiveIsStricter: (inclusive: number, exclusive: number) => boolean): void {
  const bound = schema[exclusive];
  if (typeof bound !== 'number') return;
  const other = schema[inclusive];
  if (typeof other === 'number' && other !== bound && inclusiveIsStricter(other, bound)) {
    delete schema[exclusive];
    return;
  }
  schema[inclusive] = bound;
  schema[exclusive] = true;
}

/** `anyOf: [X, {type: "null"}]` -> X's branches, `nullable: true`. */
function nullBranch(schema: Json, keyword: 'anyOf' | 'oneOf'): void {
  const branches = schema[keyword];
  if (!Array.isArray(branches)) return;
  const isNull = (b: unknown) => !!b && typeof b === 'object' && (b as Json).nullable === true && Array.isArray((b as Json).enum) && ((b as Json).enum as unknown[]).length === 1 && Object.keys(b as Json).length === 2;
  const rest = branches.filter((b) => !isNull(b));
  if (rest.length === branches.length || rest.length === 0) return;
  schema.nullable = true;
  if (rest.length > 1) {
    schema[keyword] = rest;
    return;
  }
  delete schema[keyword];
  schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), rest[0]];
}

/** 3.1 says a body of bytes with `contentMediaType`/`contentEncoding`; 3.0 with `format`. */
function bytes(schema: Json): void {
  if (schema.type !== 'string' || schema.format !== undefined) return;
  if (schema.contentEncoding === 'base64') schema.format = 'byte';
  else if (typeof schema.contentMediaType === 'string' && schema.contentEncoding === undefined && !TEXT_MEDIA.test(schema.contentMediaType)) schema.format = 'binary';
}

/** In 3.1 a `$ref`'s siblings apply too; 3.0 ignores them: constraining ones go beside it in an `allOf`. */
function refWithSiblings(schema: Json): Json {
  if (typeof schema.$ref !== 'string') return schema;
  const siblings = Object.keys(schema).filter((k) => k !== '$ref' && !ANNOTATIONS.has(k) && !k.startsWith('x-'));
  if (siblings.length === 0) return schema;
  const { $ref, ...rest } = schema;
  return { ...rest, allOf: [{ $ref }, ...(Array.isArray(rest.allOf) ? rest.allOf : [])] };
}
