import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { normalizeDocument } from '../../generator/model/normalize-schema.js';
import { ROOT } from '../helpers/paths.js';
import { emitSchemas } from '../zod/helpers/emit-schemas.js';

const NULLABLE_STRING = { type: ['string', 'null'] };
const AS_30 = { type: 'string', nullable: true };

/**
 * A 3.1 schema in OpenAPI 3.0's shape wherever a schema sits: under every keyword that holds one
 * (the places model/normalize-schema.ts once skipped: `definitions`, `additionalItems`,
 * `contentSchema`, `dependencies`, `items` as a tuple).
 */
const PLACES: { place: string; given: Record<string, unknown>; want: Record<string, unknown> }[] = [
  { place: 'definitions/Name', given: { definitions: { Name: NULLABLE_STRING } }, want: { definitions: { Name: AS_30 } } },
  { place: '$defs/Name', given: { $defs: { Name: NULLABLE_STRING } }, want: { $defs: { Name: AS_30 } } },
  { place: 'additionalItems', given: { additionalItems: NULLABLE_STRING }, want: { additionalItems: AS_30 } },
  { place: 'contentSchema', given: { type: 'string', contentSchema: NULLABLE_STRING }, want: { type: 'string', contentSchema: AS_30 } },
  { place: 'dependencies/c', given: { dependencies: { a: ['b'], c: NULLABLE_STRING } }, want: { dependencies: { a: ['b'], c: AS_30 } } },
  { place: 'items/0 (a tuple)', given: { items: [NULLABLE_STRING, { const: 1 }] }, want: { items: [AS_30, { enum: [1] }] } },
  { place: 'propertyNames', given: { propertyNames: NULLABLE_STRING }, want: { propertyNames: AS_30 } },
  {
    place: 'properties/a/definitions/B',
    given: { properties: { a: { definitions: { B: NULLABLE_STRING } } } },
    want: { properties: { a: { definitions: { B: AS_30 } } } },
  },
  {
    place: 'allOf/0/dependentSchemas/a',
    given: { allOf: [{ dependentSchemas: { a: NULLABLE_STRING } }] },
    want: { allOf: [{ dependentSchemas: { a: AS_30 } }] },
  },
];

describe('a 3.1 component schema is read in 3.0 shape under every keyword that holds schemas', () => {
  it.each(PLACES)('#/components/schemas/A/$place', ({ given, want }) => {
    const document = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { A: given } } };
    const { document: normalized } = normalizeDocument(document);
    expect((normalized.components as { schemas: Record<string, unknown> }).schemas.A).toStrictEqual(want);
  });
});

/** Writes a 3.1 document under test/.tmp and gives its path. */
function document31(name: string, text: string): string {
  const dir = join(ROOT, 'test', '.tmp', 'subschema-places');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.yaml`);
  writeFileSync(path, text);
  return path;
}

describe('issue 39: the validators of a 3.1 schema under `definitions`', () => {
  // Before: `definitions` was not normalized, `type: [string, 'null']` read as no type: z.unknown(), which took 5.
  it.each([
    { given: 5, want: false },
    { given: null, want: true },
    { given: 'a', want: true },
    { given: true, want: false },
  ])('takes $given: $want, as the same schema under the 2020-12 keyword does', async ({ given, want }) => {
    const spec = document31(
      'definitions',
      [
        'openapi: 3.1.0',
        'info: { title: definitions, version: "1" }',
        'paths: {}',
        'components:',
        '  schemas:',
        '    Holder:',
        '      type: object',
        '      properties:',
        "        name: { $ref: '#/components/schemas/Holder/definitions/Name' }",
        "        tag: { $ref: '#/components/schemas/Holder/$defs/Tag' }",
        '      definitions:',
        "        Name: { type: [string, 'null'] }",
        '      $defs:',
        "        Tag: { type: [string, 'null'] }",
      ].join('\n'),
    );
    const { module } = await emitSchemas(spec);
    const holder = module.Holder;
    expect(holder?.safeParse({ name: given }).success).toBe(want);
    expect(holder?.safeParse({ tag: given }).success).toBe(want);
  });
});

describe('a $ref under contentSchema or dependencies', () => {
  // Before: refused, "a $ref stands where `contentSchema` of a schema goes, which holds no schema" (document/ref-place).
  it('names a schema: the document generates, and the tool schema keeps it', async () => {
    const spec = document31(
      'content-schema',
      [
        'openapi: 3.1.0',
        'info: { title: content, version: "1" }',
        'paths:',
        '  /a:',
        '    get:',
        '      operationId: getA',
        '      parameters:',
        '        - name: q',
        '          in: query',
        '          schema:',
        '            type: string',
        '            contentMediaType: application/json',
        "            contentSchema: { $ref: '#/components/schemas/Query' }",
        '      responses:',
        "        '200':",
        '          description: ok',
        '          content:',
        '            application/json:',
        '              schema:',
        '                type: object',
        '                dependencies:',
        '                  a: [b]',
        "                  c: { $ref: '#/components/schemas/Query' }",
        'components:',
        '  schemas:',
        "    Query: { type: object, properties: { n: { type: [integer, 'null'] } } }",
      ].join('\n'),
    );
    const { files, problems } = await generateFiles({ spec });
    expect(problems.filter((p) => p.severity === 'error')).toStrictEqual([]);
    const tools = JSON.parse(files.find((f) => f.path === 'mcp/tools.json')?.content ?? '{}') as {
      tools: { name: string; inputSchema: { properties: Record<string, { contentSchema?: unknown }>; $defs?: Record<string, unknown> } }[];
    };
    const input = tools.tools.find((t) => t.name === 'get_a')?.inputSchema;
    expect(input?.properties.q?.contentSchema).toStrictEqual({ $ref: '#/$defs/Query' });
    expect(input?.$defs?.Query).toStrictEqual({ type: 'object', properties: { n: { anyOf: [{ type: 'integer' }, { type: 'null' }] } } });
  });
});
