/**
 * JSON data that `server.ts` carries as text, read back with `JSON.parse(String.raw`...`)`. The
 * type checker then sees one string instead of a literal whose type it infers: an array literal
 * of a thousand tools is a union too complex for TypeScript to represent (TS2590), and checking
 * megabytes of literals costs users' editors and CI on every run. Pure.
 */

/**
 * A JSON object (from a map) or array, one member per line: byte-stable, and a change to one tool
 * or one definition changes one line.
 */
export function jsonLines(value: readonly unknown[] | ReadonlyMap<string, unknown>): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[\n${value.map((item) => JSON.stringify(item)).join(',\n')}\n]`;
  const entries = [...(value as ReadonlyMap<string, unknown>)];
  return entries.length === 0 ? '{}' : `{\n${entries.map(([key, item]) => `${JSON.stringify(key)}:${JSON.stringify(item)}`).join(',\n')}\n}`;
}

/** What cannot stand as itself in a template literal's raw text, or would break `<script>` embedding. */
const UNSAFE_IN_TEMPLATE = /[`\u2028\u2029]|\$\{|<\/script/gi;

/**
 * JSON text as the body of a `String.raw` template literal that evaluates to an equal JSON text:
 * a backtick, `${` and the line separators become `\u` escapes, `</script` becomes `<\/script`.
 * Each occurs only inside a JSON string, where the escape means the same character.
 */
export function rawTemplateText(json: string): string {
  return json.replace(UNSAFE_IN_TEMPLATE, (match) => {
    if (match === '`') return '\\u0060';
    if (match === '${') return '\\u0024{';
    if (match === '\u2028') return '\\u2028';
    if (match === '\u2029') return '\\u2029';
    return `<\\/${match.slice(2)}`;
  });
}
