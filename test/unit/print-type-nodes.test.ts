import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import fc from 'fast-check';
import type ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { syntheticDocument } from '../../bench/synthetic.js';
import { exactTypeOptions } from '../../generator/emit/types/exact-types.js';
import { inlinePathRefs, printingFacts } from '../../generator/emit/types/inline-path-refs.js';
import { printTypeNodes } from '../../generator/emit/types/print-type-nodes.js';
import { loadPrinterModules } from '../../generator/emit/types/printer-modules.js';
import { transformDocument } from '../../generator/emit/types/transform-document.js';
import { ROOT } from '../helpers/paths.js';

const modules = loadPrinterModules();
const { ts: compiler } = modules;
const f = compiler.factory;
const K = compiler.SyntaxKind;

/** openapi-typescript's nodes for a document, as printTypes() makes them. */
function nodesOf(document: Record<string, unknown>): ts.Node[] {
  const facts = printingFacts(document);
  const printable = inlinePathRefs(structuredClone(document), { owned: true, facts });
  return transformDocument(modules, printable as never, { discriminators: facts.discriminators, alphabetize: false, exportType: false, ...exactTypeOptions(modules) });
}

/** Both printers' text; the direct printer must cover the nodes (not hand them back). */
function bothPrinters(nodes: readonly ts.Node[]): { ours: string | undefined; theirs: string } {
  return { ours: printTypeNodes(compiler, nodes), theirs: modules.ots.astToString(nodes as ts.Node[]) };
}

const comment = <T extends ts.Node>(node: T, text: string, trailingNewLine = true): T => compiler.addSyntheticLeadingComment(node, K.MultiLineCommentTrivia, text, trailingNewLine);

/**
 * print-type-nodes.ts prints openapi-typescript's declarations without TypeScript's printer. Its
 * text must be TypeScript's own, byte for byte, or it must decline (and TypeScript's printer
 * prints): on the corpus of public documents, on generated documents with hostile strings in every
 * place openapi-typescript prints one, and on the node shapes where the printers' rules show.
 */
describe('the direct printer of type declarations', () => {
  const example = (name: string) => () => JSON.parse(readFileSync(join(ROOT, 'node_modules', '@readme', 'oas-examples', '3.0', 'json', name), 'utf8')) as Record<string, unknown>;
  const yaml = (path: string) => () => parseYaml(readFileSync(join(ROOT, path), 'utf8')) as Record<string, unknown>;
  const corpus: [string, () => Record<string, unknown>][] = [
    ['the podcast document', yaml('spec/podcast.openapi.yaml')],
    ['a document of 200 operations', () => syntheticDocument(200)],
    ...readdirSync(join(ROOT, 'test', 'fixtures', 'corpus')).map((name): [string, () => Record<string, unknown>] => [name, yaml(join('test', 'fixtures', 'corpus', name))]),
    ...readdirSync(join(ROOT, 'node_modules', '@readme', 'oas-examples', '3.0', 'json'))
      .filter((name) => name.endsWith('.json'))
      .map((name): [string, () => Record<string, unknown>] => [name, example(name)]),
  ];

  it(`prints each of ${corpus.length} documents as TypeScript's printer does`, () => {
    for (const [name, read] of corpus) {
      const { ours, theirs } = bothPrinters(nodesOf(read()));
      expect(ours, name).toBe(theirs);
    }
  });

  // Pieces of hostile text: quotes, escapes, comment ends, line breaks of every kind, white space
  // that TypeScript counts as indentation but String.prototype.trim() keeps (U+200B, U+0085), NUL before a digit.
  const PIECES = ['*/', '/*', '"', "'", '\\', '`', '${', '\n', '\r\n', '\r', '\u2028', '\u2029', '\u0085', '\t', ' ', '  ', '\u00a0', '\u200b', '\ufeff', '\u0000', '\u00001', '\u0007', '\u001f', 'ü', '😀', '\ud800', 'x', '9', '@example', '{{'];
  const hostile = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
  const name = fc.oneof(hostile, fc.constantFrom('id', 'name', '_x', '$y', 'a-b', '1st', 'class'));
  const documentation = fc.record(
    { description: hostile, title: hostile, example: fc.oneof(hostile, fc.integer()), default: hostile, format: fc.constantFrom('date-time', 'int64', 'uri'), deprecated: fc.boolean(), nullable: fc.boolean() },
    { requiredKeys: [] },
  );
  const { schema } = fc.letrec<{ schema: Record<string, unknown> }>((tie) => ({
    schema: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.tuple(fc.constantFrom('string', 'number', 'integer', 'boolean'), documentation).map(([type, doc]) => ({ type, ...doc })),
      fc.tuple(fc.array(hostile, { minLength: 1, maxLength: 3 }), documentation).map(([values, doc]) => ({ type: 'string', enum: values, ...doc })),
      fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 3 }).map((values) => ({ type: 'integer', enum: values })),
      fc.tuple(tie('schema'), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 3 })).map(([items, min, extra]) => ({ type: 'array', items, minItems: min, maxItems: min + extra })),
      fc.tuple(fc.dictionary(name, tie('schema'), { maxKeys: 3 }), fc.boolean(), documentation, fc.oneof(fc.boolean(), tie('schema'))).map(([properties, requireAll, doc, additionalProperties]) => ({
        type: 'object',
        properties,
        ...(requireAll && Object.keys(properties).length ? { required: Object.keys(properties) } : {}),
        additionalProperties,
        ...doc,
      })),
      fc.tuple(fc.constantFrom('oneOf', 'anyOf', 'allOf'), fc.array(tie('schema'), { minLength: 1, maxLength: 3 })).map(([keyword, branches]) => ({ [keyword]: branches })),
      fc.constant({ $ref: '#/components/schemas/Named' }),
    ),
  }));
  const document = fc.tuple(schema, schema, schema, name, hostile, hostile).map(([named, body, response, parameter, summary, path]) => ({
    openapi: '3.0.3',
    info: { title: 'Generated', version: '1' },
    paths: {
      [`/things/${path}`]: {
        post: {
          operationId: 'postThing',
          summary,
          description: summary,
          parameters: [{ name: parameter, in: 'query', description: summary, schema: { type: 'string' } }],
          requestBody: { content: { 'application/json': { schema: body } } },
          responses: { '200': { description: summary, content: { 'application/json': { schema: response } } }, default: { description: 'error' } },
        },
      },
    },
    components: { schemas: { Named: named } },
  }));
  const RUNS = 300;

  it(`prints generated documents with hostile strings as TypeScript's printer does (${RUNS} fast-check runs)`, () => {
    fc.assert(
      fc.property(document, (generated) => {
        const { ours, theirs } = bothPrinters(nodesOf(generated));
        expect(ours).toBe(theirs);
      }),
      { numRuns: RUNS, seed: 20261122 },
    );
  });

  it("follows TypeScript's printer where its rules show: empty bodies, tuples, nested comments, literals", () => {
    const property = (key: string, type: ts.TypeNode, optional = false) => f.createPropertySignature(undefined, f.createIdentifier(key), optional ? f.createToken(K.QuestionToken) : undefined, type);
    const string = f.createKeywordTypeNode(K.StringKeyword);
    const nodes: ts.Node[] = [
      f.createInterfaceDeclaration([f.createModifier(K.ExportKeyword)], 'empty', undefined, undefined, []),
      comment(f.createTypeAliasDeclaration([f.createModifier(K.ExportKeyword)], 'emptyTuple', undefined, f.createTupleTypeNode([])), '* a type\n\t * indented by a tab\n\n  two spaces\u2028after a line separator\r\n\u200b zero width\n\u0085next line '),
      f.createInterfaceDeclaration(undefined, 'nested', undefined, undefined, [
        comment(property('a', f.createTupleTypeNode([string, f.createRestTypeNode(f.createArrayTypeNode(string))])), '* one line '),
        property('b', f.createUnionTypeNode([comment(string, '* inside a union ', false), comment(f.createLiteralTypeNode(f.createNull()), '* on its own line\n * here ')]), true),
        property('c', f.createTypeLiteralNode([comment(property('deep', f.createTypeLiteralNode([comment(property('deeper', string), '*\n * three\n * levels\n ')])), '* two ')])),
        property('d', f.createLiteralTypeNode(f.createStringLiteral("it's \"quoted\" \u0000 \u00001 \u2028 ü 😀", true))),
        property('e', f.createUnionTypeNode([f.createLiteralTypeNode(f.createPrefixUnaryExpression(K.MinusToken, f.createNumericLiteral(1))), f.createLiteralTypeNode(f.createNumericLiteral(2.5))])),
        property('f', f.createIntersectionTypeNode([f.createParenthesizedType(f.createUnionTypeNode([string, f.createKeywordTypeNode(K.NumberKeyword)])), f.createTypeLiteralNode([])])),
        f.createIndexSignature([f.createModifier(K.ReadonlyKeyword)], [f.createParameterDeclaration(undefined, undefined, 'key', undefined, string)], f.createKeywordTypeNode(K.UnknownKeyword)),
        // openapi-typescript's string literal types: identifiers holding JSON text, U+2028 and all.
        property('h', f.createUnionTypeNode([f.createTypeReferenceNode(f.createIdentifier('"a\u2028"')), f.createTypeReferenceNode(f.createIdentifier('"b\u2029\r\n"'))])),
        property('i', f.createTypeReferenceNode(f.createIdentifier('ends\u2028'))),
        property('g', f.createTypeReferenceNode('Record', [string, f.createIndexedAccessTypeNode(f.createTypeReferenceNode('components'), f.createLiteralTypeNode(f.createStringLiteral('schemas')))])),
      ]),
    ];
    const { ours, theirs } = bothPrinters(nodes);
    expect(ours).toBe(theirs);
    expect(ours).toContain('            /**\n             * three');
  });

  it("declines what it does not print as TypeScript's printer does", () => {
    const string = f.createKeywordTypeNode(K.StringKeyword);
    const declines = (type: ts.TypeNode) => printTypeNodes(compiler, [f.createTypeAliasDeclaration(undefined, 'T', undefined, type)]);
    expect(declines(f.createFunctionTypeNode(undefined, [], string))).toBeUndefined();
    expect(declines(compiler.addSyntheticTrailingComment(f.createKeywordTypeNode(K.NumberKeyword), K.MultiLineCommentTrivia, ' after '))).toBeUndefined();
    expect(declines(compiler.setEmitFlags(f.createTypeLiteralNode([]), compiler.EmitFlags.SingleLine))).toBeUndefined();
    expect(declines(f.createTypeReferenceNode(f.createQualifiedName(f.createIdentifier('A'), 'B')))).toBeUndefined();
    expect(declines(compiler.addSyntheticLeadingComment(f.createKeywordTypeNode(K.NumberKeyword), K.SingleLineCommentTrivia, ' line', true))).toBeUndefined();
    // A node parsed from source text, which TypeScript's printer prints from that text.
    const parsed = compiler.createSourceFile('x.ts', 'type T = { a: string };', compiler.ScriptTarget.ESNext, false).statements;
    expect(printTypeNodes(compiler, parsed)).toBeUndefined();
    // And what it covers still prints.
    expect(declines(string)).toBe('type T = string;\n');
  });
});
