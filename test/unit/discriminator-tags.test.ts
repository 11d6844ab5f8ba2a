import { describe, expect, it } from 'vitest';
import { buildModel } from '../../generator/model/build-model.js';
import { discriminatorTagsOf } from '../../generator/model/discriminator-tags.js';

const source = { path: 'test.yaml', label: 'test.yaml', hash: 'h' };
const ref = (name: string) => `#/components/schemas/${name}`;
const extending = (base: string) => ({ allOf: [{ $ref: ref(base) }, { type: 'object' }] });

/**
 * Two discriminated bases, each with its own mapping, and components extending each through `allOf`.
 * Each mapping is indexed by target once and the index reused for every component extending that
 * base: a component must get the values of its own base's mapping, not those of the first one indexed.
 * Square is mapped twice (an alias kept for older clients), so its tag is not the one key the
 * fallback for an unmapped component would find.
 */
describe('the tags of components extending two discriminated bases, each with its own mapping', () => {
  const document = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {},
    components: {
      schemas: {
        Pet: {
          type: 'object',
          required: ['petType'],
          properties: { petType: { type: 'string' } },
          discriminator: { propertyName: 'petType', mapping: { cat: ref('Cat'), dog: ref('Dog') } },
        },
        Shape: {
          type: 'object',
          required: ['form'],
          properties: { form: { type: 'string' } },
          discriminator: { propertyName: 'form', mapping: { circle: ref('Circle'), square: ref('Square'), box: ref('Square') } },
        },
        Cat: extending('Pet'),
        Dog: extending('Pet'),
        Circle: extending('Shape'),
        Square: extending('Shape'),
      },
    },
  };

  it("gives each component the values its own base's mapping names it by", () => {
    const { model } = buildModel(document, { apiName: 'podcast', source });
    const tags = discriminatorTagsOf(model);
    const want: { given: string; want: { propertyName: string; values: string[] } }[] = [
      { given: 'Cat', want: { propertyName: 'petType', values: ['cat'] } },
      { given: 'Dog', want: { propertyName: 'petType', values: ['dog'] } },
      { given: 'Circle', want: { propertyName: 'form', values: ['circle'] } },
      { given: 'Square', want: { propertyName: 'form', values: ['square', 'box'] } },
    ];
    expect(want.map(({ given }) => ({ given, want: tags.get(given) }))).toStrictEqual(want);
  });
});
