import { describe, expect, it } from 'vitest';
import { inlinePathRefs, printingFacts } from '../../generator/emit/types/inline-path-refs.js';

const offset = { $ref: '#/components/schemas/offset' };

describe('inlinePathRefs', () => {
  it('replaces a ref into part of a path item by its target, leaving the input untouched', () => {
    const document = {
      paths: {
        '/a': { post: { requestBody: { content: { 'application/json': { schema: { properties: { c: offset } } } } } } },
        '/b': { get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/paths/~1a/post/requestBody/content/application~1json/schema/properties/c' } } } } } } },
      },
    };
    const before = structuredClone(document);
    const inlined = inlinePathRefs(document);
    expect(inlined.paths['/b'].get.responses[200].content['application/json'].schema).toStrictEqual(offset);
    expect(document).toStrictEqual(before);
  });

  it('keeps a ref to a whole path item (its operations would be printed twice)', () => {
    const document = { paths: { '/a': { get: { operationId: 'getA' } }, '/b': { $ref: '#/paths/~1a' } } };
    expect(inlinePathRefs(document)).toStrictEqual(document);
  });

  it('leaves a ref that leads back into itself as it is', () => {
    const document = { paths: { '/a': { get: { x: { $ref: '#/paths/~1a/get/x' } } } } };
    expect(inlinePathRefs(document)).toStrictEqual(document);
  });

  it('copies a document without part refs only when printing may write into it (discriminators)', () => {
    const plain = { components: { schemas: { a: { type: 'string' } } } };
    const discriminated = { components: { schemas: { a: { oneOf: [{ $ref: '#/components/schemas/b' }], discriminator: { propertyName: 'kind' } }, b: { type: 'object' } } } };
    expect(printingFacts(plain)).toStrictEqual({ partRefs: false, discriminators: false });
    expect(printingFacts(discriminated)).toStrictEqual({ partRefs: false, discriminators: true });
    expect(inlinePathRefs(plain)).toBe(plain);
    expect(inlinePathRefs(discriminated)).not.toBe(discriminated);
    expect(inlinePathRefs(discriminated)).toStrictEqual(discriminated);
    expect(inlinePathRefs(discriminated, { owned: true })).toBe(discriminated);
  });
});
