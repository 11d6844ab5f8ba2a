/**
 * The text writer of TypeScript's printer (`createTextWriter`, with `newLine: "\n"`), and its way of
 * writing a synthetic leading comment, for the direct printer (direct-printer.ts): the same text, as
 * an array of strings. What the printer writes depends on two states only: the indent level and
 * whether the text so far ends a line; a line's indentation is written with the first text on it.
 */
/** A place in the writer's text, with its states. */
export interface WriterMark {
  length: number;
  indent: number;
  atLineStart: boolean;
}

export class PrinterWriter {
  readonly out: string[] = [];
  indent = 0;
  /** Whether the text so far ends with a line break (or is empty). */
  atLineStart = true;

  /** A token or other text that ends no line (`writePunctuation`, `writeKeyword`, `writeSpace`). */
  token(text: string): void {
    if (this.atLineStart) {
      this.out.push(indentOf(this.indent));
      this.atLineStart = false;
    }
    this.out.push(text);
  }

  /** Text that may hold line breaks (an identifier's, a comment's): TypeScript's `write`. */
  text(text: string): void {
    if (text.length === 0) return;
    if (this.atLineStart) this.out.push(indentOf(this.indent));
    this.out.push(text);
    this.atLineStart = endsLine(text);
  }

  /** Where the text stands now, to go back to with {@link rewind}. */
  mark(): WriterMark {
    return { length: this.out.length, indent: this.indent, atLineStart: this.atLineStart };
  }

  /** Takes back everything written since `mark`, and the states with it. */
  rewind(mark: WriterMark): void {
    this.out.length = mark.length;
    this.indent = mark.indent;
    this.atLineStart = mark.atLineStart;
  }

  /** TypeScript's `rawWrite`: no indentation. */
  private raw(text: string): void {
    this.out.push(text);
    this.atLineStart = endsLine(text);
  }

  /** A line break, unless the text ends a line already (TypeScript's `writeLine`). */
  line(): void {
    if (!this.atLineStart) {
      this.out.push('\n');
      this.atLineStart = true;
    }
  }

  /** A synthetic leading comment as `emitLeadingSynthesizedComment` writes it: a line comment when `single`, else a block comment. */
  leadingComment(comment: { text: string; hasTrailingNewLine?: boolean; hasLeadingNewline?: boolean }, single: boolean): void {
    if (comment.hasLeadingNewline || single) this.line();
    if (single) this.text(`//${comment.text}`);
    else this.blockComment(`/*${comment.text}*/`);
    if (comment.hasTrailingNewLine || single) this.line();
    else this.token(' ');
  }

  /**
   * A block comment as `writeCommentRange` writes it: each line trimmed, and a line after the first
   * indented by the writer's indentation plus its own leading white space.
   */
  private blockComment(text: string): void {
    const lines = commentLines(text);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      if (i > 0) {
        const spaces = this.indent * 4 + leadingSpaces(line);
        this.raw(spaces > 0 ? ' '.repeat(spaces) : '');
      }
      const trimmed = line.trim();
      if (trimmed) {
        this.text(trimmed);
        if (i < lines.length - 1) this.line();
      } else {
        this.raw('\n');
      }
    }
  }
}

const indents: string[] = [''];

/** TypeScript's indentation of a level: four spaces each. */
function indentOf(level: number): string {
  for (let at = indents.length; at <= level; at++) indents.push(`${indents[at - 1]}    `);
  return indents[level] as string;
}

/** Whether TypeScript's writer counts the text as ending a line (`computeLineStarts`). */
function endsLine(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  return last === 10 || last === 13 || last === 0x2028 || last === 0x2029;
}

const OTHER_BREAKS = /[\r\u2028\u2029]/;

/** The lines of a comment as `computeLineStarts` splits it, without their line breaks. */
function commentLines(text: string): string[] {
  if (!OTHER_BREAKS.test(text)) return text.split('\n');
  const lines: string[] = [];
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    const ch = text.charCodeAt(at);
    if (ch !== 10 && ch !== 13 && ch !== 0x2028 && ch !== 0x2029) continue;
    lines.push(text.slice(start, at));
    if (ch === 13 && text.charCodeAt(at + 1) === 10) at++;
    start = at + 1;
  }
  lines.push(text.slice(start));
  return lines;
}

/** The columns of a line's leading white space (`calculateIndent`: a tab to the next multiple of four). */
function leadingSpaces(line: string): number {
  let columns = 0;
  for (let at = 0; at < line.length; at++) {
    const ch = line.charCodeAt(at);
    if (ch === 9) columns += 4 - (columns % 4);
    else if (isSpaceInLine(ch)) columns++;
    else break;
  }
  return columns;
}

/** TypeScript's `isWhiteSpaceSingleLine`. */
function isSpaceInLine(ch: number): boolean {
  return (
    ch === 32 ||
    ch === 11 ||
    ch === 12 ||
    ch === 160 ||
    ch === 133 ||
    ch === 5760 ||
    (ch >= 8192 && ch <= 8203) ||
    ch === 8239 ||
    ch === 8287 ||
    ch === 12288 ||
    ch === 65279
  );
}
