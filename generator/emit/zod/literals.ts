import { jsonLiteral, tsPropertyKey } from '../print.js';
import type { ZodContext } from './zod-context.js';

/** A JSON value as a TS expression (numbers, strings, objects), escaped for source. */
export function literal(value: unknown): string {
  return jsonLiteral(value);
}

/** `expr.check(a, b)` (zod/mini's one way to add checks), or `expr` itself when there are none. */
export function withChecks(expr: string, checks: readonly string[]): string {
  return checks.length === 0 ? expr : `${expr}.check(${checks.join(', ')})`;
}

/** A validator, and the checks and annotations still to be added to it: gathered so they go in one `.check(...)` and one registration. */
export interface Built {
  base: string;
  checks: string[];
  /** Annotations for zod's registry (`z.toJSONSchema` prints them), none when absent. */
  meta?: Record<string, unknown>;
}

/**
 * The expression of a {@link Built}. Annotations are registered on the validator itself
 * (`_meta(validator, {...})`, which does what `.register(z.globalRegistry, {...})` does with a type
 * that costs the checker nothing) rather than added as a `z.meta` check: a check that does nothing
 * still runs on every parse, and stops `zod/compile` from compiling the validator. A validator made
 * elsewhere (a component, `z.lazy(...)`) is shared, so it gets the `z.meta` check, which annotates
 * a copy.
 */
export function render(built: Built, ctx: Pick<ZodContext, 'use'>): string {
  const expr = withChecks(built.base, built.checks);
  if (!built.meta || Object.keys(built.meta).length === 0) return expr;
  const shared = /^[A-Za-z_$][\w$]*$/.test(expr) || expr.startsWith('z.lazy(');
  if (shared) return withChecks(expr, [`z.meta(${literal(built.meta)})`]);
  ctx.use('_meta');
  const only = Object.keys(built.meta);
  // A description alone goes as its text (`_meta(v, "text")`), as zod's `.describe(text)`.
  return `_meta(${expr}, ${literal(only.length === 1 && only[0] === 'description' ? built.meta.description : built.meta)})`;
}

/** `{ a: 1, b: "x" }` from entries whose values are already expressions (undefined ones skipped). */
export function objectLiteral(entries: readonly (readonly [string, string | undefined])[]): string {
  const parts = entries.filter((e): e is readonly [string, string] => e[1] !== undefined).map(([k, v]) => `${tsPropertyKey(k)}: ${v}`);
  return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
}
