/**
 * The keywords of a Schema Object whose values are schemas, for OpenAPI 3.0, 3.1 and 3.2, and the
 * one walk over them. Every part that visits or rewrites the schemas inside a schema (load, model,
 * the outputs) walks with {@link forEachSubschema} or {@link mapSubschemas}, or reads the table:
 * nowhere else is a list of such keywords written (test/architecture/one-subschema-table.test.ts).
 */

/** The OpenAPI versions a keyword table is kept for. */
export type OpenApiVersion = '3.0' | '3.1' | '3.2';

/** One schema; an ordered list of them; or a map of them by name (a property, a pattern, a definition's name). */
export type SubschemaShape = 'schema' | 'list' | 'map';

/** A keyword whose value holds schemas, and where it is one. */
export interface SubschemaKeyword {
  shape: SubschemaShape;
  /** The OpenAPI versions whose Schema Object has it (3.1 and 3.2: JSON Schema draft 2020-12). */
  versions: readonly OpenApiVersion[];
  /**
   * `applies`: the value is read against the subschema where the schema stands. `defines`: the
   * subschemas are held for `$ref`s to name, and say nothing where they are written.
   */
  role: 'applies' | 'defines';
  /** A list of schemas is read as well (`items`' tuple form before 2020-12, which redocly's 3.0 types read too). */
  tuple?: true;
  /** An entry of the map may be a list of property names instead of a schema (draft 7's `dependencies`). */
  names?: true;
  /** Why a keyword no version has is walked: what writes it. */
  legacy?: string;
}

const OAS3 = ['3.0', '3.1', '3.2'] as const;
const JSON_SCHEMA_2020 = ['3.1', '3.2'] as const;
const DRAFT_7 = 'JSON Schema draft 2019-09 and before, which documents still write (a 3.1 or 3.2 document may declare such a dialect)';

/**
 * Every keyword that holds schemas. OpenAPI 3.0's Schema Object has seven; 3.1 and 3.2 take JSON
 * Schema draft 2020-12's applicators and `$defs` (3.2 adds no keyword of this kind). The legacy
 * ones are walked in every version: a schema there is a schema wherever a `$ref` reaches it.
 */
export const SUBSCHEMA_KEYWORDS: Readonly<Record<string, SubschemaKeyword>> = Object.freeze({
  allOf: { shape: 'list', versions: OAS3, role: 'applies' },
  anyOf: { shape: 'list', versions: OAS3, role: 'applies' },
  oneOf: { shape: 'list', versions: OAS3, role: 'applies' },
  not: { shape: 'schema', versions: OAS3, role: 'applies' },
  items: { shape: 'schema', versions: OAS3, role: 'applies', tuple: true },
  properties: { shape: 'map', versions: OAS3, role: 'applies' },
  additionalProperties: { shape: 'schema', versions: OAS3, role: 'applies' },
  prefixItems: { shape: 'list', versions: JSON_SCHEMA_2020, role: 'applies' },
  contains: { shape: 'schema', versions: JSON_SCHEMA_2020, role: 'applies' },
  unevaluatedItems: { shape: 'schema', versions: JSON_SCHEMA_2020, role: 'applies' },
  patternProperties: { shape: 'map', versions: JSON_SCHEMA_2020, role: 'applies' },
  propertyNames: { shape: 'schema', versions: JSON_SCHEMA_2020, role: 'applies' },
  dependentSchemas: { shape: 'map', versions: JSON_SCHEMA_2020, role: 'applies' },
  unevaluatedProperties: { shape: 'schema', versions: JSON_SCHEMA_2020, role: 'applies' },
  if: { shape: 'schema', versions: JSON_SCHEMA_2020, role: 'applies' },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword; the table is never awaited
  then: { shape: 'schema', versions: JSON_SCHEMA_2020, role: 'applies' },
  else: { shape: 'schema', versions: JSON_SCHEMA_2020, role: 'applies' },
  // The schema of a string's decoded content (an annotation validators need not check; the MCP schemas keep it).
  contentSchema: { shape: 'schema', versions: JSON_SCHEMA_2020, role: 'applies' },
  $defs: { shape: 'map', versions: JSON_SCHEMA_2020, role: 'defines' },
  definitions: { shape: 'map', versions: [], role: 'defines', legacy: DRAFT_7 },
  additionalItems: { shape: 'schema', versions: [], role: 'applies', legacy: DRAFT_7 },
  // Draft 7's `dependencies`: an entry is a schema (now dependentSchemas) or a list of names (now dependentRequired).
  dependencies: { shape: 'map', versions: [], role: 'applies', names: true, legacy: DRAFT_7 },
} satisfies Record<string, SubschemaKeyword>);

/** The table as a map: a lookup per key of every schema walked. */
const KEYWORDS: ReadonlyMap<string, SubschemaKeyword> = new Map(Object.entries(SUBSCHEMA_KEYWORDS));

/** The keywords of `shape` that `version` defines, in the table's order. */
export function subschemaKeywords(version: OpenApiVersion, shape: SubschemaShape): string[] {
  return Object.keys(SUBSCHEMA_KEYWORDS).filter((name) => {
    const keyword = SUBSCHEMA_KEYWORDS[name] as SubschemaKeyword;
    return keyword.shape === shape && keyword.versions.includes(version);
  });
}

/** The keyword named `key`, if it holds schemas. */
export function subschemaKeyword(key: string): SubschemaKeyword | undefined {
  return KEYWORDS.get(key);
}

/**
 * Which subschemas a walk visits: `all`, or `in-place`, every one but the definitions (`$defs`,
 * `definitions`), which apply only where a `$ref` names them (and are reached there).
 */
export type SubschemaReach = 'all' | 'in-place';

/**
 * Called with a subschema, the keyword it sits under, its index or name under a list or map
 * keyword (undefined under a one-schema keyword), and the walk's context.
 */
export type SubschemaVisitor<S, C> = (child: S, keyword: string, at: string | number | undefined, context: C) => void;

/**
 * Calls `visit` with each direct subschema of `schema` that is an object, in the schema's key
 * order (a boolean schema holds nothing; a `$ref` is not followed). The context is handed to each
 * call, so that a recursive walk needs no closure per schema. A value of another shape than the
 * keyword's is skipped (but for `items`' tuple form).
 */
export function forEachSubschema<S extends object, C = undefined>(schema: S, visit: SubschemaVisitor<S, C>, context?: C, reach: SubschemaReach = 'all'): void {
  const record = schema as Record<string, unknown>;
  for (const key in record) {
    const keyword = KEYWORDS.get(key);
    if (keyword === undefined || (reach === 'in-place' && keyword.role === 'defines')) continue;
    const value = record[key];
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      if (keyword.shape === 'list' || keyword.tuple) {
        for (let i = 0; i < value.length; i++) if (isSchemaObject(value[i])) visit(value[i], key, i, context as C);
      }
    } else if (keyword.shape === 'schema') visit(value as S, key, undefined, context as C);
    else if (keyword.shape === 'map') {
      const entries = value as Record<string, unknown>;
      for (const name in entries) if (isSchemaObject(entries[name])) visit(entries[name] as S, key, name, context as C);
    }
  }
}

/**
 * A copy of `schema`, its keys in their order, each subschema (as {@link forEachSubschema} finds
 * them) replaced by what `map` returns; lists and maps of subschemas are copied, and every other
 * value (a boolean schema, a list of names under `dependencies`) is kept as it is.
 */
export function mapSubschemas<S extends object, C = undefined>(schema: S, map: SubschemaMapper<S, C>, context?: C, reach: SubschemaReach = 'all'): S {
  const record = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in record) {
    const keyword = KEYWORDS.get(key);
    const value = record[key];
    setOwn(
      out,
      key,
      keyword === undefined || (reach === 'in-place' && keyword.role === 'defines') ? value : mapKeywordValue(key, keyword, value, map, context as C),
    );
  }
  return out as S;
}

/** Returns what replaces a subschema in {@link mapSubschemas}. */
export type SubschemaMapper<S, C> = (child: S, keyword: string, at: string | number | undefined, context: C) => unknown;

/**
 * The value of `key` in a schema with each subschema in it replaced by what `map` returns, as
 * {@link mapSubschemas} replaces them; the value itself for a key that holds no schemas.
 */
export function mapSubschemaValue<S extends object, C = undefined>(key: string, value: unknown, map: SubschemaMapper<S, C>, context?: C): unknown {
  const keyword = KEYWORDS.get(key);
  return keyword === undefined ? value : mapKeywordValue(key, keyword, value, map, context as C);
}

function mapKeywordValue<S extends object, C>(key: string, keyword: SubschemaKeyword, value: unknown, map: SubschemaMapper<S, C>, context: C): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (keyword.shape !== 'list' && !keyword.tuple) return value;
    return value.map((item, i) => (isSchemaObject(item) ? map(item as S, key, i, context) : item));
  }
  if (keyword.shape === 'schema') return map(value as S, key, undefined, context);
  if (keyword.shape === 'list') return value;
  const entries = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const name in entries) setOwn(copy, name, isSchemaObject(entries[name]) ? map(entries[name] as S, key, name, context) : entries[name]);
  return copy;
}

/** `record[key] = value`, an own property even for the key `__proto__` (a property may be named so). */
function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

/** A schema with keywords: an object that is not a list (a boolean schema holds no subschema). */
function isSchemaObject(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
