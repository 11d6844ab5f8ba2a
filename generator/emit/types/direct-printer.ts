/**
 * The types' syntax printed straight into an array of strings, as TypeScript's printer prints it
 * (the options of openapi-typescript's `astToString`: `"\n"`, comments kept), for the node kinds
 * openapi-typescript and podcast-gen make: TypeScript's printer is general, and most of its time
 * goes to that generality (a pipeline of phases per node, a line count of every string written).
 * A node this printer does not know, or one whose printing it is not sure of (emit flags, a position
 * in a parsed text, a decorator, a computed name), is never guessed: the unit it is in, a statement or
 * an `operations` member, is printed by TypeScript's printer instead
 * (test/unit/direct-printer.test.ts and test/types/direct-printer.compat.test.ts compare both).
 */
import type ts from 'typescript';
import { quotedLiteral } from './literal-text.js';
import { PrinterWriter } from './printer-writer.js';
import type { TypeScript } from './printer-modules.js';

/** Prints as TypeScript's printer does, or hands the node to it. */
export interface DirectPrinter {
  /** The statements as openapi-typescript's `astToString` prints them. */
  printFile(statements: readonly ts.Node[]): string;
  /** One node as `printer.printNode(EmitHint.Unspecified, node, file)` prints it, with `astToString`'s printer and file. */
  printNode(node: ts.Node): string;
  /** How many units (statements or nodes printed alone) went to TypeScript's printer. */
  readonly fallbacks: number;
}

/**
 * One node as TypeScript's printer prints it alone, with the printer and file openapi-typescript's
 * `astToString` prints with (a file of no text: no comments come from positions in it).
 */
export function typescriptNodePrinter(tsModule: TypeScript): (node: ts.Node) => string {
  const printer = tsModule.createPrinter({ newLine: tsModule.NewLineKind.LineFeed, removeComments: false });
  const file = tsModule.createSourceFile('openapi-ts.ts', '', tsModule.ScriptTarget.ESNext, false, tsModule.ScriptKind.TS);
  return (node) => printer.printNode(tsModule.EmitHint.Unspecified, node, file);
}

/**
 * The TypeScript whose printer this one copies (its escapes, comment writing and list formats, read
 * from internal fields): with another, the types are printed by TypeScript's own printer.
 */
const COPIED_PRINTER = /^5\.9\./;

/** The direct printer where the loaded TypeScript is the one it copies; undefined where not. */
export function directPrinterFor(tsModule: TypeScript): DirectPrinter | undefined {
  return COPIED_PRINTER.test(tsModule.version) ? createDirectPrinter(tsModule) : undefined;
}

/** Thrown inside a unit at what this printer does not print for sure. */
const UNSURE = Symbol('unsure');

/** A direct printer over the TypeScript module openapi-typescript prints with. */
export function createDirectPrinter(tsModule: TypeScript): DirectPrinter {
  const K = tsModule.SyntaxKind;
  let typescriptPrint: ((node: ts.Node) => string) | undefined;
  let w = new PrinterWriter();
  let fallbacks = 0;

  /** `node`, or (unsure of something in it) TypeScript's print of it: at a line's start, not indented. */
  const unit = (node: ts.Node) => {
    const mark = w.mark();
    try {
      emit(node);
    } catch (error) {
      if (error !== UNSURE) throw error;
      w.rewind(mark);
      typescriptPrint ??= typescriptNodePrinter(tsModule);
      w.text(typescriptPrint(node));
      fallbacks++;
    }
  };

  const emit = (node: ts.Node): void => {
    if (node.pos !== -1) throw UNSURE;
    const emitNode = (node as { emitNode?: Record<string, unknown> }).emitNode;
    if (emitNode !== undefined) leadingComments(emitNode);
    const print = byKind[node.kind];
    if (print === undefined) throw UNSURE;
    print(node);
  };

  const leadingComments = (emitNode: Record<string, unknown>) => {
    for (const key in emitNode) if (key !== 'leadingComments' && emitNode[key] !== undefined) throw UNSURE;
    const comments = emitNode.leadingComments as ts.SynthesizedComment[] | undefined;
    if (comments === undefined) return;
    for (const comment of comments) {
      if (comment.kind !== K.SingleLineCommentTrivia && comment.kind !== K.MultiLineCommentTrivia) throw UNSURE;
      w.leadingComment(comment, comment.kind === K.SingleLineCommentTrivia);
    }
  };

  /** `emitModifierList`: each modifier followed by a space. */
  const modifiers = (list: readonly ts.ModifierLike[] | undefined) => {
    if (list === undefined) return;
    for (const modifier of list) {
      if (!MODIFIERS.has(modifier.kind)) throw UNSURE;
      emit(modifier);
      w.token(' ');
    }
  };
  const MODIFIERS = new Set<ts.SyntaxKind>([K.ExportKeyword, K.DeclareKeyword, K.DefaultKeyword, K.ReadonlyKeyword]);

  /** Members one a line, indented (the lists `InterfaceMembers` and `MultiLineTypeLiteralMembers`). */
  const members = (list: readonly ts.Node[]) => {
    w.line();
    w.indent++;
    for (let i = 0; i < list.length; i++) {
      if (i > 0) w.line();
      emit(list[i] as ts.Node);
    }
    w.indent--;
    w.line();
  };

  /** A single-line list between `open` and `close`, nothing when empty (`TypeArguments`, `TypeParameters`). */
  const angled = (list: readonly ts.Node[] | undefined) => {
    if (list === undefined || list.length === 0) return;
    w.token('<');
    separated(list, ', ');
    w.token('>');
  };
  const separated = (list: readonly ts.Node[], separator: string) => {
    for (let i = 0; i < list.length; i++) {
      if (i > 0) w.token(separator);
      emit(list[i] as ts.Node);
    }
  };
  const annotation = (type: ts.TypeNode | undefined) => {
    if (type === undefined) return;
    w.token(': ');
    emit(type);
  };
  const keyword = (node: ts.Node) => w.token(tsModule.tokenToString(node.kind) as string);

  const byKind: ((node: ts.Node) => void)[] = [];
  const on = <N extends ts.Node>(kinds: ts.SyntaxKind[], print: (node: N) => void) => {
    for (const kind of kinds) byKind[kind] = print as (node: ts.Node) => void;
  };

  on([K.InterfaceDeclaration], (node: ts.InterfaceDeclaration) => {
    if (node.heritageClauses?.length) throw UNSURE;
    modifiers(node.modifiers);
    w.token('interface ');
    emit(node.name);
    angled(node.typeParameters);
    w.token(' {');
    if (node.members.length > 0) members(node.members);
    else w.line();
    w.token('}');
  });
  on([K.TypeAliasDeclaration], (node: ts.TypeAliasDeclaration) => {
    modifiers(node.modifiers);
    w.token('type ');
    emit(node.name);
    angled(node.typeParameters);
    w.token(' = ');
    emit(node.type);
    w.token(';');
  });
  on([K.TypeParameter], (node: ts.TypeParameterDeclaration) => {
    modifiers(node.modifiers);
    emit(node.name);
    if (node.constraint) {
      w.token(' extends ');
      emit(node.constraint);
    }
    if (node.default) {
      w.token(' = ');
      emit(node.default);
    }
  });
  on([K.PropertySignature], (node: ts.PropertySignature) => {
    modifiers(node.modifiers);
    if (!(tsModule.isIdentifier(node.name) || tsModule.isStringLiteral(node.name) || tsModule.isNumericLiteral(node.name))) throw UNSURE;
    emit(node.name);
    if (node.questionToken) emit(node.questionToken);
    annotation(node.type);
    w.token(';');
  });
  on([K.IndexSignature], (node: ts.IndexSignatureDeclaration) => {
    modifiers(node.modifiers);
    w.token('[');
    w.indent++;
    separated(node.parameters, ', ');
    w.indent--;
    w.token(']');
    annotation(node.type);
    w.token(';');
  });
  on([K.Parameter], (node: ts.ParameterDeclaration) => {
    if (node.modifiers?.length || node.dotDotDotToken || node.initializer || !tsModule.isIdentifier(node.name)) throw UNSURE;
    emit(node.name);
    if (node.questionToken) emit(node.questionToken);
    annotation(node.type);
  });
  on([K.TypeLiteral], (node: ts.TypeLiteralNode) => {
    w.token('{');
    if (node.members.length > 0) members(node.members);
    w.token('}');
  });
  // TypeScript's printer puts parentheses around these where they stand bare (as the factory does
  // when it makes a node): one found bare was set without the factory, and is not printed here.
  const CONSTITUENT_WRAPPED = new Set<ts.SyntaxKind>([K.UnionType, K.IntersectionType]);
  const POSTFIX_WRAPPED = new Set<ts.SyntaxKind>([K.UnionType, K.IntersectionType, K.TypeOperator]);
  const wrapped = (child: ts.Node, kinds: ReadonlySet<ts.SyntaxKind>) => {
    if (kinds.has(child.kind)) throw UNSURE;
    return child;
  };
  const constituents = (list: readonly ts.Node[], separator: string) => {
    for (const type of list) wrapped(type, CONSTITUENT_WRAPPED);
    separated(list, separator);
  };
  on([K.UnionType], (node: ts.UnionTypeNode) => constituents(node.types, ' | '));
  on([K.IntersectionType], (node: ts.IntersectionTypeNode) => constituents(node.types, ' & '));
  on([K.ArrayType], (node: ts.ArrayTypeNode) => {
    emit(wrapped(node.elementType, POSTFIX_WRAPPED));
    w.token('[]');
  });
  on([K.TupleType], (node: ts.TupleTypeNode) => {
    // `MultiLineTupleTypeElements`: even an empty tuple takes a line.
    w.token('[');
    w.line();
    w.indent++;
    for (let i = 0; i < node.elements.length; i++) {
      if (i > 0) {
        w.token(',');
        w.line();
      }
      emit(node.elements[i] as ts.Node);
    }
    w.indent--;
    w.line();
    w.token(']');
  });
  on([K.OptionalType], (node: ts.OptionalTypeNode) => {
    emit(wrapped(node.type, POSTFIX_WRAPPED));
    w.token('?');
  });
  on([K.RestType], (node: ts.RestTypeNode) => {
    w.token('...');
    emit(node.type);
  });
  on([K.ParenthesizedType], (node: ts.ParenthesizedTypeNode) => {
    w.token('(');
    emit(node.type);
    w.token(')');
  });
  on([K.TypeOperator], (node: ts.TypeOperatorNode) => {
    w.token(tsModule.tokenToString(node.operator) as string);
    w.token(' ');
    emit(wrapped(node.type, CONSTITUENT_WRAPPED));
  });
  on([K.IndexedAccessType], (node: ts.IndexedAccessTypeNode) => {
    emit(wrapped(node.objectType, POSTFIX_WRAPPED));
    w.token('[');
    emit(node.indexType);
    w.token(']');
  });
  on([K.TypeReference], (node: ts.TypeReferenceNode) => {
    if (!tsModule.isIdentifier(node.typeName)) throw UNSURE;
    emit(node.typeName);
    angled(node.typeArguments);
  });
  on([K.LiteralType], (node: ts.LiteralTypeNode) => emit(node.literal));
  on([K.PrefixUnaryExpression], (node: ts.PrefixUnaryExpression) => {
    // A space goes between `-` and an operand that is itself `-x` or `--x`: not printed here.
    if (tsModule.isPrefixUnaryExpression(node.operand)) throw UNSURE;
    w.token(tsModule.tokenToString(node.operator) as string);
    emit(node.operand);
  });
  on([K.StringLiteral], (node: ts.StringLiteral) => {
    if ((node as { textSourceNode?: unknown }).textSourceNode !== undefined) throw UNSURE;
    w.token(quotedLiteral(node.text, (node as { singleQuote?: boolean }).singleQuote === true));
  });
  on([K.Identifier, K.NumericLiteral], (node: ts.Identifier | ts.NumericLiteral) => w.text(node.text));
  on(
    [
      K.AnyKeyword,
      K.BigIntKeyword,
      K.BooleanKeyword,
      K.FalseKeyword,
      K.NeverKeyword,
      K.NullKeyword,
      K.NumberKeyword,
      K.ObjectKeyword,
      K.StringKeyword,
      K.SymbolKeyword,
      K.TrueKeyword,
      K.UndefinedKeyword,
      K.UnknownKeyword,
      K.VoidKeyword,
      K.ExportKeyword,
      K.DeclareKeyword,
      K.DefaultKeyword,
      K.ReadonlyKeyword,
      K.QuestionToken,
    ],
    keyword,
  );

  return {
    printFile(statements) {
      w = new PrinterWriter();
      // `emitSourceFileWorker`: the statements one a line, and a line break after the last.
      for (const statement of statements) {
        w.line();
        unit(statement);
      }
      w.line();
      return w.out.join('');
    },
    printNode(node) {
      w = new PrinterWriter();
      unit(node);
      return w.out.join('');
    },
    get fallbacks() {
      return fallbacks;
    },
  };
}
