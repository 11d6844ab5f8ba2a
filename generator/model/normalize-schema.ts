import type { OpenApiDocument } from '../load/read-spec.js';
import type { Problem } from '../problems.js';
import { forEachSubschema, mapSubschemas } from '../subschemas.js';
import { inexactKeywords } from './evaluated.js';
import { pointerJoin, schemaRefName } from './refs.js';
import type { SchemaObject } from './types.js';

type Json = Record<string, unknown>;

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
 * Keywords without a 3.0 form (`prefixItems`, `if`, `patternProperties`, ...) are kept as they are:
 * the validators and the MCP schemas read them; where the validators cannot check one exactly
 * (evaluated-set keywords that depend on the value), a warning names it and its place
 * (`model/loosened-keyword`). A 3.0 document is returned as it is. Pure: the input is never changed;
 * JSON pointers stay valid (keys are kept).
 */
export function normalizeDocument(document: OpenApiDocument): { document: OpenApiDocument; problems: Problem[] } {
  const version = typeof document.openapi === 'string' ? document.openapi : '';
  if (!/^3\.[12]\./.test(version)) return { document, problems: [] };
  const problems: Problem[] = [];
  const roots: [Json, string][] = [];
  const walk = (node: unknown, pointer: string, key: string | undefined, parentKey: string | undefined): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => walk(item, `${pointer}/${i}`, key, parentKey));
    if (!node || typeof node !== 'object') return node;
    if (key === 'schema' || key === 'itemSchema' || parentKey === 'schemas') {
      const schema = toOpenApi30Schema(node as Json, pointer, problems);
      roots.push([schema, pointer]);
      return schema;
    }
    const out: Json = {};
    for (const [child, value] of Object.entries(node as Json)) {
      // Examples are data, and extensions free-form: a `schema` key inside either is no schema.
      out[child] = child === 'example' || child === 'examples' || child.startsWith('x-') ? value : walk(value, pointerJoin(pointer, child), child, key);
    }
    return out;
  };
  const normalized = walk(document, '#', undefined, undefined) as OpenApiDocument;
  problems.push(...loosenedKeywords(normalized, roots));
  return { document: normalized, problems };
}

/** A warning for each keyword the validators check less strictly than the document says (see model/evaluated.ts). */
function loosenedKeywords(document: OpenApiDocument, roots: readonly [Json, string][]): Problem[] {
  const components = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, SchemaObject>;
  const resolve = (schema: SchemaObject) => {
    const name = schemaRefName(schema);
    return name !== undefined && Object.hasOwn(components, name) ? components[name] : undefined;
  };
  const problems: Problem[] = [];
  const visit = (node: unknown, pointer: string): void => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    for (const keyword of inexactKeywords(node as SchemaObject, resolve)) {
      problems.push({
        code: 'model/loosened-keyword',
        severity: 'warn',
        pointer: pointerJoin(pointer, keyword),
        message: `\`${keyword}\` is checked less strictly by the generated validators (zod, so the client, the mock and the MCP tools' inputs) than the document says: which properties or items it covers depends on the branches the value passes; they accept more than the document allows here, never less`,
        hint: 'the types and the MCP JSON Schema keep it; list the properties in `properties` with `additionalProperties: false` where the branches allow it',
      });
    }
    forEachSubschema(node as Json, (child, keyword, at) => visit(child, childPointer(pointer, keyword, at)));
  };
  for (const [schema, pointer] of roots) visit(schema, pointer);
  return problems;
}

/** The pointer of a subschema: its keyword, then its index or name under a list or map keyword. */
function childPointer(pointer: string, keyword: string, at: string | number | undefined): string {
  return at === undefined ? pointerJoin(pointer, keyword) : pointerJoin(pointer, keyword, at);
}

/** One schema (and its subschemas, wherever they sit: subschemas.ts) in 3.0's shape. */
export function toOpenApi30Schema(schema: Json, pointer: string, problems: Problem[]): Json {
  if (Array.isArray(schema) || typeof schema !== 'object' || schema === null) return schema;
  let out = mapSubschemas(schema, (child, keyword, at) => toOpenApi30Schema(child, childPointer(pointer, keyword, at), problems));
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
  } else if (out.examples !== undefined) {
    // A map of Example objects, as a media type's: its first `value` is the
    // example; JSON Schema's `examples` is a list, and the tool schemas must stay valid JSON Schema.
    const first = out.examples && typeof out.examples === 'object' ? (Object.values(out.examples)[0] as { value?: unknown } | undefined) : undefined;
    if (!('example' in out) && first && typeof first === 'object' && 'value' in first) out.example = first.value;
    delete out.examples;
  }
  exclusiveBound(out, 'exclusiveMinimum', 'minimum', (a, b) => a >= b);
  exclusiveBound(out, 'exclusiveMaximum', 'maximum', (a, b) => a <= b);
  nullBranch(out, 'anyOf');
  nullBranch(out, 'oneOf');
  bytes(out);
  out = refWithSiblings(out);
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
  // An enum without null refuses null whatever the type says (3.0's `nullable` would admit it).
  const nullable = type.includes('null') && !(Array.isArray(rest.enum) && !rest.enum.includes(null));
  const out: Json = nullable ? { ...rest, nullable: true } : rest;
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
  const isNull = (b: unknown) =>
    !!b &&
    typeof b === 'object' &&
    (b as Json).nullable === true &&
    Array.isArray((b as Json).enum) &&
    ((b as Json).enum as unknown[]).length === 1 &&
    Object.keys(b as Json).length === 2;
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
  else if (typeof schema.contentMediaType === 'string' && schema.contentEncoding === undefined && !TEXT_MEDIA.test(schema.contentMediaType))
    schema.format = 'binary';
}

/** In 3.1 a `$ref`'s siblings apply too; 3.0 ignores them: constraining ones go beside it in an `allOf`. */
function refWithSiblings(schema: Json): Json {
  if (typeof schema.$ref !== 'string') return schema;
  const siblings = Object.keys(schema).filter((k) => k !== '$ref' && !ANNOTATIONS.has(k) && !k.startsWith('x-'));
  if (siblings.length === 0) return schema;
  const { $ref, ...rest } = schema;
  return { ...rest, allOf: [{ $ref }, ...(Array.isArray(rest.allOf) ? rest.allOf : [])] };
}
