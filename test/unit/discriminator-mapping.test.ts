import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { normalizeDiscriminatorMappings } from '../../generator/load/discriminator-mapping.js';

const yaml = `
components:
  schemas:
    Cat: { type: object }
    Dog: { type: object }
    Pet:
      oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }]
      discriminator: &d { propertyName: kind, mapping: { cat: Cat, dog: '#/components/schemas/Dog', bird: Bird } }
    Other: { discriminator: *d }
`;

describe('bare names in discriminator mappings', () => {
  for (const fromJson of [false, true]) {
    it(`become references to the component schemas they name (${fromJson ? 'a JSON document' : 'a YAML document with an alias'})`, () => {
      const document = fromJson ? JSON.parse(JSON.stringify(parseYaml(yaml))) : parseYaml(yaml);
      normalizeDiscriminatorMappings(document, yaml, fromJson);
      const schemas = (document as { components: { schemas: Record<string, { discriminator: { mapping: unknown } }> } }).components.schemas;
      // An unknown name (Bird) is left for lint to report as unresolved.
      const want = { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog', bird: 'Bird' };
      expect(schemas.Pet?.discriminator.mapping).toEqual(want);
      expect(schemas.Other?.discriminator.mapping).toEqual(want);
    });
  }

  it('leaves a document without mappings untouched', () => {
    const document = { components: { schemas: { Cat: { discriminator: { propertyName: 'kind' } } } } };
    normalizeDiscriminatorMappings(document, JSON.stringify(document), true);
    expect(document).toEqual({ components: { schemas: { Cat: { discriminator: { propertyName: 'kind' } } } } });
  });
});
