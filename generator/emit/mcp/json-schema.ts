/**
 * OpenAPI 3.0 Schema Object -> JSON Schema draft 2020-12 (the dialect MCP assumes for `inputSchema`
 * and `outputSchema`). Pure. Component references become local `#/$defs/<typeName>` references,
 * `nullable` becomes `anyOf` with `{ type: 'null' }`, boolean `exclusiveMinimum`/`exclusiveMaximum`
 * become numbers, `example` becomes `examples`; every constraint is kept, the 2020-12 keywords of a
 * 3.1 or 3.2 document (`prefixItems`, `if`/`then`/`else`, `patternProperties`, ...) as they are. OpenAPI-only keywords
 * (`discriminator`, `xml`, `externalDocs`, `x-*`) and formats JSON Schema does not define are dropped.
 * Read in a direction, readOnly (request) or writeOnly (response) properties are left out with
 * their `required` entries, exactly as the zod validators of that direction leave them out (a
 * closed object keeps their names, unchecked: they are not additional properties).
 */
import { decodeToken, escapeToken } from '../../json-pointer.js';
import type { SchemaObject } from '../../model/types.js';
import { jsPattern } from '../../model/js-pattern.js';
import { forEachSubschema, mapSubschemaValue, subschemaKeyword } from '../../subschemas.js';
import { byCodeUnits } from '../../text-order.js';

/** A JSON Schema (2020-12) as plain JSON. */
export type JsonSchema = { [keyword: string]: unknown };

/** Formats JSON Schema 2020-12 defines; OpenAPI's own (`int32`, `double`, `binary`, ...) are not kept. */
const JSON_SCHEMA_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
]);

/** Keywords copied as they are (their meaning is the same in both dialects). */
const SAME = new Set([
  'title',
  'description',
  'type',
  'enum',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'required',
  'minProperties',
  'maxProperties',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minLength',
  'maxLength',
  'multipleOf',
  'minContains',
  'maxContains',
  'dependentRequired',
]);

/**
 * Whether a keyword holds subschemas in JSON Schema 2020-12 (OpenAPI 3.1) and says something where it
 * stands: kept, its subschemas converted. Definitions (`$defs`) are not: the model replaces a reference
 * into them, and a tool's `$defs` are the table's. Neither are the keywords 2020-12 dropped.
 */
function holdsSubschemas2020(key: string): boolean {
  const keyword = subschemaKeyword(key);
  return keyword !== undefined && keyword.role === 'applies' && keyword.versions.includes('3.1');
}

/** Annotations that stay on the outside when a nullable schema is wrapped in `anyOf`. */
const OUTER_ANNOTATIONS = ['title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly'];

/** How a `$ref` of the document becomes a local reference: returns the `$defs` key for it. */
export type RefNamer = (ref: string) => string;

/**
 * Which way the data travels: `request` drops readOnly properties (OpenAPI: not sent, and `required`
 * applies to responses only), `response` drops writeOnly ones, `schema` keeps both as annotations.
 */
export type Direction = 'schema' | 'request' | 'response';

/** Converts one schema; references are rewritten with `defName` and left for {@link withDefs} to collect. */
export function toJsonSchema(schema: SchemaObject, defName: RefNamer, direction: Direction = 'schema'): JsonSchema {
  // A boolean subschema (2020-12: `items: false`, `then: false`) means the same in both dialects.
  if (typeof schema === 'boolean') return schema as unknown as JsonSchema;
  const converted = convertCore(schema, defName, direction);
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

/** Names of the node's own properties that do not exist in this direction. */
function hiddenProperties(schema: SchemaObject, direction: Direction): Set<string> {
  const flag = direction === 'request' ? 'readOnly' : direction === 'response' ? 'writeOnly' : undefined;
  if (!flag) return new Set();
  return new Set(
    Object.entries(schema.properties ?? {})
      .filter(([, p]) => p?.[flag] === true)
      .map(([name]) => name),
  );
}

function convertCore(schema: SchemaObject, defName: RefNamer, direction: Direction): JsonSchema {
  const out: JsonSchema = {};
  const convert = (s: SchemaObject) => toJsonSchema(s, defName, direction);
  const hidden = hiddenProperties(schema, direction);
  if (schema.$ref) {
    // OpenAPI 3.0 ignores a reference's siblings; only its annotations are worth keeping.
    out.$ref = `#/$defs/${escapePointer(defName(schema.$ref))}`;
    if (schema.title !== undefined) out.title = schema.title;
    if (schema.description !== undefined) out.description = schema.description;
    return out;
  }
  for (const [key, value] of Object.entries(schema)) {
    if (value === undefined) continue;
    if (key === 'required' && hidden.size > 0) {
      const required = (value as string[]).filter((name) => !hidden.has(name));
      if (required.length > 0) out.required = required;
    } else if (SAME.has(key)) out[key] = value;
    else if (key === 'pattern') {
      const pattern = unicodePattern(value);
      if (pattern !== undefined) out.pattern = pattern;
    } else if (key === 'format') {
      if (JSON_SCHEMA_FORMATS.has(String(value))) out.format = value;
      else if (value === 'byte') out.contentEncoding = 'base64';
    } else if (key === 'example') out.examples = [value];
    else if (key === 'minimum' || key === 'maximum') {
      const exclusive = key === 'minimum' ? schema.exclusiveMinimum : schema.exclusiveMaximum;
      out[exclusive === true ? (key === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum') : key] = value;
    } else if (key === 'properties') {
      // In a closed object, a property absent in this direction is still declared, so not
      // additional: it may be there (the types ask for it where it is required), unchecked, as the
      // validators read additionalProperties. Elsewhere it is left out.
      const closed = schema.additionalProperties === false;
      const flag = direction === 'request' ? 'readOnly' : 'writeOnly';
      const kept = Object.entries(value as Record<string, SchemaObject>).filter(([name]) => closed || !hidden.has(name));
      out.properties = Object.fromEntries(kept.map(([name, s]) => [name, hidden.has(name) ? { [flag]: true } : convert(s)]));
    }
    // A discriminated oneOf is the branch its tag selects (as the validators read it), which JSON
    // Schema cannot say without the tag's values: anyOf, so that branches alike but for the tag's
    // value do not refuse every value.
    else if (key === 'oneOf' && schema.discriminator && !schema.anyOf) out.anyOf = mapSubschemaValue(key, value, convert);
    // The text of a parameter given by `content` (model/input.ts): what it holds, as annotations. A
    // body's media type alone (3.1's contentMediaType of bytes) is read as `format: binary` instead.
    else if (key === 'contentSchema') Object.assign(out, { contentMediaType: schema.contentMediaType, contentSchema: convert(value as SchemaObject) });
    else if (key === 'patternProperties') {
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, SchemaObject>).flatMap(([name, s]) => {
          const pattern = unicodePattern(name);
          return pattern === undefined ? [] : [[pattern, convert(s)]];
        }),
      );
    } else if (holdsSubschemas2020(key)) out[key] = mapSubschemaValue(key, value, convert);
    // nullable is handled by the caller; exclusive* with minimum/maximum; the rest has no JSON Schema meaning.
  }
  return out;
}

/**
 * A pattern as a JSON Schema consumer compiles it: ECMA-262 in Unicode mode, as ajv (the MCP SDK's
 * validator) does. Java's class names (`\p{XDigit}`) become the classes they name, as the zod
 * validators read them; a pattern JavaScript reads only without `u` (or not at all) is left out,
 * since an MCP client would fail to compile the tool's schema and refuse to call it. The server's
 * validators still check it (zod-primitives.ts, which warns of it).
 */
function unicodePattern(pattern: unknown): string | undefined {
  const read = typeof pattern === 'string' ? jsPattern(pattern) : undefined;
  return read?.flags === 'u' ? read.source : undefined;
}

/**
 * Makes `root` self-contained: adds under `$defs` every component it references, directly or
 * through other components, converted the same way. `$defs` is sorted by name for stable output.
 */
export function withDefs(root: JsonSchema, components: ReadonlyMap<string, JsonSchema>): JsonSchema {
  return withReachedDefs(root, reachedDefinitions(localNames(root), components));
}

/** `root` with `reached` (definitions by name) as its `$defs`, sorted by name; `root` itself when there are none. */
export function withReachedDefs(root: JsonSchema, reached: ReadonlyMap<string, JsonSchema>): JsonSchema {
  const defs = sortedDefs(reached);
  return defs ? { ...root, $defs: defs } : root;
}

/** The `$defs` object of the reached definitions, sorted by name; undefined when there are none. */
export function sortedDefs(reached: ReadonlyMap<string, JsonSchema>): JsonSchema | undefined {
  if (reached.size === 0) return undefined;
  const names = [...reached.keys()].sort(byCodeUnits);
  return Object.fromEntries(names.map((name) => [name, reached.get(name)])) as JsonSchema;
}

/**
 * Every component the definitions `names` are or reference, directly or through other components,
 * by name. A name in `skip` is neither taken nor followed.
 */
export function reachedDefinitions(
  names: readonly string[],
  components: ReadonlyMap<string, JsonSchema>,
  skip: ReadonlySet<string> = new Set(),
): Map<string, JsonSchema> {
  const reached = new Map<string, JsonSchema>();
  const add = (names: readonly string[]): void => {
    for (const name of names) {
      if (reached.has(name) || skip.has(name)) continue;
      const def = components.get(name);
      if (def === undefined) throw new Error(`reference to an unknown schema: #/$defs/${escapePointer(name)}`);
      reached.set(name, def);
      add(localNames(def));
    }
  };
  add(names);
  return reached;
}

/** The definition name a local reference (`#/$defs/<token>`) names. */
export function refName(ref: string): string {
  return decodeToken(ref.slice('#/$defs/'.length));
}

/**
 * The definitions a converted schema references anywhere inside (`#/$defs/...`), by name, each once
 * and sorted, found once per schema object: every tool's schemas reach the same components, and
 * walking each component again for every tool was most of the MCP emitter's time on large
 * documents. Converted schemas are never changed after conversion, so what a walk found stays true.
 */
export function localNames(schema: JsonSchema): readonly string[] {
  let names = localNamesOf.get(schema);
  if (!names) {
    const refs = collectLocalRefs(schema, []);
    names = refs.length === 0 ? [] : [...new Set(refs.map(refName))].sort(byCodeUnits);
    localNamesOf.set(schema, names);
  }
  return names;
}

const localNamesOf = new WeakMap<JsonSchema, readonly string[]>();

function collectLocalRefs(schema: JsonSchema, into: string[]): string[] {
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) into.push(ref);
  // Only where schemas are: a `$ref` inside an example or a default is data.
  forEachSubschema(schema, collectChild, into);
  return into;
}

function collectChild(child: JsonSchema, _keyword: string, _at: unknown, into: string[]): void {
  collectLocalRefs(child, into);
}

/** A JSON pointer segment inside a URI fragment (`~` and `/` escaped, then percent-encoded). */
function escapePointer(segment: string): string {
  return encodeURIComponent(escapeToken(segment));
}
