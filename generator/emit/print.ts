/**
 * Escaping for every context a document's string can reach in generated code. Templates never
 * print a spec string raw: they go through one of these (registered as handlebars helpers).
 */
import { isIdentifier } from '../model/naming.js';

/** Characters that end a line in JS source or break `<script>` embedding. */
const UNSAFE_IN_STRING = /[\u2028\u2029]|<\/(script)/gi;
/** The same test without the replacing: most text has none, and testing first costs less than replacing nothing. */
const HAS_UNSAFE_IN_STRING = /[\u2028\u2029]|<\/script/i;

/** A JS/TS string literal (double-quoted) that evaluates to exactly `value`. */
export function tsString(value: string): string {
  return jsonTextLiteral(JSON.stringify(value));
}

/**
 * A single-quoted JS string literal of JSON text (which holds no line break): JSON's own `"` need no
 * escape there, and in a data module of megabytes of JSON they are a tenth of its bytes.
 */
export function jsonTextString(text: string): string {
  return `'${jsonTextLiteral(text.replace(/[\\']/g, '\\$&')).replace(/\r|\n/g, (end) => (end === '\n' ? '\\n' : '\\r'))}'`;
}

/** JSON text safe to embed in JS source (as `tsString` for the same characters). */
export function jsonLiteral(value: unknown, indent?: number): string {
  return jsonTextLiteral(JSON.stringify(value, null, indent) ?? 'undefined');
}

/** {@link jsonLiteral} of JSON text already made (when the same text is also written as a .json file). */
export function jsonTextLiteral(text: string): string {
  if (!HAS_UNSAFE_IN_STRING.test(text)) return text;
  return text.replace(UNSAFE_IN_STRING, (match) => {
    if (match === '\u2028') return '\\u2028';
    if (match === '\u2029') return '\\u2029';
    return `<\\/${match.slice(2)}`;
  });
}

/**
 * A property key: bare when it is an identifier, else a string literal. `__proto__` is computed
 * (`["__proto__"]`): written bare or quoted in an object literal it sets the prototype instead of
 * adding a property.
 */
export function tsPropertyKey(name: string): string {
  if (name === '__proto__') return `[${tsString(name)}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : tsString(name);
}

/** Property access: `.name` when possible, else `[“name”]`. */
export function tsAccess(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `.${name}` : `[${tsString(name)}]`;
}

/** What commentText() changes besides trimming: line ends, `*​/`, control characters. */
const NEEDS_COMMENT_CHANGE = /[\r\u2028\u2029\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\*\//;

/** Text made safe inside a block comment: no `*​/`, no control characters, line separators normalized. */
export function commentText(text: string): string {
  if (!NEEDS_COMMENT_CHANGE.test(text)) return text.trim();
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/\*\//g, '*\\/')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .trim();
}

/**
 * A JSDoc block (`/** ... *​/`) from lines of text, indented by `indent`; empty string when there
 * is nothing to say. Tags like `@deprecated` are passed as their own lines.
 */
export function jsDoc(lines: readonly (string | undefined)[], indent = ''): string {
  const body: string[] = [];
  for (const line of lines) {
    if (line === undefined) continue;
    for (const part of commentText(line).split('\n')) {
      const text = part.replace(/\s+$/, '');
      if (text === '' && (body.length === 0 || body[body.length - 1] === '')) continue;
      body.push(text);
    }
  }
  while (body[body.length - 1] === '') body.pop();
  if (body.length === 0) return '';
  if (body.length === 1) return `${indent}/** ${body[0]} */\n`;
  return `${indent}/**\n${body.map((line) => (line === '' ? `${indent} *` : `${indent} * ${line}`)).join('\n')}\n${indent} */\n`;
}

/** A valid identifier: `name` itself when it is one, else it is refused (names are made in model/naming.ts). */
export function tsIdentifier(name: string): string {
  if (!isIdentifier(name)) throw new Error(`not a valid identifier: ${JSON.stringify(name)} (names are decided in model/naming.ts)`);
  return name;
}

/** `A | B | C`, or `never` for no members. */
export function tsUnion(members: readonly string[]): string {
  return members.length === 0 ? 'never' : members.join(' | ');
}
