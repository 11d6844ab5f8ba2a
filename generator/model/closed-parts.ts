import { derefSchema, type SchemaResolver } from './schema-merge.js';
import type { SchemaObject } from './types.js';

/** What `additionalProperties: false` beside an object's `allOf`, `anyOf` or `oneOf` shuts out. */
export interface ClosedParts {
  /** Properties the parts declare and the object itself does not. */
  names: string[];
  /**
   * No value passes: an `allOf` part, or every branch of the `anyOf` (`oneOf`), requires one of
   * `names`, which the closed object refuses.
   */
  noValue: boolean;
}

/**
 * JSON Schema reads `additionalProperties` against the object's own `properties` alone, so a
 * property its parts declare is additional (`{ additionalProperties: false, allOf: [tag] }`, a closed
 * `oneOf`: test/zod/closed-parts.test.ts). Undefined where the object is not closed that
 * way or its parts declare nothing more. Nested `allOf`s of a part are the part's too.
 */
export function closedParts(schema: SchemaObject, resolve: SchemaResolver): ClosedParts | undefined {
  if (schema.additionalProperties !== false || schema.patternProperties) return undefined;
  const own = new Set(Object.keys(schema.properties ?? {}));
  const names = new Set<string>();
  const requiresOther = (part: SchemaObject, seen: Set<SchemaObject>): boolean => {
    const resolved = derefSchema(part, resolve);
    if (seen.has(resolved)) return false;
    seen.add(resolved);
    for (const name of Object.keys(resolved.properties ?? {})) if (!own.has(name)) names.add(name);
    const inner = (resolved.allOf ?? []).map((p) => requiresOther(p, seen));
    return (resolved.required ?? []).some((name) => !own.has(name)) || inner.includes(true);
  };
  const blocked = (parts: readonly SchemaObject[] | undefined) => (parts ?? []).map((part) => requiresOther(part, new Set()));
  const allOf = blocked(schema.allOf);
  const anyOf = blocked(schema.anyOf);
  const oneOf = blocked(schema.oneOf);
  if (names.size === 0) return undefined;
  const every = (verdicts: boolean[]) => verdicts.length > 0 && verdicts.every(Boolean);
  return { names: [...names], noValue: allOf.includes(true) || every(anyOf) || every(oneOf) };
}
