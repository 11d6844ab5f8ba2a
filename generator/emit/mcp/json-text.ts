/**
 * JSON data that `server.ts` reads as text from its data module (`server-data.js`, see
 * ../data-module.ts), read back with `JSON.parse`. The type checker then sees one string instead of
 * a literal whose type it infers: an array literal of a thousand tools is a union too complex for
 * TypeScript to represent (TS2590), and checking megabytes of literals costs users' editors and CI
 * on every run. Pure.
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
