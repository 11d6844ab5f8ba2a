import { createRequire } from 'node:module';
import type ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createDirectPrinter, directPrinterFor, typescriptNodePrinter } from '../../generator/emit/types/direct-printer.js';
import { loadPrinterModules } from '../../generator/emit/types/printer-modules.js';

/**
 * The direct printer (emit/types/direct-printer.ts) against its judge, TypeScript's printer as
 * openapi-typescript's `astToString` uses it: nodes of each kind it prints, the strings and comments
 * that are easy to get wrong, and nodes it must hand to TypeScript's printer (its `fallbacks` count
 * says which way each case went, so a case the direct printer gave up on cannot pass unseen).
 */
const { ots, ts: tsModule } = loadPrinterModules();
const f = tsModule.factory;
const K = tsModule.SyntaxKind;
// openapi-typescript's own helpers, for the nodes as it makes them.
const otsHelpers = createRequire(import.meta.url)('openapi-typescript/dist/lib/ts.cjs') as {
  addJSDocComment(schema: Record<string, unknown>, node: ts.Node): void;
  tsLiteral(value: unknown): ts.TypeNode;
};

const keyword = (kind: ts.KeywordTypeSyntaxKind) => f.createKeywordTypeNode(kind);
const str = (text: string) => f.createLiteralTypeNode(f.createStringLiteral(text));
const alias = (type: ts.TypeNode, name = 'T') => f.createTypeAliasDeclaration([f.createModifier(K.ExportKeyword)], name, undefined, type);
const property = (name: string | ts.PropertyName, type: ts.TypeNode, optional = false) =>
  f.createPropertySignature(undefined, name, optional ? f.createToken(K.QuestionToken) : undefined, type);
const object = (...members: ts.TypeElement[]) => f.createTypeLiteralNode(members);
const iface = (members: ts.TypeElement[], name = 'I') => f.createInterfaceDeclaration([f.createModifier(K.ExportKeyword)], name, undefined, undefined, members);
const commented = <N extends ts.Node>(node: N, text: string, kind: ts.CommentKind = K.MultiLineCommentTrivia, trailingNewLine = true): N =>
  tsModule.addSyntheticLeadingComment(node, kind, text, trailingNewLine);
const documented = <N extends ts.Node>(schema: Record<string, unknown>, node: N): N => {
  otsHelpers.addJSDocComment(schema, node);
  return node;
};
/** An identifier as a type, as openapi-typescript's `tsLiteral` makes a string's. */
const typeText = (text: string) => f.createIdentifier(text) as unknown as ts.TypeNode;
/** A member with a doc comment, inside two levels of objects (comment lines take the writer's indent). */
const deepComment = (text: string) => alias(object(property('a', object(commented(property('b', keyword(K.StringKeyword)), text)))));

const TRICKY = [
  'say "hi"',
  "it's",
  'back\\slash',
  'line\nbreak',
  'cr\rlf\r\n',
  'tab\there',
  'nul\u0000and\u00001',
  'bell\u0007',
  'del\u007f',
  'caf\u00e9',
  '\u65e5\u672c',
  'smile \u{1F600}',
  'sep\u2028par\u2029nel\u0085',
  'nbsp\u00a0',
  '*/ in text',
  '',
];

/** `node` with `key` set to `child` without the factory, which would have put parentheses around it. */
const setBare = <N extends ts.Node>(node: N, key: string, child: ts.Node | readonly ts.Node[]): N =>
  Object.assign(node, { [key]: Array.isArray(child) ? f.createNodeArray(child as ts.Node[]) : child });
const union = () => f.createUnionTypeNode([str('a'), str('b')]);

/** [name, statements, how many units go to TypeScript's printer] */
const cases: [string, () => ts.Node[], number][] = [
  [
    'keyword types',
    () =>
      [
        K.StringKeyword,
        K.NumberKeyword,
        K.BooleanKeyword,
        K.NeverKeyword,
        K.UnknownKeyword,
        K.UndefinedKeyword,
        K.AnyKeyword,
        K.ObjectKeyword,
        K.BigIntKeyword,
        K.SymbolKeyword,
        K.VoidKeyword,
      ].map((kind, i) => alias(keyword(kind as ts.KeywordTypeSyntaxKind), `T${i}`)),
    0,
  ],
  [
    'literal types',
    () => [
      alias(
        f.createUnionTypeNode([
          otsHelpers.tsLiteral(1),
          otsHelpers.tsLiteral(-2.5),
          otsHelpers.tsLiteral(true),
          otsHelpers.tsLiteral(false),
          otsHelpers.tsLiteral(null),
          otsHelpers.tsLiteral(1e21),
        ]),
      ),
    ],
    0,
  ],
  ['string literals, tricky', () => TRICKY.map((text, i) => alias(str(text), `S${i}`)), 0],
  ['single-quoted string literals', () => TRICKY.map((text, i) => alias(f.createLiteralTypeNode(f.createStringLiteral(text, true)), `Q${i}`)), 0],
  ['string values as openapi-typescript makes them (identifiers of JSON text)', () => TRICKY.map((text, i) => alias(otsHelpers.tsLiteral(text), `J${i}`)), 0],
  ['an identifier whose text ends a line', () => [alias(object(property('a', typeText('x\n')), property('b', typeText('y\u2028'))))], 0],
  [
    'property names',
    () => [
      iface([
        property('plain', keyword(K.StringKeyword)),
        property(f.createStringLiteral('needs quotes "é"'), keyword(K.StringKeyword), true),
        property(f.createNumericLiteral(404), keyword(K.StringKeyword)),
        property('$ok_1', keyword(K.StringKeyword)),
      ]),
    ],
    0,
  ],
  [
    'modifiers',
    () => [
      iface([f.createPropertySignature([f.createModifier(K.ReadonlyKeyword)], 'r', f.createToken(K.QuestionToken), keyword(K.StringKeyword))]),
      f.createInterfaceDeclaration(undefined, 'Bare', undefined, undefined, []),
    ],
    0,
  ],
  ['a property without a type', () => [iface([f.createPropertySignature(undefined, 'x', undefined, undefined)])], 0],
  [
    'index signatures',
    () => [
      alias(
        object(
          f.createIndexSignature(
            undefined,
            [f.createParameterDeclaration(undefined, undefined, 'key', undefined, keyword(K.StringKeyword))],
            keyword(K.UnknownKeyword),
          ),
          property('a', keyword(K.NumberKeyword), true),
        ),
      ),
    ],
    0,
  ],
  [
    'empty objects and interfaces',
    () => [alias(object()), iface([]), alias(object(property('a', object()), property('b', object(property('c', object())))))],
    0,
  ],
  [
    'unions and intersections, nested',
    () => [
      alias(
        f.createUnionTypeNode([
          str('a'),
          f.createUnionTypeNode([str('b'), str('c')]),
          f.createIntersectionTypeNode([object(property('x', keyword(K.StringKeyword))), f.createTypeReferenceNode('X')]),
        ]),
      ),
      alias(f.createIntersectionTypeNode([f.createUnionTypeNode([str('a'), keyword(K.NullKeyword as never)]), object()])),
      alias(f.createUnionTypeNode([])),
    ],
    0,
  ],
  [
    'arrays and tuples',
    () => [
      alias(f.createArrayTypeNode(f.createUnionTypeNode([keyword(K.StringKeyword), keyword(K.NumberKeyword)]))),
      alias(f.createArrayTypeNode(f.createArrayTypeNode(object(property('a', keyword(K.StringKeyword)))))),
      alias(f.createTupleTypeNode([])),
      alias(
        f.createTupleTypeNode([
          keyword(K.StringKeyword),
          f.createOptionalTypeNode(keyword(K.NumberKeyword)),
          f.createRestTypeNode(f.createArrayTypeNode(object(property('a', keyword(K.StringKeyword))))),
        ]),
      ),
      alias(object(property('t', f.createUnionTypeNode([f.createTupleTypeNode([]), f.createTupleTypeNode([str('x')])])))),
    ],
    0,
  ],
  [
    'references, indexed access, operators, parentheses',
    () => [
      alias(f.createIndexedAccessTypeNode(f.createIndexedAccessTypeNode(f.createTypeReferenceNode('components'), str('schemas')), str('pet "x"'))),
      alias(f.createTypeReferenceNode('Record', [keyword(K.StringKeyword), keyword(K.NeverKeyword)])),
      alias(f.createTypeOperatorNode(K.KeyOfKeyword, f.createTypeReferenceNode('X'))),
      alias(f.createTypeOperatorNode(K.ReadonlyKeyword, f.createArrayTypeNode(keyword(K.StringKeyword)))),
      alias(f.createParenthesizedType(f.createUnionTypeNode([keyword(K.StringKeyword), keyword(K.NumberKeyword)]))),
    ],
    0,
  ],
  [
    'type parameters',
    () => [
      f.createTypeAliasDeclaration(
        undefined,
        'W',
        [
          f.createTypeParameterDeclaration(undefined, 'T'),
          f.createTypeParameterDeclaration(undefined, 'K', f.createTypeOperatorNode(K.KeyOfKeyword, f.createTypeReferenceNode('T')), str('d')),
        ],
        f.createTypeReferenceNode('T'),
      ),
      f.createInterfaceDeclaration(undefined, 'G', [f.createTypeParameterDeclaration(undefined, 'T')], undefined, [
        property('t', f.createTypeReferenceNode('T')),
      ]),
    ],
    0,
  ],
  [
    'doc comments as openapi-typescript writes them',
    () => [
      iface([
        documented({ description: 'One line' }, property('a', keyword(K.StringKeyword))),
        documented(
          { title: 'Title', description: 'Many\nlines\r\nwith CRLF\n\n  indented\n\ttabbed', example: { a: [1, 2] }, deprecated: true, format: 'date' },
          property('b', keyword(K.StringKeyword)),
        ),
        documented(
          { description: 'closes */ early and /* opens', default: '' },
          property('c', object(documented({ enum: ['x'], type: 'string' }, property('d', str('x'))))),
        ),
        documented({ description: 'lone\rcarriage\u2028separator\u2029paragraph\u0085next' }, property('e', keyword(K.StringKeyword))),
        documented({ description: '\u00a0nbsp first\n\u00a0\u00a0nbsp led\n\u200bzero width\n \u3000ideographic' }, property('f', keyword(K.StringKeyword))),
      ]),
    ],
    0,
  ],
  ['a doc comment with lines of white space only', () => [deepComment('*\n * a\n\n   \n\t\n\r\r\n \u00a0 \n\u2028\n * b\n ')], 0],
  ['a doc comment indented less than its first line', () => [deepComment('*\nno star\n        deep\n\t\t  tab and spaces\n ')], 0],
  ['an empty doc comment', () => [deepComment('*'), deepComment('')], 0],
  [
    'other comments',
    () => [
      alias(object(commented(property('a', keyword(K.StringKeyword)), ' a line comment', K.SingleLineCommentTrivia))),
      alias(object(commented(property('b', keyword(K.StringKeyword)), ' block\n   over lines ', K.MultiLineCommentTrivia))),
      alias(object(property('c', commented(keyword(K.StringKeyword), '* inline ', K.MultiLineCommentTrivia, false)))),
      alias(object(property('d', commented(keyword(K.StringKeyword), ' line in a type', K.SingleLineCommentTrivia, false)))),
      commented(alias(keyword(K.StringKeyword)), '* on a statement '),
      commented(commented(iface([]), '* first '), ' second', K.SingleLineCommentTrivia),
    ],
    0,
  ],
  [
    'a comment with a leading new line',
    () => {
      const node = property('a', keyword(K.StringKeyword));
      tsModule.setSyntheticLeadingComments(node, [
        { kind: K.MultiLineCommentTrivia, text: '* x ', pos: -1, end: -1, hasTrailingNewLine: false, hasLeadingNewline: true },
      ]);
      return [alias(object(node, property('b', object(property('c', commented(keyword(K.StringKeyword), '* y ', K.MultiLineCommentTrivia, false))))))];
    },
    0,
  ],
  // What the direct printer hands to TypeScript's printer: a unit each.
  [
    'an unknown kind (a function type)',
    () => [
      alias(keyword(K.StringKeyword), 'Before'),
      alias(object(property('f', f.createFunctionTypeNode(undefined, [], keyword(K.VoidKeyword))))),
      alias(keyword(K.StringKeyword), 'After'),
    ],
    1,
  ],
  [
    'a single-line object (emit flags)',
    () => [alias(tsModule.setEmitFlags(object(property('a', keyword(K.StringKeyword))), tsModule.EmitFlags.SingleLine))],
    1,
  ],
  ['a trailing comment', () => [alias(tsModule.addSyntheticTrailingComment(keyword(K.StringKeyword), K.MultiLineCommentTrivia, ' after '))], 1],
  ['a comment range of its own', () => [alias(f.createUnionTypeNode([str('a'), tsModule.setCommentRange(str('b'), { pos: -1, end: -1 })]))], 1],
  [
    'a parsed statement (WithRequired)',
    () => [
      tsModule.createSourceFile(
        'w.ts',
        'type WithRequired<T, K extends keyof T> = T & { [P in K]-?: T[P] };',
        tsModule.ScriptTarget.ESNext,
        false,
        tsModule.ScriptKind.TS,
      ).statements[0] as ts.Statement,
    ],
    1,
  ],
  [
    'a mapped type',
    () => [
      alias(
        f.createMappedTypeNode(
          undefined,
          f.createTypeParameterDeclaration(undefined, 'P', f.createTypeReferenceNode('K')),
          undefined,
          f.createToken(K.MinusToken),
          keyword(K.StringKeyword),
          undefined,
        ),
      ),
    ],
    1,
  ],
  ['a computed property name', () => [alias(object(property(f.createComputedPropertyName(f.createIdentifier('k')), keyword(K.StringKeyword))))], 1],
  ['a qualified name', () => [alias(f.createTypeReferenceNode(f.createQualifiedName(f.createIdentifier('A'), 'B')))], 1],
  ['a string literal from a source node', () => [alias(f.createLiteralTypeNode(f.createStringLiteralFromNode(f.createIdentifier('x'))))], 1],
  [
    'a string literal not escaped (emit flags)',
    () => [alias(f.createLiteralTypeNode(tsModule.setEmitFlags(f.createStringLiteral('café'), tsModule.EmitFlags.NoAsciiEscaping)))],
    1,
  ],
  ['an array of a union set bare', () => [alias(setBare(f.createArrayTypeNode(keyword(K.StringKeyword)), 'elementType', union()))], 1],
  ['a union in a union set bare', () => [alias(setBare(union(), 'types', [union(), str('c')]))], 1],
  [
    'an intersection in a union set bare',
    () => [alias(setBare(union(), 'types', [f.createIntersectionTypeNode([object(), f.createTypeReferenceNode('A')]), str('c')]))],
    1,
  ],
  ['an index into a union set bare', () => [alias(setBare(f.createIndexedAccessTypeNode(f.createTypeReferenceNode('A'), str('k')), 'objectType', union()))], 1],
  ['keyof a union set bare', () => [alias(setBare(f.createTypeOperatorNode(K.KeyOfKeyword, f.createTypeReferenceNode('A')), 'type', union()))], 1],
  [
    'a minus before a minus',
    () => [alias(f.createLiteralTypeNode(f.createPrefixUnaryExpression(K.MinusToken, f.createPrefixUnaryExpression(K.MinusToken, f.createNumericLiteral(1)))))],
    1,
  ],
];

describe('the direct printer', () => {
  for (const [name, statements, fallbacks] of cases) {
    it(`prints ${name} as TypeScript's printer does`, () => {
      const direct = createDirectPrinter(tsModule);
      expect(direct.printFile(statements())).toBe(ots.astToString(statements()));
      expect(direct.fallbacks).toBe(fallbacks);
    });
  }

  it('prints a node alone as printNode does, members included', () => {
    const typescript = typescriptNodePrinter(tsModule);
    const direct = createDirectPrinter(tsModule);
    for (const [, statements] of cases) {
      for (const statement of statements()) {
        expect(direct.printNode(statement)).toBe(typescript(statement));
        const members = tsModule.isInterfaceDeclaration(statement) ? statement.members : [];
        for (const member of members) expect(direct.printNode(member)).toBe(typescript(member));
      }
    }
  });

  it("is used only with the TypeScript whose printer it copies: with another, TypeScript's printer prints", () => {
    expect(directPrinterFor(tsModule)).toBeDefined();
    expect(directPrinterFor({ ...tsModule, version: '5.10.0' })).toBeUndefined();
    expect(directPrinterFor({ ...tsModule, version: '6.0.2' })).toBeUndefined();
  });

  it('prints an empty file as nothing', () => {
    expect(createDirectPrinter(tsModule).printFile([])).toBe(ots.astToString([]));
  });
});
