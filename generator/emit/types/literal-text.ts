/**
 * A string literal as TypeScript's printer writes a synthesized one (`getLiteralText` with
 * `escapeNonAsciiString`): in its quotes, with backslash escapes for the quote, the backslash, control
 * characters and the line and paragraph separators, and every UTF-16 code unit past ASCII as `\uXXXX`.
 */
export function quotedLiteral(text: string, singleQuote: boolean): string {
  const quote = singleQuote ? "'" : '"';
  if (!NEEDS_ESCAPE.test(text)) return quote + text + quote;
  const escaped = text.replace(singleQuote ? SINGLE_QUOTED : DOUBLE_QUOTED, replacement);
  return quote + escaped.replace(NON_ASCII, (c) => utf16Escape(c.charCodeAt(0))) + quote;
}

/** Any character either escape might change (a superset: both quotes, anything past ASCII). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what TypeScript escapes
const NEEDS_ESCAPE = /[\\"'\u0000-\u001f\u0080-\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: TypeScript's doubleQuoteEscapedCharsRegExp
const DOUBLE_QUOTED = /[\\"\u0000-\u001f\u2028\u2029\u0085]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: TypeScript's singleQuoteEscapedCharsRegExp
const SINGLE_QUOTED = /[\\'\u0000-\u001f\u2028\u2029\u0085]/g;
/** A UTF-16 code unit past ASCII (TypeScript's `nonAsciiCharacters`, `[^\u0000-\u007F]`). */
const NON_ASCII = /[\u0080-\uffff]/g;

const ESCAPES: Record<string, string> = {
  '\t': '\\t',
  '\v': '\\v',
  '\f': '\\f',
  '\b': '\\b',
  '\r': '\\r',
  '\n': '\\n',
  '\\': '\\\\',
  '"': '\\"',
  "'": "\\'",
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
  '\u0085': '\\u0085',
};

function replacement(c: string, offset: number, input: string): string {
  if (c === '\0') {
    const next = input.charCodeAt(offset + 1);
    return next >= 48 && next <= 57 ? '\\x00' : '\\0';
  }
  return ESCAPES[c] ?? utf16Escape(c.charCodeAt(0));
}

function utf16Escape(code: number): string {
  return `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
