import { describe, expect, it } from 'vitest';
import { buildModel } from '../../generator/model/build-model.js';
import type { SchemaObject } from '../../generator/model/types.js';
import { buildNotedFixture, modelResolver, type FixtureNotes, type FixtureValue } from '../../generator/synthesis/build-fixture.js';
import { synthContext, synthesize } from '../../generator/synthesis/synthesize.js';
import { documentJudge } from '../helpers/ajv.js';

// Fixture synthesis in process, case by case: each value is judged by ajv against the schema it was
// made for, so a value that only looks right to the synthesis itself does not pass.

const source = { path: 'test.yaml', label: 'test.yaml', hash: 'h' };
const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });

/** Components the cases reference; each case's own schema is added beside them, for the judge to reach. */
const shared: Record<string, SchemaObject> = {
  Node: { type: 'object', required: ['value'], properties: { value: { type: 'integer', enum: [7] }, next: ref('Node') } },
  Tree: { type: 'object', properties: { leaf: { type: 'boolean', enum: [true] }, children: { type: 'array', items: ref('Tree') } } },
  Chain: { type: 'object', required: ['next'], properties: { next: ref('Chain') } },
  Defaulted: { type: 'object', properties: { mode: { type: 'string', default: 'x' }, next: ref('Defaulted') } },
  NullableChain: { type: 'object', nullable: true, required: ['next'], properties: { next: ref('NullableChain') } },
  Cat: { type: 'object', required: ['kind', 'meows'], properties: { kind: { type: 'string' }, meows: { type: 'boolean', enum: [true] } } },
  Dog: { type: 'object', required: ['kind', 'barks'], properties: { kind: { type: 'string' }, barks: { type: 'boolean', enum: [true] } } },
};

type Made = { value: unknown; unsatisfied: string[] };

/**
 * A synthesizer and a judge over the shared components plus `cases`, each case's schema a
 * component of its own: `make(name)` synthesizes it as the fixtures do (the model's resolver, which
 * gives discriminated branches their tags), `judge(name, value)` lists ajv's errors.
 */
function setUp(cases: Record<string, SchemaObject>) {
  const document = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {}, components: { schemas: { ...shared, ...cases } } };
  const { model } = buildModel(structuredClone(document), { apiName: 'test', source });
  const resolve = modelResolver(model);
  const judge = documentJudge(structuredClone(document));
  return {
    make(name: string, seed = 'case/params', direction: 'request' | 'response' = 'request'): Made {
      const unsatisfied: string[] = [];
      const value = synthesize(ref(name), synthContext({ seed, resolve, direction, unsatisfied }));
      return { value, unsatisfied };
    },
    judge: (name: string, value: unknown) => judge.validate(`#/components/schemas/${name}`, value).errors,
  };
}

/** Case names are component names: spaces and punctuation become `_`. */
const key = (name: string) => name.replace(/[^A-Za-z0-9]+/g, '_');

/** What a value is, by JSON kind, and its size where it has one (code points, items, keys). */
function observe(value: unknown): { kind: string; size?: number } {
  if (value === null) return { kind: 'null' };
  if (Array.isArray(value)) return { kind: 'array', size: value.length };
  if (typeof value === 'string') return { kind: 'string', size: [...value].length };
  if (typeof value === 'number') return { kind: Number.isInteger(value) ? 'integer' : 'number' };
  if (typeof value === 'object') return { kind: 'object', size: Object.keys(value).length };
  return { kind: typeof value };
}

describe('synthesize: a valid value of every kind', () => {
  const cases: [string, { given: SchemaObject; want: { kind: string; size?: number } }][] = [
    ['string', { given: { type: 'string' }, want: { kind: 'string', size: expect.any(Number) as number } }],
    ['integer', { given: { type: 'integer' }, want: { kind: 'integer' } }],
    ['number', { given: { type: 'number', minimum: 0.1, maximum: 0.9 }, want: { kind: 'number' } }],
    ['boolean', { given: { type: 'boolean' }, want: { kind: 'boolean' } }],
    ['array of two items by default', { given: { type: 'array', items: { type: 'integer' } }, want: { kind: 'array', size: 2 } }],
    [
      'object of its declared properties',
      { given: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' }, c: { type: 'boolean' } } }, want: { kind: 'object', size: 3 } },
    ],
    ['map: one entry', { given: { type: 'object', additionalProperties: { type: 'integer' } }, want: { kind: 'object', size: 1 } }],
    ['no type: an empty object', { given: {}, want: { kind: 'object', size: 0 } }],
    ['string of fixed length', { given: { type: 'string', minLength: 12, maxLength: 12 }, want: { kind: 'string', size: 12 } }],
    ['short string', { given: { type: 'string', maxLength: 2 }, want: { kind: 'string', size: expect.any(Number) as number } }],
    ['pattern', { given: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' }, want: { kind: 'string', size: 8 } }],
    ['number of format int32 is whole', { given: { type: 'number', format: 'int32' }, want: { kind: 'integer' } }],
    // Names such as price make fractions, unless the format says whole (ajv checks int32 and int64).
    [
      'numbers named for fractions, of formats int32 and int64',
      {
        given: {
          type: 'object',
          required: ['price', 'ratio'],
          properties: { price: { type: 'number', format: 'int32' }, ratio: { type: 'number', format: 'int64' } },
        },
        want: { kind: 'object', size: 2 },
      },
    ],
    ['number bounded below a whole number', { given: { type: 'number', minimum: 2.5, maximum: 2.75 }, want: { kind: 'number' } }],
    ['array within minItems and maxItems', { given: { type: 'array', minItems: 4, maxItems: 5, items: { type: 'string' } }, want: { kind: 'array', size: 4 } }],
    ['array at most one item', { given: { type: 'array', maxItems: 1, items: { type: 'integer' } }, want: { kind: 'array', size: 1 } }],
    ['unique items', { given: { type: 'array', minItems: 3, uniqueItems: true, items: { type: 'integer' } }, want: { kind: 'array', size: 3 } }],
    [
      'object of at least three entries',
      { given: { type: 'object', minProperties: 3, additionalProperties: { type: 'string' } }, want: { kind: 'object', size: 3 } },
    ],
    [
      'object of at most one property: optional ones go',
      { given: { type: 'object', maxProperties: 1, properties: { a: { type: 'string' }, b: { type: 'string' } } }, want: { kind: 'object', size: 1 } },
    ],
    [
      'nested objects and arrays',
      {
        given: {
          type: 'object',
          required: ['list'],
          properties: {
            list: { type: 'array', minItems: 1, items: { type: 'object', required: ['at'], properties: { at: { type: 'string', format: 'date-time' } } } },
          },
        },
        want: { kind: 'object', size: 1 },
      },
    ],
    ['nullable string: a string, not null', { given: { type: 'string', nullable: true }, want: { kind: 'string', size: expect.any(Number) as number } }],
    ['anyOf of scalars', { given: { anyOf: [{ type: 'integer', minimum: 10 }, { type: 'string' }] }, want: { kind: 'integer' } }],
  ];
  const { make, judge } = setUp(Object.fromEntries(cases.map(([name, { given }]) => [key(name), given])));

  it.each(cases)('%s', (name, { want }) => {
    const { value, unsatisfied } = make(key(name));
    expect({ ...observe(value), errors: judge(key(name), value), unsatisfied }, JSON.stringify(value)).toStrictEqual({ ...want, errors: [], unsatisfied: [] });
  });

  it('the judge is not lenient', () => {
    expect(judge(key('string of fixed length'), 'short')).not.toStrictEqual([]);
    expect(judge(key('unique items'), [1, 1, 2])).not.toStrictEqual([]);
    expect(judge(key('object of at most one property: optional ones go'), { a: 'x', b: 'y' })).not.toStrictEqual([]);
    expect(judge(key('array at most one item'), [1, 2])).not.toStrictEqual([]);
  });
});

describe('synthesize: formats', () => {
  const cases: [string, { given: SchemaObject; want: RegExp }][] = [
    ['date-time', { given: { type: 'string', format: 'date-time' }, want: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/ }],
    ['date', { given: { type: 'string', format: 'date' }, want: /^\d{4}-\d\d-\d\d$/ }],
    ['time', { given: { type: 'string', format: 'time' }, want: /^\d\d:\d\d:\d\dZ$/ }],
    ['email', { given: { type: 'string', format: 'email' }, want: /^[a-z]+@example\.com$/ }],
    ['uri', { given: { type: 'string', format: 'uri' }, want: /^https:\/\/example\.com\// }],
    ['uuid', { given: { type: 'string', format: 'uuid' }, want: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/ }],
    ['ipv4', { given: { type: 'string', format: 'ipv4' }, want: /^\d+\.\d+\.\d+\.\d+$/ }],
    ['ipv6', { given: { type: 'string', format: 'ipv6' }, want: /^[0-9a-f:]+$/ }],
    ['hostname', { given: { type: 'string', format: 'hostname' }, want: /^[a-z0-9.-]+$/ }],
    ['byte', { given: { type: 'string', format: 'byte' }, want: /^[A-Za-z0-9+/]+=*$/ }],
    ['duration', { given: { type: 'string', format: 'duration' }, want: /^P/ }],
    ['a format whose value must also meet a pattern', { given: { type: 'string', format: 'password', pattern: '^[0-9]{15}$' }, want: /^[0-9]{15}$/ }],
    ['a format within lengths', { given: { type: 'string', format: 'email', maxLength: 40, minLength: 30 }, want: /^.{30,40}$/ }],
  ];
  const { make, judge } = setUp(Object.fromEntries(cases.map(([name, { given }]) => [key(name), given])));

  it.each(cases)('%s', (name, { want }) => {
    const { value, unsatisfied } = make(key(name));
    expect({ matches: want.test(String(value)), errors: judge(key(name), value), unsatisfied }, JSON.stringify(value)).toStrictEqual({
      matches: true,
      errors: [],
      unsatisfied: [],
    });
  });
});

describe('synthesize: values the schema decides', () => {
  // Each schema leaves one value to make (an enum, bounds that meet, an example, a default), or the
  // rule of which one is made is part of the contract (the first enum value, the first oneOf branch).
  const cases: [string, { given: SchemaObject; want: Made }][] = [
    ['the first enum value', { given: { type: 'string', enum: ['default', 'pet', 'cartoon'] }, want: { value: 'default', unsatisfied: [] } }],
    ['an integer enum', { given: { type: 'integer', enum: [3, 9, 11] }, want: { value: 3, unsatisfied: [] } }],
    ['the first enum value its own bounds take', { given: { type: 'string', enum: ['MALE', 'F'], maxLength: 1 }, want: { value: 'F', unsatisfied: [] } }],
    [
      'an enum no value of which fits: the place is noted',
      { given: { type: 'string', enum: ['MALE', 'FEMALE'], maxLength: 1 }, want: { value: 'MALE', unsatisfied: [''] } },
    ],
    ['the example, before the enum', { given: { type: 'string', enum: ['x', 'given'], example: 'given' }, want: { value: 'given', unsatisfied: [] } }],
    [
      'an example that does not conform is passed over',
      { given: { type: 'string', enum: ['ok', 'toolong'], maxLength: 2, example: 'toolong' }, want: { value: 'ok', unsatisfied: [] } },
    ],
    ['the default', { given: { type: 'integer', default: 4 }, want: { value: 4, unsatisfied: [] } }],
    ['bounds that meet', { given: { type: 'integer', minimum: 5, maximum: 5 }, want: { value: 5, unsatisfied: [] } }],
    [
      'exclusive bounds',
      { given: { type: 'integer', minimum: 5, maximum: 7, exclusiveMinimum: true, exclusiveMaximum: true }, want: { value: 6, unsatisfied: [] } },
    ],
    ['multipleOf within bounds', { given: { type: 'number', minimum: 1, maximum: 1.3, multipleOf: 0.25 }, want: { value: 1.25, unsatisfied: [] } }],
    // Each item is made alike (its property takes the first enum value): a second one would repeat it.
    [
      'unique items: a repeated item is not added',
      {
        given: { type: 'array', uniqueItems: true, items: { type: 'object', required: ['k'], properties: { k: { enum: ['a', 'b'] } } } },
        want: { value: [{ k: 'a' }], unsatisfied: [] },
      },
    ],
    [
      'unique enum items, as many as asked',
      {
        given: { type: 'array', minItems: 3, maxItems: 3, uniqueItems: true, items: { type: 'string', enum: ['a', 'b', 'c'] } },
        want: { value: ['a', 'b', 'c'], unsatisfied: [] },
      },
    ],
    [
      'required keys are set, entries to minProperties',
      {
        given: { type: 'object', minProperties: 2, additionalProperties: { type: 'boolean', enum: [true] } },
        want: { value: { key_1: true, key_2: true }, unsatisfied: [] },
      },
    ],
    [
      'maxProperties keeps what is required',
      {
        given: { type: 'object', maxProperties: 1, required: ['b'], properties: { a: { enum: ['x'] }, b: { enum: ['y'] } } },
        want: { value: { b: 'y' }, unsatisfied: [] },
      },
    ],
    [
      'allOf parts merged',
      {
        given: {
          allOf: [
            { type: 'object', required: ['a'], properties: { a: { type: 'integer', enum: [1] } } },
            { required: ['b'], properties: { b: { type: 'string', enum: ['b'] } } },
          ],
        },
        want: { value: { a: 1, b: 'b' }, unsatisfied: [] },
      },
    ],
    [
      'the default of a property',
      { given: { type: 'object', properties: { limit: { type: 'integer', default: 20 } } }, want: { value: { limit: 20 }, unsatisfied: [] } },
    ],
    ['an enum comes before the default', { given: { type: 'string', enum: ['a', 'b'], default: 'b' }, want: { value: 'a', unsatisfied: [] } }],
    [
      'readOnly properties are left out of a request',
      {
        given: { type: 'object', properties: { id: { type: 'integer', enum: [1], readOnly: true }, name: { type: 'string', enum: ['n'] } } },
        want: { value: { name: 'n' }, unsatisfied: [] },
      },
    ],
    ['nullable without a type: null', { given: { nullable: true }, want: { value: null, unsatisfied: [] } }],
    ['nullable enum: a value other than null', { given: { type: 'string', nullable: true, enum: [null, 'on'] }, want: { value: 'on', unsatisfied: [] } }],
    [
      'nullable where no object fits: null',
      { given: { type: 'object', nullable: true, additionalProperties: false, required: ['x'], properties: {} }, want: { value: null, unsatisfied: [] } },
    ],
    [
      'the same, not nullable: noted',
      { given: { type: 'object', additionalProperties: false, required: ['x'], properties: {} }, want: { value: {}, unsatisfied: ['x'] } },
    ],
  ];
  const { make, judge } = setUp(Object.fromEntries(cases.map(([name, { given }]) => [key(name), given])));

  it.each(cases)('%s', (name, { want }) => {
    expect(make(key(name))).toStrictEqual(want);
  });

  it.each(cases.filter(([, { want }]) => want.unsatisfied.length === 0))('ajv takes it: %s', (name) => {
    expect(judge(key(name), make(key(name)).value)).toStrictEqual([]);
  });

  it('writeOnly properties are left out of a response', () => {
    const { make: madeFrom } = setUp({
      Secret: { type: 'object', properties: { id: { type: 'integer', enum: [1] }, password: { type: 'string', enum: ['p'], writeOnly: true } } },
    });
    expect(madeFrom('Secret', 'case/response', 'response')).toStrictEqual({ value: { id: 1 }, unsatisfied: [] });
    expect(madeFrom('Secret', 'case/params', 'request')).toStrictEqual({ value: { id: 1, password: 'p' }, unsatisfied: [] });
  });
});

describe('synthesize: oneOf and anyOf', () => {
  const cases: [string, { given: SchemaObject; want: Made }][] = [
    [
      'the first branch of scalars',
      { given: { oneOf: [{ type: 'integer', minimum: 10, maximum: 10 }, { type: 'string' }] }, want: { value: 10, unsatisfied: [] } },
    ],
    [
      'what only another branch requires is left out',
      {
        given: {
          oneOf: [
            { type: 'object', required: ['id'], properties: { id: { type: 'integer', enum: [1] } } },
            { type: 'object', required: ['slug'], properties: { slug: { type: 'string', enum: ['s'] } } },
          ],
        },
        want: { value: { id: 1 }, unsatisfied: [] },
      },
    ],
    [
      'exactly one id of an object that names both',
      {
        given: {
          type: 'object',
          properties: { id: { type: 'integer', enum: [1] }, slug: { type: 'string', enum: ['s'] } },
          oneOf: [{ required: ['id'] }, { required: ['slug'] }],
        },
        want: { value: { id: 1 }, unsatisfied: [] },
      },
    ],
    [
      'a first branch no value fits gives way to the next',
      {
        given: {
          oneOf: [
            { type: 'string', enum: ['long'], maxLength: 1 },
            { type: 'integer', enum: [3] },
          ],
        },
        want: { value: 3, unsatisfied: [] },
      },
    ],
    [
      'a discriminated oneOf: the tag its mapping gives the branch',
      {
        given: {
          oneOf: [ref('Cat'), ref('Dog')],
          discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' } },
        },
        want: { value: { kind: 'cat', meows: true }, unsatisfied: [] },
      },
    ],
    [
      'a discriminated anyOf without a mapping: the component name',
      { given: { anyOf: [ref('Dog'), ref('Cat')], discriminator: { propertyName: 'kind' } }, want: { value: { kind: 'Dog', barks: true }, unsatisfied: [] } },
    ],
    [
      'branches every value of which fits both: noted',
      {
        given: {
          oneOf: [
            { type: 'object', properties: { a: { type: 'string' } } },
            { type: 'object', properties: { b: { type: 'string' } } },
          ],
        },
        want: { value: { a: expect.any(String) as string }, unsatisfied: [''] },
      },
    ],
  ];
  const { make, judge } = setUp(Object.fromEntries(cases.map(([name, { given }]) => [key(name), given])));

  it.each(cases)('%s', (name, { want }) => {
    expect(make(key(name))).toStrictEqual(want);
  });

  it.each(cases.filter(([, { want }]) => want.unsatisfied.length === 0))('ajv takes it: %s', (name) => {
    expect(judge(key(name), make(key(name)).value)).toStrictEqual([]);
  });

  it('ajv refuses the value where the place is noted: the note is right', () => {
    const name = key('branches every value of which fits both: noted');
    expect(judge(name, make(name).value)).not.toStrictEqual([]);
  });
});

describe('synthesize: unique items', () => {
  // Draws that collide fall back on the values the item schema lists; where too few distinct values
  // exist for minItems, the array is noted rather than passed off as valid.
  const { make, judge } = setUp({
    // Only two booleans exist: no value fits, and the place should be noted.
    ThreeBooleans: { type: 'array', minItems: 3, uniqueItems: true, items: { type: 'boolean' } },
    // Exactly as many values fit as are asked for, but the draws, clamped to the range, keep giving its top.
    OneToThree: { type: 'array', minItems: 3, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 3 } },
  });

  it('an array that cannot have minItems unique items is noted', () => {
    expect(make('ThreeBooleans')).toStrictEqual({ value: [true, false], unsatisfied: [''] });
  });

  it('the few unique values a range holds are all found', () => {
    const { value, unsatisfied } = make('OneToThree');
    expect({ errors: judge('OneToThree', value), unsatisfied }).toStrictEqual({ errors: [], unsatisfied: [] });
    expect(make('OneToThree').value).toStrictEqual(value);
  });
});

describe('synthesize: recursion ends', () => {
  // Optional properties are followed down to a depth, then only what is required is made.
  const chainOf = (depth: number): unknown => (depth === 0 ? { value: 7 } : { value: 7, next: chainOf(depth - 1) });
  const linksOf = (depth: number, end: unknown): unknown => (depth === 0 ? end : { next: linksOf(depth - 1, end) });
  const defaultedOf = (depth: number): unknown => (depth === 0 ? { mode: 'x' } : { mode: 'x', next: defaultedOf(depth - 1) });
  const cases: [string, { given: string; want: Made }][] = [
    ['an optional link is followed to a depth, then left out', { given: 'Node', want: { value: chainOf(6), unsatisfied: [] } }],
    // openapi-typescript prints a property with a default as required: it is set past the depth too.
    ['a property with a default is set where optional ones no longer are', { given: 'Defaulted', want: { value: defaultedOf(6), unsatisfied: [] } }],
    // A component met again past the depth is a required recursion: its minimal value, null where it may be.
    ['a required link that is nullable ends in null', { given: 'NullableChain', want: { value: linksOf(7, null), unsatisfied: [] } }],
    [
      'a required link that never ends: an empty object, noted where it breaks the schema',
      { given: 'Chain', want: { value: linksOf(7, {}), unsatisfied: [Array(7).fill('next').join('.')] } },
    ],
  ];
  const { make, judge } = setUp({});

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(make(given)).toStrictEqual(want);
  });

  it.each(['Node', 'NullableChain', 'Defaulted'])('ajv takes it: %s', (name) => {
    expect(judge(name, make(name).value)).toStrictEqual([]);
  });

  it('a tree of arrays is finite and valid', () => {
    const { value, unsatisfied } = make('Tree');
    expect({ bytes: JSON.stringify(value).length < 10_000, errors: judge('Tree', value), unsatisfied }).toStrictEqual({
      bytes: true,
      errors: [],
      unsatisfied: [],
    });
  });

  it('the chain that never ends is refused by ajv too: the note is right', () => {
    expect(judge('Chain', make('Chain').value)).not.toStrictEqual([]);
  });
});

describe('synthesize: deterministic, and seeded by place', () => {
  const schemas: Record<string, SchemaObject> = {
    Show: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        title: { type: 'string' },
        rating: { type: 'number' },
        created_at: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    },
    ShowMore: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        title: { type: 'string' },
        rating: { type: 'number' },
        created_at: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' } },
        extra: { type: 'string' },
      },
    },
  };
  const { make } = setUp(schemas);

  const cases: [string, { given: [seed: string, seed: string]; want: boolean }][] = [
    ['the same seed twice: the same value', { given: ['show/params', 'show/params'], want: true }],
    ['another seed: another value', { given: ['show/params', 'other/params'], want: false }],
  ];
  it.each(cases)('%s', (_name, { given: [a, b], want }) => {
    const first = make('Show', a);
    const second = make('Show', b);
    expect(JSON.stringify(first) === JSON.stringify(second)).toBe(want);
  });

  it('a property added beside the others does not change their values', () => {
    const { extra: _, ...rest } = make('ShowMore').value as Record<string, unknown>;
    expect(rest).toStrictEqual(make('Show').value);
  });

  it('the items of an array differ from one another', () => {
    const { tags } = make('Show').value as { tags: string[] };
    expect(new Set(tags).size).toBe(tags.length);
  });
});

describe('buildFixture: one operation', () => {
  interface Given {
    path?: string;
    method?: string;
    operation: Record<string, unknown>;
  }
  const fixtureOf = ({ path = '/a', method = 'get', operation }: Given) => {
    const document = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { [path]: { [method]: { operationId: 'op', ...operation } } } };
    const { model } = buildModel(document, { apiName: 'test', source });
    return buildNotedFixture(model.operations[0] as (typeof model.operations)[number], model);
  };
  const json = (schema: unknown, extra: Record<string, unknown> = {}) => ({ content: { 'application/json': { schema, ...extra } } });
  const oneOf = (...values: unknown[]) => ({ enum: values });
  const noNotes = (errors: number): FixtureNotes => ({ params: [], response: [], errors: Array.from({ length: errors }, () => []) });

  const cases: [string, { given: Given; want: { fixture: FixtureValue; notes: FixtureNotes } }][] = [
    [
      "params by place; a path parameter is never empty; a content parameter is its value's JSON text",
      {
        given: {
          path: '/a/{id}',
          operation: {
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string', ...oneOf('', 'x') } },
              { name: 'q', in: 'query', required: true, schema: { type: 'integer', ...oneOf(4) } },
              { name: 'opt', in: 'query', schema: { type: 'boolean', ...oneOf(true) } },
              {
                name: 'w',
                in: 'query',
                required: true,
                content: { 'application/json': { schema: { type: 'object', required: ['a'], properties: { a: { type: 'integer', ...oneOf(1) } } } } },
              },
            ],
            responses: { '204': { description: 'done' } },
          },
        },
        want: {
          fixture: { operationId: 'op', params: { id: 'x', q: 4, opt: true, w: '{"a":1}' }, response: { status: 204, headers: {}, body: null }, errors: [] },
          notes: noNotes(0),
        },
      },
    ],
    [
      'the response, its headers as text, and each error with the status it answers with (default: 500 when free)',
      {
        given: {
          operation: {
            responses: {
              '200': {
                description: 'ok',
                headers: { 'X-Rate': { schema: { type: 'integer', ...oneOf(5) } } },
                ...json({ type: 'object', required: ['name'], properties: { name: { type: 'string', ...oneOf('n') } } }),
              },
              '404': { description: 'missing', ...json({ type: 'object', properties: { msg: oneOf('gone') } }) },
              default: { description: 'failure', ...json({ type: 'object', properties: { msg: oneOf('oops') } }) },
            },
          },
        },
        want: {
          fixture: {
            operationId: 'op',
            params: {},
            response: { status: 200, headers: { 'X-Rate': '5' }, body: { name: 'n' } },
            errors: [
              { status: 404, headers: {}, body: { msg: 'gone' } },
              { status: 500, headers: {}, body: { msg: 'oops' } },
            ],
          },
          notes: noNotes(2),
        },
      },
    ],
    [
      "a conforming example wins; a range answers with its first free status, default with the next free one; Retry-After is the body's wait; a JSON string says its media type",
      {
        given: {
          operation: {
            responses: {
              '200': { description: 'ok', ...json({ type: 'object', properties: { n: { type: 'integer' } } }, { example: { n: 42 } }) },
              '400': { description: 'bad', ...json({ type: 'string', ...oneOf('b') }) },
              '4XX': { description: 'client', ...json({ type: 'string', ...oneOf('c') }) },
              '429': {
                description: 'slow',
                headers: { 'Retry-After': { schema: { type: 'integer' } } },
                ...json({ type: 'object', required: ['retry_after'], properties: { retry_after: { type: 'integer', ...oneOf(30) } } }),
              },
              '500': { description: 'server' },
              default: { description: 'other' },
            },
          },
        },
        want: {
          fixture: {
            operationId: 'op',
            params: {},
            response: { status: 200, headers: {}, body: { n: 42 } },
            errors: [
              { status: 400, headers: { 'content-type': 'application/json' }, body: 'b' },
              { status: 429, headers: { 'Retry-After': '30' }, body: { retry_after: 30 } },
              { status: 500, headers: {}, body: null },
              { status: 401, headers: { 'content-type': 'application/json' }, body: 'c' },
              { status: 422, headers: {}, body: null },
            ],
          },
          notes: noNotes(5),
        },
      },
    ],
    [
      "an example that does not conform is passed over; a body's example gives its fields, optional ones it leaves out are left out; a binary body is none",
      {
        given: {
          method: 'post',
          operation: {
            requestBody: {
              required: true,
              ...json(
                { type: 'object', required: ['title'], properties: { title: { type: 'string' }, n: { type: 'integer' } } },
                { example: { title: 'Hello' } },
              ),
            },
            responses: {
              '201': {
                description: 'made',
                ...json({ type: 'object', properties: { n: { type: 'integer', ...oneOf(1) } } }, { example: { n: 'not a number' } }),
              },
              '409': { description: 'conflict', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
            },
          },
        },
        want: {
          fixture: {
            operationId: 'op',
            params: { title: 'Hello' },
            response: { status: 201, headers: {}, body: { n: 1 } },
            // No bytes, but their declared media type (the mock sends it).
            errors: [{ status: 409, headers: { 'content-type': 'application/octet-stream' }, body: null }],
          },
          notes: noNotes(1),
        },
      },
    ],
    [
      'where no value fits, the place is noted by part',
      {
        given: {
          method: 'post',
          operation: {
            requestBody: {
              required: true,
              ...json({ type: 'object', required: ['when'], properties: { when: { type: 'string', enum: ['later'], maxLength: 2 } } }),
            },
            responses: { '200': { description: 'ok', ...json({ type: 'object', required: ['x'], additionalProperties: false, properties: {} }) } },
          },
        },
        want: {
          fixture: { operationId: 'op', params: { when: 'later' }, response: { status: 200, headers: {}, body: {} }, errors: [] },
          notes: { params: ['params.when'], response: ['response.body.x'], errors: [] },
        },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(fixtureOf(given)).toStrictEqual(want);
  });

  it('free values are valid for ajv and the same on every run', () => {
    const schemas: Record<string, SchemaObject> = {
      Episode: {
        type: 'object',
        required: ['id', 'title', 'published_at', 'hosts'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          title: { type: 'string', minLength: 3, maxLength: 80 },
          published_at: { type: 'string', format: 'date-time' },
          duration: { type: 'integer', minimum: 1 },
          hosts: {
            type: 'array',
            minItems: 1,
            maxItems: 3,
            items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } } },
          },
          rating: { type: 'number', minimum: 0, maximum: 5, nullable: true },
        },
      },
      Query: { type: 'object', properties: { page: { type: 'integer', minimum: 1 } } },
    };
    const document = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/episodes/{episodeId}': {
          put: {
            operationId: 'putEpisode',
            parameters: [{ name: 'episodeId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
            requestBody: { required: true, ...json(ref('Episode')) },
            responses: { '200': { description: 'ok', ...json(ref('Episode')) } },
          },
        },
      },
      components: { schemas },
    };
    const { model } = buildModel(structuredClone(document), { apiName: 'test', source });
    const op = model.operations[0] as (typeof model.operations)[number];
    const { fixture, notes } = buildNotedFixture(op, model);
    // The body is flattened beside the path parameter: its fields are the rest of the params.
    const { episodeId, ...body } = fixture.params;
    const judge = documentJudge(structuredClone(document));
    expect({
      notes,
      id: /^[0-9a-f-]{36}$/.test(String(episodeId)),
      params: judge.validate('#/components/schemas/Episode', body).errors,
      response: judge.validate('#/components/schemas/Episode', fixture.response.body).errors,
      again: buildNotedFixture(op, model).fixture,
    }).toStrictEqual({ notes: noNotes(0), id: true, params: [], response: [], again: fixture });
  });
});
