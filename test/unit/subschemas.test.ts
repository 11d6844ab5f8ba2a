import { getTypes, normalizeTypes } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import {
  forEachSubschema,
  mapSubschemas,
  mapSubschemaValue,
  SUBSCHEMA_KEYWORDS,
  subschemaKeywords,
  type OpenApiVersion,
  type SubschemaReach,
} from '../../generator/subschemas.js';

type Json = Record<string, unknown>;

/**
 * The keywords that hold schemas in each version, as the specifications write them: OpenAPI 3.0's
 * Schema Object (its section 4.7.24, "properties taken from the JSON Schema definition but adjusted"),
 * and JSON Schema draft 2020-12 (Core section 10 "A Vocabulary for Applying Subschemas", 8.2.4
 * `$defs`; Validation section 8.5 `contentSchema`), the dialect of OpenAPI 3.1 and 3.2.
 */
const BY_VERSION: { given: OpenApiVersion; want: Record<'schema' | 'list' | 'map', string[]> }[] = [
  { given: '3.0', want: { schema: ['not', 'items', 'additionalProperties'], list: ['allOf', 'anyOf', 'oneOf'], map: ['properties'] } },
  ...(['3.1', '3.2'] as const).map((given) => ({
    given,
    want: {
      schema: [
        'not',
        'items',
        'additionalProperties',
        'contains',
        'unevaluatedItems',
        'propertyNames',
        'unevaluatedProperties',
        'if',
        'then',
        'else',
        'contentSchema',
      ],
      list: ['allOf', 'anyOf', 'oneOf', 'prefixItems'],
      map: ['properties', 'patternProperties', 'dependentSchemas', '$defs'],
    },
  })),
];

describe('the keywords that hold subschemas, by OpenAPI version', () => {
  it.each(BY_VERSION)('$given', ({ given, want }) => {
    expect({ schema: subschemaKeywords(given, 'schema'), list: subschemaKeywords(given, 'list'), map: subschemaKeywords(given, 'map') }).toStrictEqual(want);
  });

  it('keeps the keywords of drafts before 2020-12 apart, walked in every version', () => {
    const legacy = Object.entries(SUBSCHEMA_KEYWORDS).filter(([, keyword]) => keyword.versions.length === 0);
    expect(legacy.map(([name, keyword]) => [name, keyword.shape])).toStrictEqual([
      ['definitions', 'map'],
      ['additionalItems', 'schema'],
      ['dependencies', 'map'],
    ]);
    expect(legacy.every(([, keyword]) => typeof keyword.legacy === 'string')).toBe(true);
  });

  // redocly's types, an outside reading of the same specifications, judge the table: each keyword
  // whose value they read as Schema, a list of Schema or a map of Schema.
  it.each([
    ['3.0', 'oas3_0'],
    ['3.1', 'oas3_1'],
    ['3.2', 'oas3_2'],
  ] as const)("agrees with redocly's %s Schema type (%s)", (version, types) => {
    const read = redoclySchemaKeywords(types);
    const ours = Object.entries(SUBSCHEMA_KEYWORDS);
    // Every keyword redocly reads as schemas is ours, of that version (or one of the older drafts').
    for (const [name, shape] of read.shapes) {
      const keyword = SUBSCHEMA_KEYWORDS[name];
      expect(keyword?.shape, name).toBe(shape);
      expect(keyword?.versions.includes(version) || keyword?.legacy !== undefined, name).toBe(true);
    }
    // Every keyword of ours in that version, redocly reads so.
    expect(
      ours
        .filter(([, keyword]) => keyword.versions.includes(version))
        .map(([name]) => name)
        .filter((name) => !read.shapes.has(name)),
    ).toStrictEqual([]);
    // Where redocly reads a list of schemas under a one-schema keyword, so do we.
    for (const name of read.tuples) expect(SUBSCHEMA_KEYWORDS[name]?.tuple, name).toBe(true);
  });
});

/** A schema of every shape under `keyword`: two subschemas, and values that are no schema object. */
function holding(keyword: string): Json {
  const a = { title: 'a' };
  const b = { title: 'b' };
  const shape = SUBSCHEMA_KEYWORDS[keyword]?.shape;
  if (shape === 'list') return { [keyword]: [a, true, b] };
  if (shape === 'map') return { [keyword]: { first: a, no: false, names: ['x'], second: b } };
  return { [keyword]: a, other: b };
}

/** Each keyword with what a walk visits: [keyword, index or name, the child's title]. */
const VISITS: { given: string; want: [string, string | number | undefined, string][] }[] = [
  ...['allOf', 'anyOf', 'oneOf', 'prefixItems'].map((given) => ({
    given,
    want: [
      [given, 0, 'a'],
      [given, 2, 'b'],
    ] as [string, number, string][],
  })),
  ...['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions', 'dependencies'].map((given) => ({
    given,
    want: [
      [given, 'first', 'a'],
      [given, 'second', 'b'],
    ] as [string, string, string][],
  })),
  ...[
    'not',
    'items',
    'additionalProperties',
    'additionalItems',
    'contains',
    'unevaluatedItems',
    'propertyNames',
    'unevaluatedProperties',
    'if',
    'then',
    'else',
    'contentSchema',
  ].map((given) => ({ given, want: [[given, undefined, 'a']] as [string, undefined, string][] })),
];

function visits(schema: Json, reach: SubschemaReach = 'all'): [string, string | number | undefined, unknown][] {
  const seen: [string, string | number | undefined, unknown][] = [];
  forEachSubschema(schema, (child, keyword, at, into) => into.push([keyword, at, child.title]), seen, reach);
  return seen;
}

describe('forEachSubschema', () => {
  it('has a case for every keyword of the table', () => {
    expect(VISITS.map((c) => c.given).sort()).toStrictEqual(Object.keys(SUBSCHEMA_KEYWORDS).sort());
  });

  it.each(VISITS)('visits the subschemas under $given, and only objects', ({ given, want }) => {
    expect(visits(holding(given))).toStrictEqual(want);
  });

  it('visits in the order of the keys, and no other key (data, extensions, a $ref is not followed)', () => {
    const schema = {
      $ref: '#/components/schemas/A',
      example: { properties: { x: {} } },
      'x-schema': { title: 'no' },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword; the schema is never awaited
      then: { title: 'then' },
      allOf: [{ title: 'all' }],
      items: [{ title: 'tuple 0' }, { title: 'tuple 1' }],
      properties: { a: { title: 'a' } },
    };
    expect(visits(schema)).toStrictEqual([
      ['then', undefined, 'then'],
      ['allOf', 0, 'all'],
      ['items', 0, 'tuple 0'],
      ['items', 1, 'tuple 1'],
      ['properties', 'a', 'a'],
    ]);
  });

  it.each([
    { given: { allOf: { a: {} } }, want: [] },
    { given: { properties: [{}] }, want: [] },
    { given: { not: [{}] }, want: [] },
    { given: { not: null, if: true, items: false, additionalProperties: 'yes' }, want: [] },
  ])('skips a value of another shape than its keyword: $given', ({ given, want }) => {
    expect(visits(given as Json)).toStrictEqual(want);
  });

  it('leaves the definitions out when the walk is in place', () => {
    const schema = { $defs: { d: { title: 'd' } }, definitions: { e: { title: 'e' } }, items: { title: 'i' } };
    expect(visits(schema, 'in-place')).toStrictEqual([['items', undefined, 'i']]);
    expect(visits(schema).map(([keyword]) => keyword)).toStrictEqual(['$defs', 'definitions', 'items']);
  });
});

describe('mapSubschemas', () => {
  const mark = (child: Json, keyword: string, at: string | number | undefined) => ({ ...child, at: `${keyword}/${at ?? ''}` });

  it.each(VISITS)('replaces the subschemas under $given, keeping every other value', ({ given }) => {
    const schema = holding(given);
    const mapped = mapSubschemas(schema, mark);
    const shape = SUBSCHEMA_KEYWORDS[given]?.shape;
    const want =
      shape === 'list'
        ? { [given]: [mark({ title: 'a' }, given, 0), true, mark({ title: 'b' }, given, 2)] }
        : shape === 'map'
          ? { [given]: { first: mark({ title: 'a' }, given, 'first'), no: false, names: ['x'], second: mark({ title: 'b' }, given, 'second') } }
          : { [given]: mark({ title: 'a' }, given, undefined), other: { title: 'b' } };
    expect(mapped).toStrictEqual(want);
    expect(schema).toStrictEqual(holding(given));
  });

  it('keeps the keys in their order, copies, and keeps the definitions as they are in place', () => {
    const defs = { d: { title: 'd' } };
    const schema = { type: 'object', $defs: defs, properties: { b: {}, a: {} }, required: ['a'] };
    const mapped = mapSubschemas(schema, () => ({ mapped: true }), undefined, 'in-place');
    expect(Object.keys(mapped)).toStrictEqual(['type', '$defs', 'properties', 'required']);
    expect(Object.keys(mapped.properties)).toStrictEqual(['b', 'a']);
    expect(mapped.$defs).toBe(defs);
    expect(mapped.properties).not.toBe(schema.properties);
    expect(mapped.properties.a).toStrictEqual({ mapped: true });
  });

  it('keeps a property named __proto__ an own property', () => {
    const schema = JSON.parse('{"properties": {"__proto__": {"type": "string"}}, "__proto__": 1}') as Json;
    const mapped = mapSubschemas(schema, (child) => ({ ...child, seen: true })) as { properties: Json };
    expect(Object.keys(mapped)).toStrictEqual(['properties', '__proto__']);
    expect(Object.getPrototypeOf(mapped.properties)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(mapped.properties, '__proto__')?.value).toStrictEqual({ type: 'string', seen: true });
  });

  it('maps one keyword value alike (mapSubschemaValue), and keeps a key that holds no schema', () => {
    expect(mapSubschemaValue('prefixItems', [{ title: 'a' }, false], mark)).toStrictEqual([mark({ title: 'a' }, 'prefixItems', 0), false]);
    expect(mapSubschemaValue('enum', [{ title: 'a' }], mark)).toStrictEqual([{ title: 'a' }]);
  });
});

/** The keywords redocly's Schema type (of `types`) reads as schemas, by shape, and those it reads as a list under a one-schema keyword. */
function redoclySchemaKeywords(types: 'oas3_0' | 'oas3_1' | 'oas3_2'): { shapes: Map<string, string>; tuples: string[] } {
  const all = normalizeTypes(getTypes(types)) as Record<string, { properties: Record<string, unknown> }>;
  const shapes = new Map<string, string>();
  const tuples: string[] = [];
  type Type = { name?: string; items?: unknown; additionalProperties?: unknown } | undefined;
  const resolve = (type: unknown, value: unknown, key: string): Type =>
    (typeof type === 'function' ? (type as (value: unknown, key: string) => unknown)(value, key) : type) as Type;
  const isSchema = (type: Type) => type?.name === 'Schema';
  for (const [key, declared] of Object.entries(all.Schema?.properties ?? {})) {
    const type = resolve(declared, {}, key);
    if (isSchema(type)) shapes.set(key, 'schema');
    else if (type?.items !== undefined && isSchema(resolve(type.items, {}, '0'))) shapes.set(key, 'list');
    else if (type?.additionalProperties !== undefined && isSchema(resolve(type.additionalProperties, {}, 'name'))) shapes.set(key, 'map');
    const asList = resolve(declared, [], key);
    if (shapes.get(key) === 'schema' && asList?.items !== undefined && isSchema(resolve(asList.items, {}, '0'))) tuples.push(key);
  }
  return { shapes, tuples };
}
