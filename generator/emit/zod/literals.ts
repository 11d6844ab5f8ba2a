import { jsonLiteral, tsPropertyKey } from '../print.js';

/** A JSON value as a TS expression (numbers, strings, objects), escaped for source. */
export function literal(value: unknown): string {
  return jsonLiteral(value);
}


/** `{ a: 1, b: "x" }` from entries whose values are already expressions (undefined ones skipped). */
export function objectLiteral(entries: readonly (readonly [string, string | undefined])[]): string {
  const parts = entries.filter((e): e is readonly [string, string] => e[1] !== undefined).map(([k, v]) => `${tsPropertyKey(k)}: ${v}`);
  return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
}
