import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundle, createConfig, getTypes, makeDocumentFromString, normalizeTypes, type Config, type NormalizedNodeType } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { syntheticDocument } from '../../bench/synthetic.js';
import { isOwnBundle, REF_PLACES } from '../../generator/load/bundle.js';
import { loadLintConfig } from '../../generator/lint/lint-config.js';
import { FIXTURE_DOCS, ROOT, SPEC } from '../helpers/paths.js';

/**
 * The load stage skips redocly's bundle pass for a document that is its own bundle (isOwnBundle).
 * These hold the shortcut to what redocly does: on every document where it is taken, redocly's
 * bundle leaves the document exactly as it was; where redocly would change something, it is not.
 */
describe('a document that is its own bundle', () => {
  let config: Config;
  beforeAll(async () => {
    config = await loadLintConfig({});
  });

  /** What redocly's bundle makes of `document` (a copy), as JSON. */
  async function bundledByRedocly(document: unknown): Promise<string> {
    const doc = makeDocumentFromString(JSON.stringify(document), join(ROOT, 'test', '.tmp', 'own-bundle.json'));
    const result = await bundle({ doc, config, dereference: false });
    return JSON.stringify(result.bundle.parsed);
  }

  const documents: [string, () => unknown][] = [
    ['the podcast document', () => parse(readFileSync(SPEC, 'utf8'))],
    ['Petstore', () => JSON.parse(readFileSync(join(ROOT, 'node_modules', '@readme', 'oas-examples', '3.0', 'json', 'petstore.json'), 'utf8'))],
    ['a synthetic document of 100 operations', () => syntheticDocument(100)],
    ...readdirSync(join(FIXTURE_DOCS, 'corpus')).map((name): [string, () => unknown] => [`corpus/${name}`, () => parse(readFileSync(join(FIXTURE_DOCS, 'corpus', name), 'utf8'))]),
  ];

  for (const [name, read] of documents) {
    it(`is left unchanged by redocly's bundle when taken: ${name}`, async () => {
      const document = read();
      // Taken as a JSON document (no node in two places, not looked for) or not, the answer is the same.
      expect(isOwnBundle(JSON.parse(JSON.stringify(document)), config, true)).toBe(isOwnBundle(document, config));
      if (isOwnBundle(document, config)) expect(await bundledByRedocly(document)).toBe(JSON.stringify(document));
    });
  }

  it('is taken for documents with internal references only', () => {
    expect(isOwnBundle(parse(readFileSync(SPEC, 'utf8')), config)).toBe(true);
    expect(isOwnBundle(syntheticDocument(100), config)).toBe(true);
  });

  const withRef = (where: (ref: { $ref: string }) => Record<string, unknown>, ref = '#/components/schemas/Thing') => ({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: { '/t': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } }, ...where({ $ref: ref }) } } },
    components: { schemas: { Thing: { type: 'object', properties: { id: { type: 'integer' } }, example: { id: 1 } } }, examples: { one: { value: { id: 1 } } } },
  });

  const refused: [string, unknown][] = [
    // redocly puts what a $ref names in place of a $ref where its types expect data.
    ['a $ref as a schema example', withRef(() => ({ parameters: [{ name: 'q', in: 'query', schema: { type: 'object', example: { $ref: '#/components/examples/one' } } }] }))],
    ['a $ref as a link request body', withRef(() => ({ responses: { '200': { description: 'ok', links: { next: { operationId: 'x', requestBody: { $ref: '#/components/examples/one' } } } } } }))],
    ['a $ref as an extension value', withRef((ref) => ({ 'x-thing': ref }))],
    ['a $ref into another file', withRef((ref) => ({ parameters: [{ name: 'q', in: 'query', schema: ref }] }), 'other.yaml#/Thing')],
    ['a $ref to nothing', withRef((ref) => ({ parameters: [{ name: 'q', in: 'query', schema: ref }] }), '#/components/schemas/Nope')],
    ['a $ref to an inherited property', withRef((ref) => ({ parameters: [{ name: 'q', in: 'query', schema: ref }] }), '#/components/schemas/constructor')],
  ];
  for (const [name, document] of refused) {
    it(`is not taken with ${name}`, async () => {
      expect(isOwnBundle(document, config)).toBe(false);
      expect(isOwnBundle(document, config, true)).toBe(false);
    });
  }

  it('is not taken when redocly would change the document, and is where it would not', async () => {
    // Checked against redocly itself, so that a refusal above is not a mere guess.
    // (Under `links` and `x-` keys the refusal is only caution: redocly's types call some of it data.)
    const [, example] = refused[0] as [string, unknown];
    expect(await bundledByRedocly(example)).not.toBe(JSON.stringify(example));
    const plain = withRef((ref) => ({ parameters: [{ name: 'q', in: 'query', schema: ref }] }));
    expect(isOwnBundle(plain, config)).toBe(true);
    expect(await bundledByRedocly(plain)).toBe(JSON.stringify(plain));
  });

  it('is not taken when the config turns on a decorator', async () => {
    const decorating = await createConfig({ extends: ['podcast-gen/generic'], decorators: { 'remove-x-internal': 'on' } } as never, { plugins: [(await import('../../generator/lint/plugin.js')).podcastGenPlugin] });
    expect(isOwnBundle(syntheticDocument(10), decorating)).toBe(false);
  });

  it('is not taken when a chain of $refs loops', () => {
    const document = withRef((ref) => ({ parameters: [{ name: 'q', in: 'query', schema: ref }] })) as { components: { schemas: Record<string, unknown> } };
    document.components.schemas.Loop = { $ref: '#/components/schemas/Loop2' };
    document.components.schemas.Loop2 = { $ref: '#/components/schemas/Loop' };
    expect(isOwnBundle(document, config)).toBe(false);
  });
});

/**
 * The keys REF_PLACES names are held to redocly's own OpenAPI 3.0 types: a $ref there is walked
 * as an OpenAPI object (a named type), never as data, which redocly would replace.
 */
describe("the places where redocly keeps a $ref as written, by redocly's types", () => {
  const types = normalizeTypes(getTypes('oas3_0')) as Record<string, NormalizedNodeType>;
  const ref = { $ref: '#/x' };
  const named = (type: unknown, key = 'name'): boolean => {
    const resolved = typeof type === 'function' ? (type as (value: unknown, key: string) => unknown)(ref, key) : type;
    return !!resolved && typeof (resolved as { name?: unknown }).name === 'string' && (resolved as { name: string }).name !== 'scalar';
  };
  // Link is under `links`, which REF_PLACES excludes: its `requestBody` is data.
  const objects = Object.entries(types).filter(([name]) => name !== 'Link');

  it('an object under one of `keys` is an OpenAPI object', () => {
    const seen = objects.flatMap(([name, type]) => REF_PLACES.keys.filter((key) => key in type.properties).map((key) => [`${name}.${key}`, named(type.properties[key])]));
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.filter(([, ok]) => !ok)).toEqual([]);
  });

  it('each item of an array under one of `arrays`, and each entry of a map under one of `maps`, is one', () => {
    const seen: [string, boolean][] = [];
    for (const [name, type] of objects) {
      for (const key of REF_PLACES.arrays.filter((k) => k in type.properties)) {
        const list = type.properties[key] as NormalizedNodeType | undefined;
        // A map (Components.parameters) is not an array: its entries are checked below.
        if (!list?.items) continue;
        seen.push([`${name}.${key}[]`, named(list.items)]);
      }
      for (const key of REF_PLACES.maps.filter((k) => k in type.properties)) {
        const map = type.properties[key] as NormalizedNodeType | undefined;
        // A list (Operation.parameters) is an array, not a map: its items are checked above.
        if (map?.items) continue;
        seen.push([`${name}.${key}{}`, named(map?.additionalProperties, key === 'responses' ? '200' : 'name')]);
      }
    }
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.filter(([, ok]) => !ok)).toEqual([]);
  });
});

function parse(text: string): unknown {
  mkdirSync(join(ROOT, 'test', '.tmp'), { recursive: true });
  writeFileSync(join(ROOT, 'test', '.tmp', 'own-bundle-source.yaml'), text);
  return makeDocumentFromString(text, join(ROOT, 'test', '.tmp', 'own-bundle-source.yaml')).parsed;
}
