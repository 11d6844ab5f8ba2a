import type { SchemaObject } from './types.js';

/** One branch of an "exactly one of these property sets" oneOf: what it requires and forbids. */
export interface ExclusiveBranch {
  required: string[];
  forbidden: string[];
  description?: string;
}

const BRANCH_KEYS = new Set(['required', 'description', 'title', 'type']);

/**
 * Recognizes `properties` + `oneOf: [{ required: [a] }, { required: [b] }]` (the interface
 * description's MultiCameraBackground: exactly one of `id` and `user_background_id`). When every
 * branch only requires declared properties and any two branches differ by exactly one name,
 * "exactly one branch matches" is the same as "branch i's names are present and each other
 * branch's extra name is absent", so the branches are disjoint objects:
 * `{ id: number; user_background_id?: never } | ...`.
 * Shared by the zod emitter and the openapi-typescript transform so both print the same union.
 */
export function exclusiveRequiredBranches(schema: SchemaObject): ExclusiveBranch[] | undefined {
  const branches = schema.oneOf;
  const properties = schema.properties ?? {};
  if (!branches || branches.length < 2 || schema.allOf || schema.anyOf || schema.not || schema.discriminator) return undefined;
  if (schema.type !== undefined && schema.type !== 'object') return undefined;
  const sets: string[][] = [];
  for (const branch of branches) {
    if (!branch || typeof branch !== 'object' || branch.$ref) return undefined;
    if (!Object.keys(branch).every((k) => BRANCH_KEYS.has(k))) return undefined;
    if (branch.type !== undefined && branch.type !== 'object') return undefined;
    const required = branch.required ?? [];
    if (required.length === 0 || !required.every((name) => name in properties)) return undefined;
    sets.push([...new Set(required)]);
  }
  const result: ExclusiveBranch[] = [];
  for (const [i, own] of sets.entries()) {
    const forbidden = new Set<string>();
    for (const [j, other] of sets.entries()) {
      if (i === j) continue;
      const extra = other.filter((name) => !own.includes(name));
      if (extra.length !== 1) return undefined;
      forbidden.add(extra[0] as string);
    }
    const branch: ExclusiveBranch = { required: own, forbidden: [...forbidden] };
    const description = branches[i]?.description;
    if (description) branch.description = description;
    result.push(branch);
  }
  return result;
}
