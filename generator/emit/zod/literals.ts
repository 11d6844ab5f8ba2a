import { jsonLiteral, tsPropertyKey } from '../print.js';

/** A JSON value as a TS expression (numbers, strings, objects), escaped for source. */
export function literal(value: unknown): string {
  return jsonLiteral(value);
}

/** `expr.check(a, b)` (zod/mini's one way to add checks), or `expr` itself when there are none. */
export function withChecks(expr: string, checks: readonly string[]): string {
  return checks.length === 0 ? expr : `${expr}.check(${checks.join(', ')})`;
}

/** A validator and the checks still to be added to it: gathered so they go in one `.check(...)`. */
export interface Built {
  base: string;
  checks: string[];
}

/** The expression of a {@link Built}. */
export function render(built: Built): string {
  return withChecks(built.base, built.checks);
}

/** `{ a: 1, b: "x" }` from entries whose values are already expressions (undefined ones skipped). */
export function objectLiteral(entries: readonly (readonly [string, string | undefined])[]): string {
  const parts = entries.filter((e): e is readonly [string, string] => e[1] !== undefined).map(([k, v]) => `${tsPropertyKey(k)}: ${v}`);
  return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
}
