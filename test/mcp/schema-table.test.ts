import { describe, expect, it } from 'vitest';
import { buildSchemaTable } from '../../generator/emit/mcp/schema-table.js';
import type { ApiModel, SchemaObject } from '../../generator/model/types.js';
import { PodcastGenError } from '../../generator/problems.js';

/** A model with these component schemas (the table reads nothing else), each type name the name in PascalCase. */
function modelWith(schemas: Record<string, SchemaObject>): ApiModel {
  const named = Object.entries(schemas).map(([name, schema]) => ({
    name,
    typeName: name.replace(/^./, (c) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, ''),
    indexName: name,
    schema,
    recursive: false,
  }));
  return { schemas: named } as unknown as ApiModel;
}

const pet: SchemaObject = {
  type: 'object',
  required: ['id', 'tag'],
  properties: { id: { type: 'integer', readOnly: true }, tag: { type: 'string', maxLength: 8 }, owner: { $ref: '#/components/schemas/owner' } },
};
const owner: SchemaObject = { type: 'object', properties: { 'first name': { type: 'string', minLength: 1 } } };

describe('the table of definitions tools share', () => {
  it('holds each component once by type name, one object both ways unless readOnly or writeOnly make them differ', () => {
    const { defs } = buildSchemaTable(modelWith({ pet, owner }));
    expect([...defs.request.keys()]).toStrictEqual(['Pet', 'Owner']);
    expect(defs.response.get('Owner')).toBe(defs.request.get('Owner'));
    expect(Object.keys(defs.request.get('Pet')?.properties as object)).toStrictEqual(['tag', 'owner']);
    expect(Object.keys(defs.response.get('Pet')?.properties as object)).toStrictEqual(['id', 'tag', 'owner']);
    expect((defs.request.get('Pet')?.properties as Record<string, unknown>).owner).toStrictEqual({ $ref: '#/$defs/Owner' });
  });

  it('names a place inside a component by its pointer, and converts the schema found there', () => {
    const table = buildSchemaTable(modelWith({ pet, owner }));
    const converted = table.convert({ type: 'object', properties: { tag: { $ref: '#/components/schemas/pet/properties/tag' } } }, 'request');
    expect(converted.properties).toStrictEqual({ tag: { $ref: '#/$defs/pet~1properties~1tag' } });
    expect(table.defs.request.get('pet/properties/tag')).toStrictEqual({ type: 'string', maxLength: 8 });
  });

  it('follows a component reference met on the way, and reads two spellings of one place as one', () => {
    const table = buildSchemaTable(modelWith({ pet, owner }));
    const first = table.convert({ $ref: '#/components/schemas/pet/properties/owner/properties/first%20name' }, 'request');
    const second = table.convert({ $ref: '#/components/schemas/pet/properties/owner/properties/first name' }, 'request');
    expect(first).toStrictEqual({ $ref: '#/$defs/pet~1properties~1owner~1properties~1first%20name' });
    expect(second).toStrictEqual(first);
    expect(table.defs.request.get('pet/properties/owner/properties/first name')).toStrictEqual({ type: 'string', minLength: 1 });
    expect(table.defs.request.size).toBe(3);
  });

  it('makes a schema recursive through a place (no component named) a definition that references itself', () => {
    const forest: SchemaObject = {
      type: 'object',
      properties: { tree: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/forest/properties/tree' } } } } },
    };
    const { defs } = buildSchemaTable(modelWith({ forest }));
    expect(defs.request.get('forest/properties/tree')).toStrictEqual({
      type: 'object',
      properties: { children: { type: 'array', items: { $ref: '#/$defs/forest~1properties~1tree' } } },
    });
  });

  it.each([
    ['a component that does not exist', '#/components/schemas/nobody'],
    ['a place that does not exist', '#/components/schemas/pet/properties/nothing'],
    ['a place that is not a schema', '#/components/schemas/pet/required/0'],
    ['a place outside the component schemas', '#/paths/~1pets/get'],
  ])('stops on a reference that does not resolve to a schema: %s', (_, ref) => {
    const table = buildSchemaTable(modelWith({ pet, owner }));
    const attempt = () => table.convert({ $ref: ref }, 'request');
    expect(attempt).toThrow(PodcastGenError);
    expect(attempt).toThrow(ref);
  });
});
