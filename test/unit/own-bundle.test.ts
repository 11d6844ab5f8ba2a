import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundle, createConfig, getTypes, makeDocumentFromString, normalizeTypes, type Config, type NormalizedNodeType } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { syntheticDocument } from '../../bench/synthetic.js';
import { bundleInPlace, REF_PLACES } from '../../generator/load/bundle.js';
import { loadLintConfig } from '../../generator/lint/lint-config.js';
import { FIXTURE_DOCS, ROOT, SPEC } from '../helpers/paths.js';

const GITHUB = join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');

/**
 * The load stage skips redocly's bundle pass for a document that is its own bundle but for copies
 * of what `example` `$ref`s name (bundleInPlace). These hold the shortcut to what redocly does: on
 * every document where it is taken, redocly's bundle makes exactly what it made; where redocly
 * would do anything else, it is not taken.
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
    ...readdirSync(join(FIXTURE_DOCS, 'corpus')).map((name): [string, () => unknown] => [
      `corpus/${name}`,
      () => parse(readFileSync(join(FIXTURE_DOCS, 'corpus', name), 'utf8')),
    ]),
  ];

  /** Whether the shortcut is taken for `document` (left untouched), as a JSON document and not. */
  function taken(document: unknown): boolean {
    const asJson = JSON.parse(JSON.stringify(document)) as unknown;
    const answer = bundleInPlace(asJson, config, true);
    // Taken as a JSON document (no node in two places, not looked for) or not, the answer is the same.
    expect(bundleInPlace(JSON.parse(JSON.stringify(document)), config)).toBe(answer);
    return answer;
  }

  /** Takes the shortcut on a copy of `document` and expects what redocly's bundle makes of it. */
  async function expectRedoclysBundle(document: unknown): Promise<void> {
    const ours = JSON.parse(JSON.stringify(document)) as unknown;
    expect(bundleInPlace(ours, config, true)).toBe(true);
    expect(JSON.stringify(ours)).toBe(await bundledByRedocly(document));
  }

  for (const [name, read] of documents) {
    it(`makes what redocly's bundle makes when taken: ${name}`, async () => {
      const document = read();
      if (taken(document)) await expectRedoclysBundle(document);
    });
  }

  it('is taken for documents with internal references only', () => {
    expect(taken(parse(readFileSync(SPEC, 'utf8')))).toBe(true);
    expect(taken(syntheticDocument(100))).toBe(true);
  });

  it("is taken for GitHub's document, and makes exactly redocly's bundle", async () => {
    const text = readFileSync(GITHUB, 'utf8');
    const ours = JSON.parse(text) as unknown;
    expect(bundleInPlace(ours, config, true)).toBe(true);
    // One schema `example` is a `$ref` to an Example object: both put a copy of it in its place.
    expect(text).toContain('"example": {\n                    "$ref": "#/components/examples/deployment-protection-rules"');
    expect(JSON.stringify(ours)).toBe(await bundledByRedocly(JSON.parse(text)));
  }, 60_000);

  const withRef = (where: (ref: { $ref: string }) => Record<string, unknown>, ref = '#/components/schemas/Thing') => ({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/t': {
        get: {
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
          ...where({ $ref: ref }),
        },
      },
    },
    components: {
      schemas: { Thing: { type: 'object', properties: { id: { type: 'integer' } }, example: { id: 1 } } },
      examples: { one: { value: { id: 1 } } },
    },
  });

  // redocly puts what a $ref names in place of a $ref where its types expect data (and walks there).
  const schemaExample = withRef(() => ({
    parameters: [{ name: 'q', in: 'query', schema: { type: 'object', example: { $ref: '#/components/examples/one' } } }],
  }));
  const refused: [string, unknown][] = [
    [
      'a $ref as a link request body',
      withRef(() => ({
        responses: { '200': { description: 'ok', links: { next: { operationId: 'x', requestBody: { $ref: '#/components/examples/one' } } } } },
      })),
    ],
    ['a $ref as an extension value', withRef((ref) => ({ 'x-thing': ref }))],
    ['a $ref into another file', withRef((ref) => ({ parameters: [{ name: 'q', in: 'query', schema: ref }] }), 'other.yaml#/Thing')],
    ['a $ref to nothing', withRef((ref) => ({ parameters: [{ name: 'q', in: 'query', schema: ref }] }), '#/components/schemas/Nope')],
    ['a $ref to an inherited property', withRef((ref) => ({ parameters: [{ name: 'q', in: 'query', schema: ref }] }), '#/components/schemas/constructor')],
  ];
  for (const [name, document] of refused) {
    it(`is not taken with ${name}`, async () => {
      expect(taken(document)).toBe(false);
    });
  }

  it('is not taken when redocly would change the document, and is where it would not', async () => {
    // Checked against redocly itself, so that a refusal above is not a mere guess.
    // (Under `links` and `x-` keys the refusal is only caution: redocly's types call some of it data.)
    expect(await bundledByRedocly(schemaExample)).not.toBe(JSON.stringify(schemaExample));
    const plain = withRef((ref) => ({ parameters: [{ name: 'q', in: 'query', schema: ref }] }));
    expect(taken(plain)).toBe(true);
    expect(await bundledByRedocly(plain)).toBe(JSON.stringify(plain));
  });

  // Each is checked against redocly: taken, the shortcut makes exactly what redocly's bundle makes.
  const asRedocly: [string, unknown][] = [
    ['a $ref as a schema example (a copy of the Example object)', schemaExample],
    [
      // A name, not the Response's `links`: redocly walks the entry as the schema it is (Microsoft Graph's `links` properties).
      'a schema property named links (a $ref, and $refs in its anyOf)',
      withRef((ref) => ({
        parameters: [{ name: 'q', in: 'query', schema: { type: 'object', properties: { links: ref, other: { properties: { links: { anyOf: [ref] } } } } } }],
      })),
    ],
    [
      'a $ref as a schema example next to other keys',
      withRef(() => ({
        parameters: [{ name: 'q', in: 'query', schema: { type: 'object', example: { $ref: '#/components/examples/one', note: 'kept', value: 'mine' } } }],
      })),
    ],
    [
      'a $ref as a schema example naming a string',
      withRef(() => ({ parameters: [{ name: 'q', in: 'query', schema: { type: 'string', example: { $ref: '#/info/title' } } }] })),
    ],
    [
      'a $ref as a property example',
      withRef(() => ({
        parameters: [
          {
            name: 'q',
            in: 'query',
            schema: { type: 'object', properties: { id: { type: 'integer', example: { $ref: '#/components/schemas/Thing/example' } } } },
          },
        ],
      })),
    ],
    [
      'a $ref as a media type example',
      withRef(() => ({
        requestBody: { content: { 'application/json': { schema: { type: 'object' }, example: { $ref: '#/components/examples/one/value' } } } },
      })),
    ],
    [
      'a $ref as a parameter example',
      withRef(() => ({ parameters: [{ name: 'q', in: 'query', schema: { type: 'object' }, example: { $ref: '#/components/examples/one' } }] })),
    ],
    [
      'a $ref in an Example value',
      withRef(() => ({
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object' },
              examples: { a: { value: { $ref: '#/components/examples/one' } }, b: { value: { list: [{ nested: { $ref: '#/components/schemas/Thing' } }] } } },
            },
          },
        },
      })),
    ],
    [
      'a $ref in an extension list',
      withRef(() => ({
        'x-changes': [{ patch: { responses: { '404': { $ref: '#/components/schemas/Thing' } }, example: { $ref: '#/components/examples/one' } } }],
      })),
    ],
    [
      'a $ref in an extension object, below its entries',
      withRef(() => ({ 'x-thing': { one: { nested: { $ref: '#/components/schemas/Thing' } }, two: [{ $ref: '#/components/examples/one' }] } })),
    ],
    [
      'a $ref below the entries of an x-query (declared an Operation by redocly)',
      withRef(() => ({
        'x-query': {
          requestBody: { content: { 'application/json': { schema: { type: 'object', example: { $ref: '#/components/examples/one' } } } } },
          responses: {},
        },
      })),
    ],
    ['a $ref in an x-codeSamples list (declared by redocly)', withRef(() => ({ 'x-codeSamples': [{ lang: 'sh', source: { $ref: '#/info/title' } }] }))],
    [
      'a $ref under an OpenAPI 3.0 x-webhooks',
      {
        ...(withRef(() => ({})) as object),
        'x-webhooks': {
          hook: {
            post: {
              requestBody: {
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { thing: { $ref: '#/components/schemas/Thing' } }, example: { $ref: '#/components/examples/one' } },
                  },
                },
              },
              responses: { '200': { description: 'ok' } },
            },
          },
        },
      },
    ],
  ];
  for (const [name, document] of asRedocly) {
    it(`makes what redocly's bundle makes with ${name}`, async () => {
      expect(taken(document)).toBe(true);
      await expectRedoclysBundle(document);
    });
  }
  it('replaces an example $ref as redocly does: by a copy of its target', async () => {
    const ours = JSON.parse(JSON.stringify(schemaExample)) as {
      paths: { '/t': { get: { parameters: { schema: { example: unknown } }[] } } };
      components: { examples: { one: unknown } };
    };
    expect(bundleInPlace(ours, config, true)).toBe(true);
    const example = ours.paths['/t'].get.parameters[0]?.schema.example;
    expect(example).toEqual(ours.components.examples.one);
    expect(example).not.toBe(ours.components.examples.one);
  });

  // Not taken, though checked against redocly: where it changes something, or keeps it in a way the shortcut does not follow.
  const unfollowed: [string, unknown, 'changes' | 'keeps'][] = [
    // redocly copies the target and walks no further: the `$ref` inside the copy stays as written,
    // but which of the two it sees first decides the copy when the target holds a replaced example.
    [
      'an example $ref naming something with a $ref inside',
      withRef(() => ({
        parameters: [{ name: 'q', in: 'query', schema: { type: 'object', example: { $ref: '#/paths/~1t/get/responses/200/content/application~1json' } } }],
      })),
      'changes',
    ],
    [
      'an example $ref naming nothing',
      withRef(() => ({ parameters: [{ name: 'q', in: 'query', schema: { type: 'object', example: { $ref: '#/components/examples/none' } } }] })),
      'keeps',
    ],
    [
      'a $ref to nothing in an Example value',
      withRef(() => ({ requestBody: { content: { 'application/json': { examples: { a: { value: { $ref: '#/components/examples/none' } } } } } } })),
      'keeps',
    ],
    [
      'a $ref as an entry of an x-query (declared an Operation by redocly)',
      withRef(() => ({ 'x-query': { requestBody: { $ref: '#/components/examples/one' }, responses: {} } })),
      'changes',
    ],
    ['a $ref to nothing in an extension', withRef(() => ({ 'x-thing': [{ $ref: '#/components/examples/none' }] })), 'keeps'],
    [
      'an example $ref next to a schema $ref',
      withRef(() => ({
        parameters: [{ name: 'q', in: 'query', schema: { $ref: '#/components/schemas/Thing', example: { $ref: '#/components/examples/one' } } }],
      })),
      'changes',
    ],
    ['a $ref as an entry of an extension object', withRef(() => ({ 'x-thing': { one: { $ref: '#/components/examples/one' } } })), 'changes'],
    ['a $ref as an extension entry named like an OpenAPI object', withRef(() => ({ content: { 'x-json': { $ref: '#/components/examples/one' } } })), 'keeps'],
  ];
  for (const [name, document, redocly] of unfollowed) {
    it(`is not taken with ${name}`, async () => {
      expect(taken(document)).toBe(false);
      expect((await bundledByRedocly(document)) === JSON.stringify(document)).toBe(redocly === 'keeps');
    });
  }

  it('is not taken when the config turns on a decorator', async () => {
    const decorating = await createConfig({ extends: ['podcast-gen/generic'], decorators: { 'remove-x-internal': 'on' } } as never, {
      plugins: [(await import('../../generator/lint/plugin.js')).podcastGenPlugin],
    });
    expect(bundleInPlace(syntheticDocument(10), decorating)).toBe(false);
  });

  it('is not taken when a chain of $refs loops', () => {
    const document = withRef((ref) => ({ parameters: [{ name: 'q', in: 'query', schema: ref }] })) as { components: { schemas: Record<string, unknown> } };
    document.components.schemas.Loop = { $ref: '#/components/schemas/Loop2' };
    document.components.schemas.Loop2 = { $ref: '#/components/schemas/Loop' };
    expect(taken(document)).toBe(false);
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
    const seen = objects.flatMap(([name, type]) =>
      REF_PLACES.keys.filter((key) => key in type.properties).map((key) => [`${name}.${key}`, named(type.properties[key])]),
    );
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.filter(([, ok]) => !ok)).toEqual([]);
  });

  it('a map whose entries redocly walks as OpenAPI objects, even `x-` ones, sits under one of `names`', () => {
    // Such a map type has no extension prefix: an `x-` key in it is an entry, not an extension.
    for (const version of ['oas3_0', 'oas3_1'] as const) {
      const all = normalizeTypes(getTypes(version)) as Record<string, NormalizedNodeType>;
      const mapTypes = new Set(
        Object.values(all)
          .filter((type) => !type.extensionsPrefix && named(type.additionalProperties, 'x-a'))
          .map((type) => type.name),
      );
      const under = Object.values(all).flatMap((type) =>
        Object.entries(type.properties)
          .filter(([key, value]) => !key.startsWith('x-') && mapTypes.has((value as { name?: string } | undefined)?.name ?? ''))
          .map(([key]) => key),
      );
      expect(under.length).toBeGreaterThan(10);
      expect(under.filter((key) => !(REF_PLACES.names as readonly string[]).includes(key))).toEqual([]);
    }
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
