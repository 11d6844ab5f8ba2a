import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { helperSource, type HelperName } from '../../generator/emit/zod/runtime-helpers.js';
import { schemaToZod } from '../../generator/emit/zod/schema-to-zod.js';
import type { ZodContext, ZodMode } from '../../generator/emit/zod/zod-context.js';
import type { SchemaObject } from '../../generator/model/types.js';
import { importSource } from './helpers/emit-schemas.js';

interface Case {
  given: SchemaObject;
  mode?: ZodMode;
  /** The zod output's `oneOf` option. */
  oneOf?: 'union';
  want: { source?: string; good: unknown[]; bad: unknown[]; warns?: number };
}

const Pet: SchemaObject = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
const COMPONENTS: Record<string, SchemaObject> = {
  Pet,
  Cat: { type: 'object', required: ['kind', 'lives'], properties: { kind: { type: 'string' }, lives: { type: 'integer' } } },
  Dog: { type: 'object', required: ['kind', 'bark'], properties: { kind: { type: 'string' }, bark: { type: 'boolean' } } },
  // ix-api's member joining rules: alike but for the tag's value.
  Allow: {
    type: 'object',
    required: ['type', 'account'],
    properties: { type: { type: 'string' }, account: { type: 'string' }, capacity: { type: 'integer', minimum: 1 } },
  },
  Deny: { type: 'object', required: ['type', 'account'], properties: { type: { type: 'string' }, account: { type: 'string' } } },
};

/** Schema fragment -> emitted zod source -> behaviour on good and bad values. */
const CASES: [string, Case][] = [
  [
    'integer is z.number() with z.int()',
    { given: { type: 'integer' }, want: { source: 'z.number().check(z.int())', good: [0, -3, 2 ** 40], bad: [1.5, '1', null] } },
  ],
  ['int32 range', { given: { type: 'integer', format: 'int32' }, want: { good: [2 ** 31 - 1, -(2 ** 31)], bad: [2 ** 31, -(2 ** 31) - 1] } }],
  ['number with int32 format is an integer', { given: { type: 'number', format: 'int32' }, want: { good: [3], bad: [3.5] } }],
  [
    'inclusive bounds',
    { given: { type: 'number', minimum: 1, maximum: 2 }, want: { source: '.check(z.gte(1), z.lte(2))', good: [1, 2, 1.5], bad: [0.99, 2.01] } },
  ],
  [
    '3.0 boolean exclusive bounds',
    {
      given: { type: 'number', minimum: 1, maximum: 2, exclusiveMinimum: true, exclusiveMaximum: true },
      want: { source: '.check(z.gt(1), z.lt(2))', good: [1.5], bad: [1, 2] },
    },
  ],
  // multipleOf divides decimals exactly, as JSON Schema means it; zod's own .multipleOf (a division of
  // doubles with a tolerance) accepts each of the `bad` values below but 0.15, 1e-7 and 2.5.
  [
    'multipleOf is decimal divisibility',
    {
      given: { type: 'number', multipleOf: 0.1 },
      want: { source: '.check(_multipleOf(0.1))', good: [0.3, 1.2, 0, -0.7, 1e21, 123456789012.1], bad: [0.15, 0.1 + 0.2, 1e-7] },
    },
  ],
  ['multipleOf of a large value', { given: { type: 'number', multipleOf: 0.25 }, want: { good: [123456789012345.75, 2.5e-1], bad: [123456789012345.6] } }],
  ['multipleOf with a whole step', { given: { type: 'integer', multipleOf: 5 }, want: { good: [5000000000000000, -15], bad: [5000000000000001, 2.5] } }],
  [
    'multipleOf with an exponent-written step',
    { given: { type: 'number', multipleOf: 1e-8 }, want: { good: [3e-8, 0.00000012, 7], bad: [1.5e-8, 1.00000000001] } },
  ],
  ['string lengths count code points', { given: { type: 'string', minLength: 2, maxLength: 3 }, want: { good: ['ab', '😀😀😀'], bad: ['a', '😀', 'abcd'] } }],
  ['pattern is unanchored', { given: { type: 'string', pattern: 'b+' }, want: { good: ['abbc'], bad: ['ac'] } }],
  // Java's and POSIX's class names (AWS's documents): JavaScript without `u` would read `\p{XDigit}` as the letters p{XDigit}.
  [
    'a Java class name is read as its class',
    { given: { type: 'string', pattern: '^\\p{XDigit}{4}-\\P{Digit}$' }, want: { good: ['09aF-x'], bad: ['p{XDigit}}}}-x', '09aG-x', '09aF-1'], warns: 1 } },
  ],
  [
    'a pattern with an unknown property name is not checked',
    { given: { type: 'string', pattern: '^\\p{NoSuchName}+$' }, want: { good: ['p{NoSuchName}', 'anything'], bad: [1], warns: 1 } },
  ],
  ['identity escapes are read without the u flag', { given: { type: 'string', pattern: '^\\_\\d$' }, want: { good: ['_1'], bad: ['_a'], warns: 1 } }],
  // OpenFIGI's mapping result: `{ data }` or `{ warning }`, neither required, both open; every value fits both.
  [
    'oneOf branches that overlap are warned of, and checked as exactly one',
    {
      given: {
        oneOf: [
          { type: 'object', properties: { data: { type: 'array' } } },
          { type: 'object', properties: { warning: { type: 'string' } } },
        ],
      },
      want: { source: 'z.xor(', good: [], bad: [{ data: [] }, { warning: 'none' }], warns: 1 },
    },
  ],
  [
    'oneOf: "union" takes any branch',
    {
      given: {
        oneOf: [
          { type: 'object', properties: { data: { type: 'array' } } },
          { type: 'object', properties: { warning: { type: 'string' } } },
        ],
      },
      oneOf: 'union',
      want: { source: 'z.union(', good: [{ data: [] }, { warning: 'none' }], bad: [1, { data: 1, warning: 1 }], warns: 0 },
    },
  ],
  // Shotstack's assets: each requires type and src, all strings; their descriptions and defaults differ.
  [
    'branches that read their required properties alike overlap',
    {
      given: {
        oneOf: [
          { type: 'object', required: ['type', 'src'], properties: { type: { type: 'string', default: 'video' }, src: { type: 'string' } } },
          {
            type: 'object',
            required: ['type', 'src'],
            properties: { type: { type: 'string', default: 'image', description: 'image' }, src: { type: 'string' }, crop: { type: 'object' } },
          },
        ],
      },
      want: { good: [], bad: [{ type: 'image', src: 'x' }], warns: 1 },
    },
  ],
  // GitHub's validation error `value`: a nullable string, integer or array; every null fits all three.
  [
    'nullable branches overlap in null',
    {
      given: {
        oneOf: [
          { type: 'string', nullable: true },
          { type: 'integer', nullable: true },
        ],
      },
      want: { good: ['a', 1], bad: [null], warns: 1 },
    },
  ],
  [
    'branches told apart by a required property or an enum do not overlap',
    {
      given: {
        oneOf: [
          { type: 'object', required: ['cat'], properties: { cat: { type: 'string' } } },
          { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: ['dog'] } } },
        ],
      },
      want: { good: [{ cat: 'x' }, { kind: 'dog' }], bad: [{ cat: 'x', kind: 'dog' }], warns: 0 },
    },
  ],
  [
    'date-time',
    {
      given: { type: 'string', format: 'date-time' },
      want: { good: ['2024-02-29T10:00:00Z', '2024-01-01T00:00:00+02:00'], bad: ['2023-02-29T10:00:00Z', '2024-01-01T00:00:00', 'now'] },
    },
  ],
  ['date', { given: { type: 'string', format: 'date' }, want: { good: ['2024-02-29'], bad: ['2024-13-01', '2024-2-1'] } }],
  ['uri', { given: { type: 'string', format: 'uri' }, want: { good: ['https://example.com/a?b#c', 'urn:isbn:123'], bad: ['example.com', '/relative'] } }],
  ['email', { given: { type: 'string', format: 'email' }, want: { good: ['a.b@example.com'], bad: ['a@', 'plain'] } }],
  ['uuid', { given: { type: 'string', format: 'uuid' }, want: { good: ['123e4567-e89b-12d3-a456-426614174000'], bad: ['123e4567e89b12d3a456426614174000'] } }],
  ['byte is base64', { given: { type: 'string', format: 'byte' }, want: { good: ['aGVsbG8=', ''], bad: ['aGVsbG8', 'a!=='] } }],
  ['binary is a string in responses', { given: { type: 'string', format: 'binary' }, want: { good: ['raw'], bad: [1] } }],
  ['binary takes a Blob in requests', { given: { type: 'string', format: 'binary' }, mode: 'request', want: { good: ['raw', new Blob(['x'])], bad: [1] } }],
  ['unknown format is ignored, without a warning', { given: { type: 'string', format: 'made-up' }, want: { good: ['anything'], bad: [1], warns: 0 } }],
  ['int64 warns about the safe range', { given: { type: 'integer', format: 'int64' }, want: { good: [2 ** 53 - 1], bad: [1.5], warns: 1 } }],
  ['string enum', { given: { type: 'string', enum: ['a', 'b'] }, want: { source: 'z.literal(["a","b"])', good: ['a'], bad: ['c', null] } }],
  ['integer enum', { given: { type: 'integer', enum: [3, 9, 11] }, want: { good: [3, 11], bad: [4, '3'] } }],
  ['mixed enum', { given: { enum: [1, 'one', null] }, want: { good: [1, 'one', null], bad: [2, 'two'] } }],
  ['object enum by JSON equality', { given: { type: 'object', enum: [{ a: 1, b: 2 }] }, want: { good: [{ b: 2, a: 1 }], bad: [{ a: 1 }] } }],
  ['nullable', { given: { type: 'string', nullable: true }, want: { good: ['x', null], bad: [1] } }],
  ['nullable enum admits null', { given: { type: 'string', nullable: true, enum: ['a'] }, want: { good: ['a', null], bad: ['b'] } }],
  ['required and loose by default', { given: Pet, want: { good: [{ name: 'x', extra: 1 }], bad: [{}, { name: 1 }, null, []] } }],
  [
    'additionalProperties: false',
    { given: { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } }, want: { good: [{ a: 'x' }, {}], bad: [{ b: 1 }] } },
  ],
  [
    'additionalProperties schema',
    {
      given: { type: 'object', additionalProperties: { type: 'integer' }, properties: { name: { type: 'string' } } },
      want: { good: [{ name: 'x', n: 1 }], bad: [{ n: 'x' }, { name: 1 }] },
    },
  ],
  ['required without a declaration', { given: { type: 'object', required: ['a'], properties: {} }, want: { good: [{ a: null }], bad: [{}] } }],
  [
    'min/maxProperties',
    { given: { type: 'object', minProperties: 1, maxProperties: 2 }, want: { good: [{ a: 1 }, { a: 1, b: 2 }], bad: [{}, { a: 1, b: 2, c: 3 }] } },
  ],
  [
    'readOnly is left out of requests',
    {
      given: { type: 'object', required: ['id'], properties: { id: { type: 'integer', readOnly: true } } },
      mode: 'request',
      want: { good: [{}, { id: 'ignored' }], bad: [null] },
    },
  ],
  [
    'readOnly is required in responses',
    {
      given: { type: 'object', required: ['id'], properties: { id: { type: 'integer', readOnly: true } } },
      mode: 'response',
      want: { good: [{ id: 1 }], bad: [{}] },
    },
  ],
  [
    'writeOnly is left out of responses',
    { given: { type: 'object', required: ['pw'], properties: { pw: { type: 'string', writeOnly: true } } }, mode: 'response', want: { good: [{}], bad: [[]] } },
  ],
  [
    'default fills an optional property',
    {
      given: { type: 'object', properties: { tag: { type: 'string', default: 'none' } } },
      want: { source: 'z._default(z.string(), "none")', good: [{}, { tag: 'x' }], bad: [{ tag: 1 }] },
    },
  ],
  [
    'a default that does not fit warns',
    { given: { type: 'object', properties: { n: { type: 'integer', default: 'x' } } }, want: { good: [{}], bad: [{ n: 'y' }], warns: 1 } },
  ],
  [
    'exactly two items are a tuple',
    {
      given: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
      want: { source: 'z.tuple([z.string(), z.string()])', good: [['a', 'b']], bad: [['a'], ['a', 'b', 'c'], [1, 2]] },
    },
  ],
  [
    'at least two items',
    {
      given: { type: 'array', items: { type: 'integer' }, minItems: 2 },
      want: {
        good: [
          [1, 2],
          [1, 2, 3],
        ],
        bad: [[1]],
      },
    },
  ],
  [
    'large bounds stay an array',
    {
      given: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 50 },
      want: { source: '.check(z.minLength(1), z.maxLength(50))', good: [[1]], bad: [[]] },
    },
  ],
  [
    'uniqueItems by JSON equality',
    {
      given: { type: 'array', uniqueItems: true },
      want: {
        good: [[1, '1', { a: 1 }]],
        bad: [
          [
            { a: 1, b: 2 },
            { b: 2, a: 1 },
          ],
        ],
      },
    },
  ],
  [
    'allOf keeps both property sets',
    {
      given: { allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', required: ['age'], properties: { age: { type: 'integer' } } }] },
      want: { good: [{ name: 'x', age: 1, more: true }], bad: [{ name: 'x' }, { age: 1 }] },
    },
  ],
  [
    'allOf with additionalProperties: false holds per member',
    {
      given: {
        allOf: [
          { type: 'object', additionalProperties: false, properties: { a: {} } },
          { type: 'object', properties: { b: {} } },
        ],
      },
      want: { good: [{ a: 1 }], bad: [{ a: 1, b: 2 }] },
    },
  ],
  ['oneOf is exactly one', { given: { oneOf: [{ type: 'integer' }, { type: 'number' }] }, want: { source: 'z.xor(', good: [1.5], bad: [1, 'x'] } }],
  ['anyOf is at least one', { given: { anyOf: [{ type: 'integer' }, { type: 'number' }] }, want: { good: [1, 1.5], bad: ['x'] } }],
  [
    'exactly one of two ids (MultiCameraBackground)',
    {
      given: {
        type: 'object',
        properties: { id: { type: 'integer' }, user_background_id: { type: 'integer' } },
        oneOf: [{ required: ['id'] }, { required: ['user_background_id'] }],
      },
      want: { source: 'z.optional(z.never())', good: [{ id: 7 }, { user_background_id: 3 }], bad: [{}, { id: 7, user_background_id: 3 }, { id: 'x' }] },
    },
  ],
  ['not', { given: { type: 'string', not: { enum: ['blue'] } }, want: { good: ['red'], bad: ['blue', 1] } }],
  [
    'discriminator by component name',
    {
      given: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }], discriminator: { propertyName: 'kind' } },
      want: {
        good: [
          { kind: 'Cat', lives: 9 },
          { kind: 'Dog', bark: true },
        ],
        bad: [
          { kind: 'cat', lives: 9 },
          { kind: 'Cat', lives: 'x' },
          { kind: 'Dog', lives: 9 },
        ],
      },
    },
  ],
  [
    'discriminator with mapping (full and bare names)',
    {
      given: {
        anyOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
        discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', dog: 'Dog' } },
      },
      want: {
        good: [
          { kind: 'cat', lives: 1 },
          { kind: 'dog', bark: true },
        ],
        bad: [
          { kind: 'Cat', lives: 1 },
          { kind: 'dog', bark: 1 },
        ],
      },
    },
  ],
  [
    'discriminated branches alike but for the tag: the tag selects the one that must accept the value',
    {
      given: {
        oneOf: [{ $ref: '#/components/schemas/Allow' }, { $ref: '#/components/schemas/Deny' }],
        discriminator: { propertyName: 'type', mapping: { allow: '#/components/schemas/Allow', deny: '#/components/schemas/Deny' } },
      },
      want: {
        source: 'z.union(',
        good: [
          { type: 'allow', account: 'a' },
          { type: 'deny', account: 'a', capacity: 0 },
        ],
        bad: [{ type: 'allow', account: 'a', capacity: 0 }, { type: 'other', account: 'a' }, { type: 'deny' }],
        warns: 0,
      },
    },
  ],
  ['discriminator without oneOf warns', { given: { type: 'object', discriminator: { propertyName: 'kind' } }, want: { good: [{}], bad: [1], warns: 1 } }],
  [
    'nullable beside allOf of a reference is "or null", without a warning (3.0\'s nullable reference)',
    { given: { allOf: [{ $ref: '#/components/schemas/Pet' }], nullable: true }, want: { good: [null, { name: 'x' }], bad: [{}, 1], warns: 0 } },
  ],
  [
    'nullable beside oneOf without a type is "or null", without a warning (3.1\'s {type: "null"} branch)',
    { given: { oneOf: [{ type: 'string' }, { type: 'integer' }], nullable: true }, want: { good: [null, 'x', 1], bad: [1.5], warns: 0 } },
  ],
  [
    'nullable beside a lone `not` is "or null", with a warning (OpenAPI 3.0.3 gives it no effect)',
    { given: { not: { type: 'string' }, nullable: true }, want: { good: [null, 1], bad: ['x'], warns: 1 } },
  ],
  ['typeless properties read as an object', { given: { properties: { a: { type: 'string' } } }, want: { good: [{ a: 'x' }], bad: [{ a: 1 }] } }],
  [
    'a description beside a lone reference annotates a copy, not the component',
    {
      given: { allOf: [{ $ref: '#/components/schemas/Pet' }], description: 'a pet' },
      want: { source: 'z.lazy(() => Pet).check(z.meta({"description":"a pet"}))', good: [{ name: 'x' }], bad: [{}] },
    },
  ],
  [
    'description reaches JSON Schema',
    { given: { type: 'string', description: 'a name' }, want: { source: '_meta(z.string(), "a name")', good: ['x'], bad: [1] } },
  ],
];

function emit(schema: SchemaObject, mode: ZodMode, helpers: Set<HelperName>, warnings: string[], oneOf?: 'union'): string {
  const ctx: ZodContext = {
    mode,
    ...(oneOf ? { oneOf } : {}),
    refer: (name) => `z.lazy(() => ${name})`,
    resolve: (s) => COMPONENTS[s.$ref?.split('/').pop() ?? ''],
    inexact: (pointer, message, code) => warnings.push(`${code ?? 'zod/inexact'} ${pointer}: ${message}`),
    use: (helper) => helpers.add(helper),
  };
  return schemaToZod(schema, ctx, '#/case');
}

describe('each keyword: schema fragment -> zod source -> behaviour', async () => {
  const helpers = new Set<HelperName>();
  const emitted = CASES.map(([, c]) => {
    const warnings: string[] = [];
    return { source: emit(c.given, c.mode ?? 'schema', helpers, warnings, c.oneOf), warnings };
  });
  const components = Object.entries(COMPONENTS).map(([name, s]) => `const ${name}: z.ZodMiniType = ${emit(s, 'schema', helpers, [])};`);
  const module = [
    `import * as z from 'zod/mini';`,
    helperSource(helpers),
    ...components,
    `export const cases = [${emitted.map((e) => e.source).join(',\n')}];`,
  ].join('\n');
  const { cases } = (await importSource(module, 'keywords.ts')) as { cases: z.ZodMiniType[] };

  it.each(CASES.map(([name, c], i) => [name, c, i] as const))('%s', (_name, { want }, i) => {
    const { source, warnings } = emitted[i] as (typeof emitted)[number];
    if (want.source) expect(source).toContain(want.source);
    if (want.warns !== undefined) expect(warnings).toHaveLength(want.warns);
    const validator = cases[i] as z.ZodMiniType;
    for (const value of want.good) expect(validator.safeParse(value).success, `accepts ${JSON.stringify(value)}`).toBe(true);
    for (const value of want.bad) expect(validator.safeParse(value).success, `rejects ${JSON.stringify(value)}`).toBe(false);
  });
});
