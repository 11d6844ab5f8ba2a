/**
 * How a document's `pattern` is read as a JavaScript regular expression, by the validators and by
 * the generator's own checks alike. JSON Schema means ECMA-262 in Unicode mode (`u`). A pattern that
 * only compiles without `u` is read so where that changes no meaning (`\-`, `\_`, a lone `{`), but a
 * Java or POSIX class name (`\p{XDigit}`) is no Unicode property in JavaScript: without `u` it would
 * be read as the letters `p{XDigit}` and refuse every real value. Such names are read as the classes
 * they name.
 */

/** A pattern as JavaScript reads it: its source and flags, and what was read differently (for a warning). */
export interface JsPattern {
  source: string;
  flags: '' | 'u';
  /** The pattern compiled: `new RegExp(source, flags)`. */
  regex: RegExp;
  /** Why the pattern is not checked exactly as written; none when it is. */
  inexact?: string;
}

/** Java's and POSIX's class names that JavaScript's `\p{...}` does not know, as JavaScript classes. */
const CLASS_NAMES: Readonly<Record<string, string>> = {
  XDigit: '0-9A-Fa-f',
  Digit: '0-9',
  Alpha: '\\p{Alphabetic}',
  Alnum: '\\p{Alphabetic}\\p{Nd}',
  Upper: '\\p{Uppercase}',
  Lower: '\\p{Lowercase}',
  Punct: '\\p{P}',
  Space: '\\s',
  Blank: ' \\t',
  Cntrl: '\\p{Cc}',
  Graph: '\\x21-\\x7E',
  Print: '\\x20-\\x7E',
  ASCII: '\\x00-\\x7F',
};

/** `pattern` read as JavaScript reads it, or undefined when it is no regular expression at all. */
export function jsPattern(pattern: string): JsPattern | undefined {
  const unicode = compiled(pattern, 'u');
  if (unicode) return { source: pattern, flags: 'u', regex: unicode };
  const named = withClassNames(pattern);
  const translated = named === pattern ? undefined : compiled(named, 'u');
  if (translated)
    return { source: named, flags: 'u', regex: translated, inexact: 'pattern uses Java/POSIX class names (\\p{XDigit}, ...); read as the classes they name' };
  // Without `u`, `\p{...}` is the letter p: the check would refuse what the document means.
  if (/\\[pP]\{/.test(pattern)) return undefined;
  const plain = compiled(pattern, '');
  if (plain)
    return { source: pattern, flags: '', regex: plain, inexact: 'pattern is not a valid Unicode-mode regular expression; checked without the `u` flag' };
  return undefined;
}

/** `\p{XDigit}` -> `[0-9A-Fa-f]`, inside a class without its brackets; `\P{...}` as the class's complement. */
function withClassNames(pattern: string): string {
  let inClass = false;
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === '\\') {
      const match = /^\\([pP])\{(?:Is)?(\w+)\}/.exec(pattern.slice(i));
      const body = match ? CLASS_NAMES[match[2] as string] : undefined;
      if (match && body !== undefined) {
        const negated = match[1] === 'P';
        out += inClass && !negated ? body : `[${negated ? '^' : ''}${body}]`;
        i += match[0].length - 1;
        continue;
      }
      out += pattern.slice(i, i + 2);
      i++;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    out += ch;
  }
  return out;
}

function compiled(source: string, flags: string): RegExp | undefined {
  try {
    return new RegExp(source, flags);
  } catch {
    return undefined;
  }
}
