/**
 * The keywords of a schema no rule of its own reads (`not`, `prefixItems`, `contains`,
 * `propertyNames`, `if`/`then`/`else`, ...): each is compared pairwise, through its subschemas, and
 * where it differs at all it is recorded as one `schema-keyword` change, which the checker calls
 * breaking and says was not judged. Silence here would read as "no change"; the validators check
 * these keywords.
 */
import { escapeToken } from '../../json-pointer.js';
import type { SchemaObject } from '../../model/types.js';
import { isPlainObject } from '../../synthesis/conform.js';
import { mapSubschemas, SUBSCHEMA_KEYWORDS, type SubschemaKeyword } from '../../subschemas.js';
import { isAnnotation } from './equivalent-forms.js';
import type { Where } from './record.js';
import type { SchemaAt } from './schema-view.js';
import { recordSchema, type SchemaWalk } from './schema-walk.js';

/**
 * The subschema keywords compared by rules of their own (schemas.ts, composition.ts): properties
 * and other properties, an array's items, the choices. Every other keyword of the table is compared here.
 */
const OWN_RULES: Readonly<Record<string, true>> = { properties: true, additionalProperties: true, items: true, allOf: true, anyOf: true, oneOf: true };

/** Keywords that hold no schema and that the validators check, with no rule of their own. */
const VALUE_KEYWORDS = ['minContains', 'maxContains', 'dependentRequired'] as const;

/** Records each keyword no other comparison reads that differs between the two schemas. */
export function compareOtherKeywords(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, where: Where): void {
  for (const [keyword, table] of Object.entries(SUBSCHEMA_KEYWORDS) as [string, SubschemaKeyword][]) {
    // Definitions say nothing where they are written: a `$ref` that names one is compared where it stands.
    if (table.role === 'defines' || OWN_RULES[keyword]) continue;
    if (subschemasDiffer(walk, o, n, keyword, table, where)) recordKeyword(walk, o, n, keyword, where);
  }
  for (const keyword of VALUE_KEYWORDS) if (JSON.stringify(o.schema[keyword]) !== JSON.stringify(n.schema[keyword])) recordKeyword(walk, o, n, keyword, where);
}

/** Records `keyword` at the place as changed (added or removed where one side lacks it). */
export function recordKeyword(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, keyword: string, where: Where): void {
  const had = keywordValue(o.schema, keyword) !== undefined;
  const has = keywordValue(n.schema, keyword) !== undefined;
  recordSchema(walk, {
    keyword: 'schema-keyword',
    where,
    ...(had ? { old: keyword } : {}),
    ...(has ? { new: keyword } : {}),
    oldPointer: had ? `${o.pointer}/${keyword}` : o.pointer,
    newPointer: has ? `${n.pointer}/${keyword}` : n.pointer,
    facts: { keyword },
  });
}

function keywordValue(schema: SchemaObject, keyword: string): unknown {
  return (schema as Record<string, unknown>)[keyword];
}

/**
 * True when the keyword's value differs: present on one side only, of another shape, or with a
 * subschema in which the walk finds any change (references followed). What changed below is not
 * judged by its own rules: under `not` or `if` a tighter schema accepts more, not less.
 */
function subschemasDiffer(walk: SchemaWalk, o: SchemaAt, n: SchemaAt, keyword: string, table: SubschemaKeyword, where: Where): boolean {
  const a = keywordValue(o.schema, keyword);
  const b = keywordValue(n.schema, keyword);
  if (a === undefined && b === undefined) return false;
  if (a === undefined || b === undefined) return true;
  const pairs: [unknown, unknown, string][] = [];
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return true;
    for (const [i, item] of a.entries()) pairs.push([item, b[i], `/${i}`]);
  } else if (table.shape === 'map' && isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length || keys.some((key) => !Object.hasOwn(b, key))) return true;
    for (const key of keys) pairs.push([a[key], b[key], `/${escapeToken(key)}`]);
  } else pairs.push([a, b, '']);
  return pairs.some(([x, y, step]) => schemasDiffer(walk, x, y, `${o.pointer}/${keyword}${step}`, `${n.pointer}/${keyword}${step}`, where));
}

/**
 * Two values where schemas stand: they differ where their keywords do as written (annotations
 * aside), or where the walk finds a change below (a component they name changed). Both, because
 * the walk reads only what has a rule (`required` with no properties beside it, say, it does not).
 */
function schemasDiffer(walk: SchemaWalk, a: unknown, b: unknown, oldPointer: string, newPointer: string, where: Where): boolean {
  if (JSON.stringify(written(a)) !== JSON.stringify(written(b))) return true;
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const outer = walk.out;
  walk.out = [];
  walk.visit(walk, { schema: a as SchemaObject, pointer: oldPointer }, { schema: b as SchemaObject, pointer: newPointer }, where);
  const found = walk.out.length > 0;
  walk.out = outer;
  return found;
}

/** A value as written, without the keywords that only describe, in every schema within. */
function written(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (!isAnnotation(key)) kept[key] = v;
  return mapSubschemas(kept, written);
}
