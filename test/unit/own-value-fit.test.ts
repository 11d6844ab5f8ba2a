import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../generator/model/types.js';
import type { SchemaResolver } from '../../generator/model/schema-merge.js';
import { ownValueFit } from '../../generator/synthesis/composed-schemas.js';
import { conform } from '../../generator/synthesis/conform.js';

// ownValueFit is conform of a schema's own example or default, worked out once per schema: the
// same answer as conform, and a value each caller may change without changing the next one's.

const components: Record<string, SchemaObject> = {
  Name: { type: 'string', minLength: 2 },
};
const resolve: SchemaResolver = (ref) => components[ref.split('/').pop() ?? ''];

const cases: { name: string; given: SchemaObject; keyword: 'example' | 'default' }[] = [
  {
    name: 'an object example, a key the closed object does not declare dropped',
    given: {
      type: 'object',
      properties: { name: { $ref: '#/components/schemas/Name' }, tags: { type: 'array', items: { type: 'string' } } },
      example: { name: 'ab', tags: ['x'], other: 1 },
    },
    keyword: 'example',
  },
  { name: 'an example that breaks its schema', given: { type: 'string', minLength: 3, example: 'ab' }, keyword: 'example' },
  { name: 'a scalar default', given: { type: 'integer', default: 4 }, keyword: 'default' },
  { name: 'no default', given: { type: 'integer', example: 4 }, keyword: 'default' },
  {
    name: 'an array default',
    given: { type: 'array', items: { type: 'object', properties: { a: { type: 'integer' } } }, default: [{ a: 1 }] },
    keyword: 'default',
  },
];

describe('ownValueFit', () => {
  it.each(cases)('$name: what conform gives, asked twice', ({ given, keyword }) => {
    const want = given[keyword] === undefined ? undefined : conform(given[keyword], given, resolve);
    expect(ownValueFit(given, keyword, resolve)).toEqual(want);
    expect(ownValueFit(given, keyword, resolve)).toEqual(want);
  });

  it("gives each caller its own copy: a change to one caller's value is not the next one's", () => {
    const schema: SchemaObject = {
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'object', properties: { a: { type: 'integer' } } } } },
      example: { list: [{ a: 1 }] },
    };
    const first = ownValueFit(schema, 'example', resolve)?.value as { list: { a: number }[] };
    first.list[0] = { a: 2 };
    (first as Record<string, unknown>).extra = true;
    const second = ownValueFit(schema, 'example', resolve)?.value;
    expect(second).toEqual({ list: [{ a: 1 }] });
    expect(schema.example).toEqual({ list: [{ a: 1 }] });
  });

  it('keeps one answer per keyword and per resolver: one schema asked for both, under two resolvers', () => {
    const schema: SchemaObject = { $ref: '#/components/schemas/Name', example: 'a', default: 'abc' };
    expect([ownValueFit(schema, 'example', resolve), ownValueFit(schema, 'default', resolve)]).toEqual([undefined, { value: 'abc' }]);
    const longer: SchemaResolver = () => ({ type: 'string', minLength: 5 });
    expect([ownValueFit(schema, 'default', longer), ownValueFit(schema, 'default', resolve)]).toEqual([undefined, { value: 'abc' }]);
  });

  it('copies a `__proto__` key as a key, as JSON.stringify writes it', () => {
    const schema: SchemaObject = { example: JSON.parse('{"__proto__":{"a":1},"b":2}') };
    expect(JSON.stringify(ownValueFit(schema, 'example', resolve)?.value)).toBe('{"__proto__":{"a":1},"b":2}');
  });
});
