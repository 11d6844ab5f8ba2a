import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withDiscriminatorWritesUndone } from '../../generator/emit/types/discriminator-writes.js';
import { printTypes } from '../../generator/emit/types/print-types.js';
import { loadPrinterModules } from '../../generator/emit/types/printer-modules.js';
import { ROOT } from '../helpers/paths.js';

/**
 * The types are printed from the run's own document, into which openapi-typescript's discriminator
 * scan writes its enums: once printed, the document must be as it was (key order included, as every
 * later output reads it), and printing it again must give the same types.
 */
describe('the discriminator enums openapi-typescript writes while printing', () => {
  const pet = (kind: string) => ({ type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, [kind]: { type: 'string' } } });
  const documents: { given: string; document: () => Record<string, unknown> }[] = [
    {
      given: 'targets of a oneOf and its mapping, with and without `properties` and `required`',
      document: () => ({
        openapi: '3.0.3',
        info: { title: 't', version: '1' },
        paths: {
          '/pets': {
            get: {
              operationId: 'getPet',
              responses: {
                200: {
                  description: 'ok',
                  content: {
                    'application/json': {
                      schema: {
                        oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Bird' }],
                        discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', hound: '#/components/schemas/Dog' } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        components: { schemas: { Cat: pet('purrs'), Dog: { type: 'object' }, Bird: { allOf: [{ type: 'object' }] } } },
      }),
    },
    {
      given: 'schemas that extend a discriminated base through allOf, one through a $ref to it',
      document: () => ({
        openapi: '3.0.3',
        info: { title: 't', version: '1' },
        paths: {
          '/shapes': {
            post: {
              operationId: 'addShape',
              requestBody: { content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Shape' }, { type: 'object' }] } } } },
              responses: { 204: { description: 'done' } },
            },
          },
        },
        components: {
          schemas: {
            Shape: {
              type: 'object',
              required: ['shapeType'],
              properties: { shapeType: { type: 'string' } },
              discriminator: { propertyName: 'shapeType', mapping: { circle: '#/components/schemas/Circle', square: '#/components/schemas/Square' } },
            },
            Circle: { allOf: [{ $ref: '#/components/schemas/Shape' }, { type: 'object', properties: { radius: { type: 'number' } } }] },
            Round: { $ref: '#/components/schemas/Circle' },
            Square: { description: 'A square.', allOf: [{ $ref: '#/components/schemas/Shape' }] },
          },
        },
      }),
    },
    {
      given: "the polymorphism example of readme's OpenAPI examples",
      document: () =>
        JSON.parse(readFileSync(join(ROOT, 'node_modules', '@readme', 'oas-examples', '3.0', 'json', 'polymorphism.json'), 'utf8')) as Record<string, unknown>,
    },
  ];

  for (const { given, document: read } of documents) {
    it(`leaves the document as it was and prints it alike twice: ${given}`, () => {
      const document = read();
      const before = JSON.stringify(document);
      const first = printTypes(document);
      expect(JSON.stringify(document)).toBe(before);
      expect(printTypes(document)).toBe(first);
      // The same types as printed from a copy nobody reads again.
      expect(printTypes(structuredClone(read()))).toBe(first);
    });
  }

  it('undoes the writes when printing fails midway', () => {
    const { ots } = loadPrinterModules();
    const document = documents[0]?.document() as Record<string, unknown>;
    const before = JSON.stringify(document);
    const cat = (document.components as { schemas: { Cat: { properties: Record<string, unknown>; required: string[] } } }).schemas.Cat;
    expect(() =>
      withDiscriminatorWritesUndone(ots, document, () => {
        cat.properties.kind = { enum: ['cat'] };
        cat.required.push('kind');
        throw new Error('stopped');
      }),
    ).toThrow('stopped');
    expect(JSON.stringify(document)).toBe(before);
  });
});
