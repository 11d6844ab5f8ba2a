import type ts from 'typescript';

/**
 * The text TypeScript's printer makes of the declarations openapi-typescript builds (its
 * `astToString`: `printer.printFile()` of a source file holding them, comments kept, `\n` line
 * ends), made directly from the nodes. TypeScript's printer is general: each node passes through
 * its emit pipeline, and each write through a writer that scans the text for line breaks. Measured
 * here, printing 5,000 operations took it 0.60 s (of the 1.4 s the types take) and this 0.25 s;
 * GitHub's document 0.38 s and 0.17 s.
 *
 * It covers what openapi-typescript makes of OpenAPI 3.0 (the node kinds, modifiers, synthetic
 * `/** ... *\/` comments and literals of its `transform/`), and does what TypeScript 5.9's printer
 * does with each: the same writes in the same order, through a writer that keeps the same state
 * (line start, indentation), the same escaping of string literals, the same re-indenting of comment
 * lines. Anything else it meets (another node kind, a node parsed from source text, emit flags, a
 * trailing or single-line comment) makes it return undefined, and the caller prints with
 * TypeScript's printer. test/unit/print-type-nodes.test.ts holds the two printers to the same text
 * on the corpus, on generated documents with hostile strings in every place, and on hand-made nodes.
 */
export function printTypeNodes(compiler: typeof ts, nodes: readonly ts.Node[]): string | undefined {
  try {
    return new TypePrinter(compiler).printFile(nodes);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** Thrown where the node printer would not print as TypeScript's printer does. */
class Unsupported extends Error {}

// TypeScript's ListFormat flags that the lists below use.
const MULTI_LINE = 1;
const BAR_DELIMITED = 4;
const AMPERSAND_DELIMITED = 8;
const COMMA_DELIMITED = 16;
const INDENTED = 128;
const SPACE_BETWEEN_SIBLINGS = 512;
const OPTIONAL_IF_EMPTY = 32768;
const SPACE_AFTER_LIST = 2097152;

type Emit = (node: never) => void;

class TypePrinter {
  /** The text written so far, in pieces, joined once at the end. */
  private readonly out: string[] = [];
  private indent = 0;
  private lineStart = true;
  private readonly indents: string[] = [''];
  private readonly emitters: Emit[] = [];
  private readonly tokenText: (string | undefined)[] = [];
  private readonly K: typeof ts.SyntaxKind;

  constructor(private readonly ts: typeof import('typescript')) {
    const K = (this.K = ts.SyntaxKind);
    const on = <T extends ts.Node>(kind: ts.SyntaxKind, emit: (node: T) => void) => {
      this.emitters[kind] = emit as Emit;
    };
    on<ts.InterfaceDeclaration>(K.InterfaceDeclaration, (node) => this.interfaceDeclaration(node));
    on<ts.TypeAliasDeclaration>(K.TypeAliasDeclaration, (node) => this.typeAliasDeclaration(node));
    on<ts.PropertySignature>(K.PropertySignature, (node) => this.propertySignature(node));
    on<ts.IndexSignatureDeclaration>(K.IndexSignature, (node) => this.indexSignature(node));
    on<ts.ParameterDeclaration>(K.Parameter, (node) => this.parameter(node));
    on<ts.TypeLiteralNode>(K.TypeLiteral, (node) => this.typeLiteral(node));
    on<ts.ArrayTypeNode>(K.ArrayType, (node) => {
      this.emit(node.elementType);
      this.write('[]');
    });
    on<ts.TupleTypeNode>(K.TupleType, (node) => {
      this.write('[');
      this.list(node.elements, MULTI_LINE | INDENTED | COMMA_DELIMITED | SPACE_BETWEEN_SIBLINGS);
      this.write(']');
    });
    on<ts.RestTypeNode>(K.RestType, (node) => {
      this.write('...');
      this.emit(node.type);
    });
    on<ts.UnionTypeNode>(K.UnionType, (node) => this.list(node.types, BAR_DELIMITED | SPACE_BETWEEN_SIBLINGS));
    on<ts.IntersectionTypeNode>(K.IntersectionType, (node) => this.list(node.types, AMPERSAND_DELIMITED | SPACE_BETWEEN_SIBLINGS));
    on<ts.ParenthesizedTypeNode>(K.ParenthesizedType, (node) => {
      this.write('(');
      this.emit(node.type);
      this.write(')');
    });
    on<ts.IndexedAccessTypeNode>(K.IndexedAccessType, (node) => {
      this.emit(node.objectType);
      this.write('[');
      this.emit(node.indexType);
      this.write(']');
    });
    on<ts.LiteralTypeNode>(K.LiteralType, (node) => this.emit(node.literal));
    on<ts.TypeReferenceNode>(K.TypeReference, (node) => {
      this.emit(node.typeName);
      if (node.typeArguments?.length) this.bracketed('<', node.typeArguments, COMMA_DELIMITED | SPACE_BETWEEN_SIBLINGS, '>');
    });
    on<ts.Identifier>(K.Identifier, (node) => {
      // openapi-typescript writes a string literal type as an identifier holding its JSON text,
      // which keeps U+2028 and U+2029 as they are: the writer then counts them as line breaks.
      const text = ts.idText(node);
      this.write(text);
      if (hasLineBreak(text)) this.lineStart = endsLine(text);
    });
    on<ts.StringLiteral>(K.StringLiteral, (node) => {
      if ((node as { textSourceNode?: unknown }).textSourceNode) throw new Unsupported();
      this.write((node as { singleQuote?: boolean }).singleQuote ? `'${escapeNonAscii(node.text, "'")}'` : `"${escapeNonAscii(node.text, '"')}"`);
    });
    on<ts.NumericLiteral>(K.NumericLiteral, (node) => {
      if (hasLineBreak(node.text)) throw new Unsupported();
      this.write(node.text);
    });
    on<ts.PrefixUnaryExpression>(K.PrefixUnaryExpression, (node) => {
      // `-1`: a sign before a number literal, which needs neither a space nor parentheses.
      if ((node.operator !== K.MinusToken && node.operator !== K.PlusToken) || node.operand.kind !== K.NumericLiteral) throw new Unsupported();
      this.write(this.token(node.operator));
      this.emit(node.operand);
    });
    const tokens = [
      K.QuestionToken, K.ExportKeyword, K.ReadonlyKeyword, K.DeclareKeyword,
      K.StringKeyword, K.NumberKeyword, K.BooleanKeyword, K.BigIntKeyword, K.NeverKeyword, K.UnknownKeyword, K.AnyKeyword,
      K.UndefinedKeyword, K.ObjectKeyword, K.SymbolKeyword, K.VoidKeyword, K.NullKeyword, K.TrueKeyword, K.FalseKeyword,
    ];
    for (const kind of tokens) on(kind, () => this.write(this.token(kind)));
  }

  printFile(statements: readonly ts.Node[]): string {
    // A source file's statements: a multi-line list, each on its own line, a line break after the last.
    for (const statement of statements) {
      this.writeLine();
      this.emit(statement);
    }
    this.writeLine();
    return this.out.join('');
  }

  /**
   * One node: its synthetic leading comments, then the node. Nothing is parenthesized here: the
   * factory did when the node was made, and TypeScript's printer parenthesizes again only a node
   * that a transformer substituted, which a printer without transformers never does.
   */
  private emit(node: ts.Node): void {
    if (node.pos !== -1) throw new Unsupported(); // Parsed from source text: printed from that text.
    const emitNode = (node as { emitNode?: Record<string, unknown> }).emitNode;
    if (emitNode) this.leadingComments(emitNode);
    const emitter = this.emitters[node.kind];
    if (!emitter) throw new Unsupported();
    emitter(node as never);
  }

  private interfaceDeclaration(node: ts.InterfaceDeclaration): void {
    if (node.typeParameters || node.heritageClauses) throw new Unsupported();
    this.modifiers(node.modifiers);
    // Consecutive writes of fixed text are joined: the writer treats them alike when the first is not empty.
    this.write('interface ');
    this.emit(node.name);
    this.write(' {');
    // InterfaceMembers: multi-line, indented; an empty body is `{` and `}` on two lines.
    this.list(node.members, MULTI_LINE | INDENTED);
    this.write('}');
  }

  private typeAliasDeclaration(node: ts.TypeAliasDeclaration): void {
    if (node.typeParameters) throw new Unsupported();
    this.modifiers(node.modifiers);
    this.write('type ');
    this.emit(node.name);
    this.write(' = ');
    this.emit(node.type);
    this.write(';');
  }

  private propertySignature(node: ts.PropertySignature): void {
    if (node.name.kind === this.K.ComputedPropertyName) throw new Unsupported();
    this.modifiers(node.modifiers);
    this.emit(node.name);
    if (node.questionToken) this.emit(node.questionToken);
    this.typeAnnotation(node.type);
    this.write(';');
  }

  private indexSignature(node: ts.IndexSignatureDeclaration): void {
    this.modifiers(node.modifiers);
    this.bracketed('[', node.parameters, INDENTED | COMMA_DELIMITED | SPACE_BETWEEN_SIBLINGS, ']');
    this.typeAnnotation(node.type);
    this.write(';');
  }

  private parameter(node: ts.ParameterDeclaration): void {
    if (node.dotDotDotToken || node.initializer || node.name.kind !== this.K.Identifier) throw new Unsupported();
    this.modifiers(node.modifiers);
    this.emit(node.name);
    if (node.questionToken) this.emit(node.questionToken);
    this.typeAnnotation(node.type);
  }

  private typeLiteral(node: ts.TypeLiteralNode): void {
    this.write('{');
    // MultiLineTypeLiteralMembers: an empty literal is `{}`.
    this.list(node.members, MULTI_LINE | INDENTED | OPTIONAL_IF_EMPTY);
    this.write('}');
  }

  private typeAnnotation(type: ts.TypeNode | undefined): void {
    if (!type) return;
    this.write(': ');
    this.emit(type);
  }

  private modifiers(modifiers: readonly ts.ModifierLike[] | undefined): void {
    // Modifiers: separated by spaces, with a space after the list.
    if (modifiers?.length) this.list(modifiers, SPACE_BETWEEN_SIBLINGS | SPACE_AFTER_LIST);
  }

  private bracketed(open: string, nodes: readonly ts.Node[], format: number, close: string): void {
    this.write(open);
    this.list(nodes, format);
    this.write(close);
  }

  /** TypeScript's `emitNodeList` for synthesized nodes, without brackets (written by the caller). */
  private list(nodes: readonly ts.Node[] | undefined, format: number): void {
    if (!nodes || nodes.length === 0) {
      if (format & OPTIONAL_IF_EMPTY) return;
      if (format & MULTI_LINE) this.writeLine();
      return;
    }
    const multiLine = (format & MULTI_LINE) !== 0;
    // Between two items: the delimiter, then a line break in a multi-line list, else the space between siblings.
    const delimiter = format & COMMA_DELIMITED ? ',' : format & BAR_DELIMITED ? ' |' : format & AMPERSAND_DELIMITED ? ' &' : '';
    const separator = delimiter + (!multiLine && format & SPACE_BETWEEN_SIBLINGS ? ' ' : '');
    if (multiLine) this.writeLine();
    if (format & INDENTED) this.indent++;
    for (let i = 0; i < nodes.length; i++) {
      if (i > 0) {
        this.write(separator);
        if (multiLine) this.writeLine();
      }
      this.emit(nodes[i]!);
    }
    if (format & INDENTED) this.indent--;
    if (multiLine) this.writeLine();
    else if (format & SPACE_AFTER_LIST) this.write(' ');
  }

  /** A node's synthetic leading comments (emitLeadingSynthesizedComment); anything else in its emit node is not handled. */
  private leadingComments(emitNode: Record<string, unknown>): void {
    for (const key in emitNode) if (key !== 'leadingComments' && emitNode[key] !== undefined) throw new Unsupported();
    const comments = emitNode.leadingComments as ts.SynthesizedComment[] | undefined;
    if (!comments) return;
    for (const comment of comments) {
      if (comment.kind !== this.K.MultiLineCommentTrivia) throw new Unsupported();
      if (comment.hasLeadingNewline) this.writeLine();
      this.multiLineComment(`/*${comment.text}*/`);
      if (comment.hasTrailingNewLine) this.writeLine();
      else this.write(' ');
    }
  }

  /**
   * writeCommentRange() of a whole synthesized `/* ... *\/` comment: each line after the first is
   * indented to the writer's indentation plus its own leading white space, then written trimmed.
   */
  private multiLineComment(text: string): void {
    const lineStarts = computeLineStarts(text);
    const end = text.length;
    for (let line = 0, pos = 0; pos < end; line++) {
      const nextLineStart = line + 1 === lineStarts.length ? end + 1 : lineStarts[line + 1]!;
      if (pos !== 0) {
        const spaces = this.indent * 4 + calculateIndent(text, pos, nextLineStart);
        if (spaces > 0) {
          const single = spaces % 4;
          this.rawWrite(this.indentString((spaces - single) / 4) + ' '.repeat(single));
        } else {
          this.rawWrite('');
        }
      }
      const lineEnd = Math.min(end, nextLineStart - 1);
      const lineText = text.substring(pos, lineEnd).trim();
      if (lineText) {
        this.write(lineText);
        if (lineEnd !== end) this.writeLine();
      } else {
        this.rawWrite('\n');
      }
      pos = nextLineStart;
    }
  }

  private token(kind: ts.SyntaxKind): string {
    const text = (this.tokenText[kind] ??= this.ts.tokenToString(kind));
    if (text === undefined) throw new Unsupported();
    return text;
  }

  // The writer: TypeScript's text writer, for text without line breaks (and `rawWrite` of one).
  private write(text: string): void {
    if (!text) return;
    if (this.lineStart) {
      this.out.push(this.indentString(this.indent));
      this.lineStart = false;
    }
    this.out.push(text);
  }

  private rawWrite(text: string): void {
    this.out.push(text);
    this.lineStart = text === '\n';
  }

  private writeLine(): void {
    if (this.lineStart) return;
    this.out.push('\n');
    this.lineStart = true;
  }

  private indentString(level: number): string {
    return (this.indents[level] ??= '    '.repeat(level));
  }
}

const LINE_BREAK = /[\n\r\u2028\u2029]/;

function hasLineBreak(text: string): boolean {
  return LINE_BREAK.test(text);
}

/** Whether a line starts right after `text` (it ends with a line break), as TypeScript's writer decides it. */
function endsLine(text: string): boolean {
  const starts = computeLineStarts(text);
  return starts[starts.length - 1] === text.length;
}

/** TypeScript's computeLineStarts: `\r\n`, `\r`, `\n`, U+2028 and U+2029 end a line. */
function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let pos = 0; pos < text.length; ) {
    const ch = text.charCodeAt(pos++);
    if (ch === 13) {
      if (text.charCodeAt(pos) === 10) pos++;
      starts.push(pos);
    } else if (ch === 10 || ch === 0x2028 || ch === 0x2029) {
      starts.push(pos);
    }
  }
  return starts;
}

/** TypeScript's calculateIndent: the columns a line's leading white space takes, a tab to the next multiple of 4. */
function calculateIndent(text: string, pos: number, end: number): number {
  let indent = 0;
  for (; pos < end && isWhiteSpaceSingleLine(text.charCodeAt(pos)); pos++) {
    indent += text.charCodeAt(pos) === 9 ? 4 - (indent % 4) : 1;
  }
  return indent;
}

function isWhiteSpaceSingleLine(ch: number): boolean {
  return ch === 32 || ch === 9 || ch === 11 || ch === 12 || ch === 160 || ch === 133 || ch === 5760 || (ch >= 8192 && ch <= 8203) || ch === 8239 || ch === 8287 || ch === 12288 || ch === 65279;
}

// TypeScript's escapeString and escapeNonAsciiString, for string literals of synthesized nodes.
const NEEDS_ESCAPE = { '"': /[\\"\u0000-\u001f\u0080-\uffff]/, "'": /[\\'\u0000-\u001f\u0080-\uffff]/ };
const ESCAPED = { '"': /[\\"\u0000-\u001f\u2028\u2029\u0085]/g, "'": /[\\'\u0000-\u001f\u2028\u2029\u0085]/g };
const NON_ASCII = /[^\u0000-\u007F]/g;
const ESCAPES: Record<string, string> = {
  '\t': '\\t', '\v': '\\v', '\f': '\\f', '\b': '\\b', '\r': '\\r', '\n': '\\n', '\\': '\\\\', '"': '\\"', "'": "\\'",
  '\u2028': '\\u2028', '\u2029': '\\u2029', '\u0085': '\\u0085',
};

function escapeNonAscii(text: string, quote: '"' | "'"): string {
  if (!NEEDS_ESCAPE[quote].test(text)) return text;
  const escaped = text.replace(ESCAPED[quote], (c: string, offset: number) => {
    if (c === '\0') {
      const next = text.charCodeAt(offset + 1);
      return next >= 48 && next <= 57 ? '\\x00' : '\\0';
    }
    return ESCAPES[c] ?? utf16Escape(c.charCodeAt(0));
  });
  return escaped.replace(NON_ASCII, (c) => utf16Escape(c.charCodeAt(0)));
}

function utf16Escape(code: number): string {
  return `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
