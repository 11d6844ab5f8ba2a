import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem, generateFiles } from '../../generator/index.js';
import { toOpenApi30Schema } from '../../generator/model/normalize-schema.js';
import type { Problem } from '../../generator/problems.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';

const twin = (version: string) => join(FIXTURE_DOCS, 'versions', `twin-${version}.yaml`);
/** The banner names the document and its hash; openapi-typescript's JSDoc tags differ (`@constant` for `@enum`). */
const comparable = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^(\/\/ (Source|sha256): |\s*"(source|sha256)": )/.test(line) && !/^\s*\/\*\* @(enum|constant)\b.*\*\/$/.test(line))
    .join('\n');

describe('a 3.0 document and its hand-made 3.1 twin (type arrays, const, examples, numeric bounds, null branch, contentMediaType)', () => {
  it('give the same output, file for file: the same validators, fixtures, MCP schemas and client, and the same types', async () => {
    const [old, next] = await Promise.all([generateFiles({ spec: twin('3.0') }), generateFiles({ spec: twin('3.1') })]);
    expect(next.files.map((f) => f.path)).toStrictEqual(old.files.map((f) => f.path));
    for (const file of old.files) {
      const other = next.files.find((f) => f.path === file.path)?.content ?? '';
      expect(comparable(other), file.path).toBe(comparable(file.content));
    }
    expect(next.files.find((f) => f.path === 'schemas.ts')?.content).toContain('z.nullable(');
  });
});

describe('toOpenApi30Schema: JSON Schema 2020-12 in OpenAPI 3.0 shape', () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['type with null', { type: ['string', 'null'], maxLength: 3 }, { maxLength: 3, nullable: true, type: 'string' }],
    ['two types', { type: ['string', 'integer'] }, { anyOf: [{ type: 'string' }, { type: 'integer' }] }],
    ['only null', { type: 'null' }, { nullable: true, enum: [null] }],
    ['const', { const: 3 }, { enum: [3] }],
    ['examples', { type: 'string', examples: ['a', 'b'] }, { type: 'string', example: 'a' }],
    ['exclusive minimum', { type: 'number', exclusiveMinimum: 0 }, { type: 'number', exclusiveMinimum: true, minimum: 0 }],
    ['stricter inclusive minimum kept', { type: 'number', exclusiveMinimum: 0, minimum: 2 }, { type: 'number', minimum: 2 }],
    ['exclusive maximum', { exclusiveMaximum: 5 }, { exclusiveMaximum: true, maximum: 5 }],
    [
      'null branch of anyOf',
      { anyOf: [{ $ref: '#/components/schemas/A' }, { type: 'null' }] },
      { nullable: true, allOf: [{ $ref: '#/components/schemas/A' }] },
    ],
    [
      'null branch of oneOf, two left',
      { oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
      { oneOf: [{ type: 'string' }, { type: 'integer' }], nullable: true },
    ],
    ['$ref with a description', { $ref: '#/x', description: 'd' }, { $ref: '#/x', description: 'd' }],
    ['$ref with a constraint', { $ref: '#/x', maxLength: 2 }, { maxLength: 2, allOf: [{ $ref: '#/x' }] }],
    ['bytes', { type: 'string', contentMediaType: 'image/png' }, { type: 'string', contentMediaType: 'image/png', format: 'binary' }],
    ['base64', { type: 'string', contentEncoding: 'base64' }, { type: 'string', contentEncoding: 'base64', format: 'byte' }],
    ['text is not bytes', { type: 'string', contentMediaType: 'application/json' }, { type: 'string', contentMediaType: 'application/json' }],
    [
      'nested',
      { type: 'object', properties: { a: { type: ['integer', 'null'] } }, items: { const: 'x' } },
      { type: 'object', properties: { a: { nullable: true, type: 'integer' } }, items: { enum: ['x'] } },
    ],
  ];
  it.each(cases)('%s', (_name, given, want) => {
    const problems: Problem[] = [];
    expect(toOpenApi30Schema(given, '#/s', problems)).toStrictEqual(want);
    expect(problems).toStrictEqual([]);
  });

  it('keeps the keywords without a 3.0 form (the validators and the MCP schemas read them)', () => {
    const problems: Problem[] = [];
    const given = {
      type: 'array',
      prefixItems: [{ type: ['string', 'null'] }],
      items: { type: 'object', patternProperties: { '^x': { const: 1 } }, dependentRequired: { a: ['b'] } },
    };
    expect(toOpenApi30Schema(given, '#/s', problems)).toStrictEqual({
      type: 'array',
      prefixItems: [{ type: 'string', nullable: true }],
      items: { type: 'object', patternProperties: { '^x': { enum: [1] } }, dependentRequired: { a: ['b'] } },
    });
    expect(problems).toStrictEqual([]);
  });

  it('type [T, "null"] beside an enum without null stays without null', () => {
    expect(toOpenApi30Schema({ type: ['string', 'null'], enum: ['a'] }, '#/s', [])).toStrictEqual({ type: 'string', enum: ['a'] });
  });

  it('reports a keyword the validators cannot check exactly at file:line:col of the document', async () => {
    const { problems } = await generateFiles({ spec: join(FIXTURE_DOCS, 'versions', 'loosened-3.1.yaml') });
    const lines = problems.filter((p) => p.code === 'model/loosened-keyword').map(formatProblem);
    expect(lines).toStrictEqual([
      expect.stringMatching(/loosened-3\.1\.yaml:22:7 +warn +model\/loosened-keyword +`unevaluatedProperties` is checked less strictly/),
    ]);
  });
});
