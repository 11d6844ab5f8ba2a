/**
 * OpenAPI 3.0 Schema Object -> JSON Schema draft 2020-12 (the dialect MCP assumes for `inputSchema`
 * and `outputSchema`). Pure. Component references become local `#/$defs/<typeName>` references,
 * `nullable` becomes `anyOf` with `{ type: 'null' }`, boolean `exclusiveMinimum`/`exclusiveMaximum`
 * become numbers, `example` becomes `examples`; every constraint is kept. OpenAPI-only keywords
 * (`discriminator`, `xml`, `externalDocs`, `x-*`) and formats JSON Schema does not define are dropped.
 */
import type { SchemaObject } from '../../model/types.js';

/** A JSON Schema (2020-12) as plain JSON. */
export type JsonSchema = { [keyword: string]: unknown };

/** Formats JSON Schema 2020-12 defines; OpenAPI's own (`int32`, `double`, `binary`, ...) are not kept. */
const JSON_SCHEMA_FORMATS = new Set([
  'date-time', 'date', 'time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6',
  'uri', 'uri-reference', 'iri', 'iri-reference', 'uuid', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex',
]);

/** Keywords copied as they are (their meaning is the same in both dialects). */
const SAME = new Set([
  'title', 'description', 'type', 'enum', 'default', 'deprecated', 'readOnly', 'writeOnly', 'required',
  'minProperties', 'maxProperties', 'minItems', 'maxItems', 'uniqueItems', 'minLength', 'maxLength', 'pattern', 'multipleOf',
]);

/** Annotations that stay on the outside when a nullable schema is wrapped in `anyOf`. */
const OUTER_ANNOTATIONS = ['title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly'];

/** How a `$ref` of the document becomes a local reference: returns the `$defs` key for it. */
export type RefNamer = (ref: string) => string;

/** Converts one schema; references are rewritten with `defName` and left for {@link withDefs} to collect. */
export function toJsonSchema(schema: SchemaObject, defName: RefNamer): JsonSchema {
  const converted = convertCore(schema, defName);
  if (schema.nullable !== true || schema.$ref) return converted;
  const outer: JsonSchema = {};
  const inner: JsonSchema = { ...converted };
  for (const key of OUTER_ANNOTATIONS) {
    if (key in inner) {
      outer[key] = inner[key];
      delete inner[key];
    }
  }
  return { ...outer, anyOf: [inner, { type: 'null' }] };
}

function convertCore(schema: SchemaObject, defName: RefNamer): JsonSchema {
  const out: JsonSchema = {};
  if (schema.$ref) {
    // OpenAPI 3.0 ignores a reference's siblings; only its annotations are worth keeping.
    out.$ref = `#/$defs/${escapePointer(defName(schema.$ref))}`;
    if (schema.title !== undefined) out.title = schema.title;
    if (schema.description !== undefined) out.description = schema.description;
    return out;
  }
  for (const [key, value] of Object.entries(schema)) {
    if (value === undefined) continue;
    if (SAME.has(key)) out[key] = value;
    else if (key === 'format') {
      if (JSON_SCHEMA_FORMATS.has(String(value))) out.format = value;
      else if (value === 'byte') out.contentEncoding = 'base64';
    } else if (key === 'example') out.examples = [value];
    else if (key === 'minimum' || key === 'maximum') {
      const exclusive = key === 'minimum' ? schema.exclusiveMinimum : schema.exclusiveMaximum;
      out[exclusive === true ? (key === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum') : key] = value;
    } else if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, SchemaObject>).map(([name, s]) => [name, toJsonSchema(s, defName)]));
    } else if (key === 'items' || key === 'not') out[key] = toJsonSchema(value as SchemaObject, defName);
    else if (key === 'additionalProperties') out[key] = typeof value === 'boolean' ? value : toJsonSchema(value as SchemaObject, defName);
    else if (key === 'allOf' || key === 'oneOf' || key === 'anyOf') out[key] = (value as SchemaObject[]).map((s) => toJsonSchema(s, defName));
    // nullable is handled by the caller; exclusive* with minimum/maximum; the rest has no JSON Schema meaning.
  }
  return out;
}

/**
 * Makes `root` self-contained: adds under `$defs` every component it references, directly or
 * through other components, converted the same way. `$defs` is sorted by name for stable output.
 */
export function withDefs(root: JsonSchema, components: ReadonlyMap<string, JsonSchema>): JsonSchema {
  const needed = new Map<string, JsonSchema>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
        const name = unescapePointer(value.slice('#/$defs/'.length));
        const def = components.get(name);
        if (def === undefined) throw new Error(`reference to an unknown schema: ${value}`);
        if (!needed.has(name)) {
          needed.set(name, def);
          visit(def);
        }
      } else visit(value);
    }
  };
  visit(root);
  if (needed.size === 0) return root;
  const names = [...needed.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { ...root, $defs: Object.fromEntries(names.map((name) => [name, needed.get(name)])) };
}

/** A JSON pointer segment inside a URI fragment (`~` and `/` escaped, then percent-encoded). */
function escapePointer(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
}

function unescapePointer(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
}
