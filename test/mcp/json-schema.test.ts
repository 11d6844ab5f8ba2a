import { describe, expect, it } from 'vitest';
import { toJsonSchema, withDefs, type JsonSchema } from '../../generator/emit/mcp/json-schema.js';
import type { SchemaObject } from '../../generator/model/types.js';

const byName = (ref: string): string => ref.replace('#/components/schemas/', '');

const cases: [string, { given: SchemaObject; want: JsonSchema }][] = [
  [
    'keeps every constraint',
    {
      given: { type: 'array', minItems: 2, maxItems: 2, uniqueItems: true, items: { type: 'string', maxLength: 16000, minLength: 1, pattern: '^a' } },
      want: { type: 'array', minItems: 2, maxItems: 2, uniqueItems: true, items: { type: 'string', maxLength: 16000, minLength: 1, pattern: '^a' } },
    },
  ],
  [
    'component references become local $defs references',
    {
      given: { $ref: '#/components/schemas/Pet' },
      want: { $ref: '#/$defs/Pet' },
    },
  ],
  [
    'a reference keeps its annotations and drops ignored siblings',
    {
      given: { $ref: '#/components/schemas/Pet', description: 'the pet', nullable: true, type: 'string' },
      want: { $ref: '#/$defs/Pet', description: 'the pet' },
    },
  ],
  [
    'nullable becomes anyOf with null, annotations outside',
    {
      given: { type: 'string', nullable: true, description: 'name', enum: ['a', 'b'], default: 'a' },
      want: { description: 'name', default: 'a', anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
    },
  ],
  [
    'nullable nested in properties',
    {
      given: { type: 'object', properties: { n: { type: 'integer', nullable: true } }, required: ['n'] },
      want: { type: 'object', properties: { n: { anyOf: [{ type: 'integer' }, { type: 'null' }] } }, required: ['n'] },
    },
  ],
  [
    'boolean exclusive bounds become numbers',
    {
      given: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false, multipleOf: 0.5 },
      want: { type: 'number', exclusiveMinimum: 0, maximum: 10, multipleOf: 0.5 },
    },
  ],
  [
    "a discriminated oneOf is anyOf: the tag, not JSON Schema's exactly one, selects the branch",
    {
      given: { oneOf: [{ $ref: '#/components/schemas/Allow' }, { $ref: '#/components/schemas/Deny' }], discriminator: { propertyName: 'type' } },
      want: { anyOf: [{ $ref: '#/$defs/Allow' }, { $ref: '#/$defs/Deny' }] },
    },
  ],
  [
    'the exactly-one oneOf stays as it is',
    {
      given: {
        type: 'object',
        properties: { id: { type: 'integer' }, user_background_id: { type: 'integer' } },
        oneOf: [{ required: ['id'] }, { required: ['user_background_id'] }],
      },
      want: {
        type: 'object',
        properties: { id: { type: 'integer' }, user_background_id: { type: 'integer' } },
        oneOf: [{ required: ['id'] }, { required: ['user_background_id'] }],
      },
    },
  ],
  [
    'example becomes examples; OpenAPI-only keywords and formats go',
    {
      given: { type: 'string', format: 'int64', example: 'x', 'x-assumed': 'why', discriminator: { propertyName: 'k' } } as SchemaObject,
      want: { type: 'string', examples: ['x'] },
    },
  ],
  [
    'JSON Schema formats stay; byte becomes base64 content',
    {
      given: { type: 'object', properties: { at: { type: 'string', format: 'date-time' }, raw: { type: 'string', format: 'byte' } } },
      want: { type: 'object', properties: { at: { type: 'string', format: 'date-time' }, raw: { type: 'string', contentEncoding: 'base64' } } },
    },
  ],
  [
    'maps, compositions and not recurse',
    {
      given: { type: 'object', additionalProperties: { $ref: '#/components/schemas/V' }, allOf: [{ $ref: '#/components/schemas/A' }], not: { type: 'string' } },
      want: { type: 'object', additionalProperties: { $ref: '#/$defs/V' }, allOf: [{ $ref: '#/$defs/A' }], not: { type: 'string' } },
    },
  ],
  [
    'unusual names are escaped in the reference',
    {
      given: { $ref: '#/components/schemas/a/b c' },
      want: { $ref: '#/$defs/a~1b%20c' },
    },
  ],
];

describe('OpenAPI 3.0 schema -> JSON Schema 2020-12', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(toJsonSchema(given, byName)).toStrictEqual(want);
  });

  it('read in a direction, leaves out readOnly (request) or writeOnly (response) properties and their required entries', () => {
    const given: SchemaObject = {
      type: 'object',
      required: ['id', 'pw', 'name'],
      properties: {
        id: { type: 'integer', readOnly: true },
        pw: { type: 'string', writeOnly: true },
        name: { type: 'string' },
        nested: { type: 'object', required: ['id'], properties: { id: { type: 'integer', readOnly: true } } },
      },
    };
    const names = (schema: JsonSchema) => [
      Object.keys(schema.properties as object),
      schema.required,
      Object.keys(((schema.properties as Record<string, JsonSchema>).nested?.properties ?? {}) as object),
    ];
    expect(names(toJsonSchema(given, byName, 'request'))).toStrictEqual([['pw', 'name', 'nested'], ['pw', 'name'], []]);
    expect(names(toJsonSchema(given, byName, 'response'))).toStrictEqual([['id', 'name', 'nested'], ['id', 'name'], ['id']]);
    expect(names(toJsonSchema(given, byName))).toStrictEqual([['id', 'pw', 'name', 'nested'], ['id', 'pw', 'name'], ['id']]);
    // A required list left empty is left out (the nested object in requests).
    expect((toJsonSchema(given, byName, 'request').properties as Record<string, JsonSchema>).nested).toStrictEqual({ type: 'object', properties: {} });
  });

  it('collects every referenced component, transitively and sorted, into $defs', () => {
    const components = new Map<string, JsonSchema>([
      ['B', { type: 'object', properties: { c: { $ref: '#/$defs/C' } } }],
      ['C', { type: 'string' }],
      ['A', { type: 'object', properties: { self: { $ref: '#/$defs/A' } } }],
      ['Unused', { type: 'integer' }],
    ]);
    const root = { type: 'object', properties: { b: { $ref: '#/$defs/B' }, a: { $ref: '#/$defs/A' } } };
    const result = withDefs(root, components);
    expect(Object.keys(result.$defs as object)).toStrictEqual(['A', 'B', 'C']);
    expect(withDefs({ type: 'object', properties: {} }, components)).toStrictEqual({ type: 'object', properties: {} });
    expect(() => withDefs({ $ref: '#/$defs/Missing' }, components)).toThrow(/unknown schema/);
  });
});
