import { describe, expect, it } from 'vitest';
import { separateObjectEnums } from '../../generator/emit/types/object-enums.js';
import { printableRefs, printingFacts } from '../../generator/emit/types/printable-refs.js';

const offset = { $ref: '#/components/schemas/offset' };

describe('printableRefs', () => {
  it('replaces a ref into part of a path item by its target, leaving the input untouched', () => {
    const document = {
      paths: {
        '/a': { post: { requestBody: { content: { 'application/json': { schema: { properties: { c: offset } } } } } } },
        '/b': {
          get: {
            responses: {
              200: { content: { 'application/json': { schema: { $ref: '#/paths/~1a/post/requestBody/content/application~1json/schema/properties/c' } } } },
            },
          },
        },
      },
    };
    const before = structuredClone(document);
    const inlined = printableRefs(document);
    expect(inlined.paths['/b'].get.responses[200].content['application/json'].schema).toStrictEqual(offset);
    expect(document).toStrictEqual(before);
  });

  it('keeps a ref to a whole path item (its operations would be printed twice)', () => {
    const document = { paths: { '/a': { get: { operationId: 'getA' } }, '/b': { $ref: '#/paths/~1a' } } };
    expect(printableRefs(document)).toStrictEqual(document);
  });

  it('leaves a ref that leads back into itself as it is', () => {
    const document = { paths: { '/a': { get: { x: { $ref: '#/paths/~1a/get/x' } } } } };
    expect(printableRefs(document)).toStrictEqual(document);
  });

  it("makes a ref into a schema's definitions a component of its own, its siblings and its own refs kept", () => {
    const node = { properties: { next: { $ref: '#/components/schemas/Tree/definitions/node' } } };
    const document = {
      components: {
        schemas: {
          Tree: { properties: { root: { $ref: '#/components/schemas/Tree/definitions/node', description: 'The root.' } }, definitions: { node } },
          Leaf: { $ref: '#/components/schemas/Tree/properties/root' },
        },
      },
    };
    const before = structuredClone(document);
    const printable = printableRefs(document);
    expect(printable.components.schemas.Tree.properties.root).toStrictEqual({ $ref: '#/components/schemas/Tree~1definitions~1node', description: 'The root.' });
    expect((printable.components.schemas as Record<string, unknown>)['Tree/definitions/node']).toStrictEqual({
      properties: { next: { $ref: '#/components/schemas/Tree~1definitions~1node' } },
    });
    // Into a component's properties: openapi-typescript's index compiles, so it stays.
    expect(printable.components.schemas.Leaf).toStrictEqual({ $ref: '#/components/schemas/Tree/properties/root' });
    expect(document).toStrictEqual(before);
  });

  it("leaves a ref into an example's data as it is (Shutterstock's example refers to another)", () => {
    const document = {
      components: { schemas: { Search: { type: 'array', items: { type: 'string' }, example: ['cat'], properties: { example: { type: 'string' } } } } },
      paths: {
        '/s': { post: { requestBody: { content: { 'application/json': { examples: { a: { value: { $ref: '#/components/schemas/Search/example' } } } } } } } },
      },
      'x-other': { $ref: '#/components/schemas/Search/properties/example' },
    };
    expect(printingFacts(document).partRefs).toBe(false);
    expect(printableRefs(document)).toBe(document);
  });

  it('makes a ref through an optional or nullable property a component of its own (Twine Health)', () => {
    const data = { type: 'object', properties: { id: { type: 'string' } } };
    const owner = { type: 'object', required: ['data'], properties: { data } };
    const document = {
      components: {
        schemas: {
          Event: {
            type: 'object',
            required: ['links'],
            properties: { relationships: { type: 'object', properties: { owner } }, links: { type: 'object', required: ['owner'], properties: { owner } } },
          },
          Optional: { $ref: '#/components/schemas/Event/properties/relationships/properties/owner/properties/data' },
          Required: { $ref: '#/components/schemas/Event/properties/links/properties/owner/properties/data' },
          Shallow: { $ref: '#/components/schemas/Event/properties/relationships' },
        },
      },
    };
    expect(printingFacts(document).partRefs).toBe(true);
    const schemas = printableRefs(document).components.schemas as Record<string, unknown>;
    expect(schemas.Optional).toStrictEqual({ $ref: '#/components/schemas/Event~1properties~1relationships~1properties~1owner~1properties~1data' });
    expect(schemas['Event/properties/relationships/properties/owner/properties/data']).toStrictEqual(data);
    expect(schemas.Required).toStrictEqual({ $ref: '#/components/schemas/Event/properties/links/properties/owner/properties/data' });
    expect(schemas.Shallow).toStrictEqual({ $ref: '#/components/schemas/Event/properties/relationships' });
  });

  it('gives a document without part refs back as it is, discriminators or not (their writes are undone: discriminator-scan.test.ts)', () => {
    const plain = { components: { schemas: { a: { type: 'string' } } } };
    const discriminated = {
      components: { schemas: { a: { oneOf: [{ $ref: '#/components/schemas/b' }], discriminator: { propertyName: 'kind' } }, b: { type: 'object' } } },
    };
    expect(printingFacts(plain)).toStrictEqual({ partRefs: false, discriminators: false, objectEnums: false });
    expect(printingFacts(discriminated)).toStrictEqual({ partRefs: false, discriminators: true, objectEnums: false });
    expect(printableRefs(plain)).toBe(plain);
    expect(printableRefs(discriminated)).toBe(discriminated);
  });
});

describe('separateObjectEnums', () => {
  it("prints an object schema's enum as an allOf member of its own, sharing what it leaves unchanged", () => {
    const group = { type: 'object', enum: ['PKW', 'VAN'], properties: { name: { type: 'string' } }, allOf: [{ description: 'd' }] };
    const other = { type: 'string', enum: ['a'] };
    const document = { components: { schemas: { Group: group, Other: other } }, paths: { '/x': { get: { 'x-data': { type: 'object', enum: [1] } } } } };
    expect(printingFacts(document).objectEnums).toBe(true);
    const before = structuredClone(document);
    const separated = separateObjectEnums(document);
    expect(separated.components.schemas.Group).toStrictEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
      allOf: [{ description: 'd' }, { enum: ['PKW', 'VAN'] }],
    });
    expect(separated.components.schemas.Other).toBe(other);
    expect(separated.paths).toBe(document.paths);
    expect(document).toStrictEqual(before);
  });
});
