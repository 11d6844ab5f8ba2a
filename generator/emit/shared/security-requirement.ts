/**
 * An operation's security as the generated client and mock check it (their `SecurityRequirement`):
 * the alternatives by scheme name, or why no client meets it. Both tables hold the requirement most
 * operations share once, and only the other operations carry theirs.
 */
import type { SecurityRequirement } from '../../../templates/runtime/spec.js';
import type { OperationModel, OperationSecurityModel } from '../../model/types.js';

/** The runtime's requirement: alternatives tried in order, each the schemes sent together, or why none can be met. */
export type { SecurityRequirement };

/** The model's security in the runtime's shape. */
export function securityRequirement(security: OperationSecurityModel): SecurityRequirement {
  if (security.kind === 'unsatisfiable') return { unsatisfiable: security.reason ?? 'no security requirement can be met' };
  const alternatives: string[][] = [];
  const seen = new Set<string>();
  // Alternatives that differ only in their scopes send the same credentials.
  for (const alternative of security.alternatives) {
    const key = JSON.stringify(alternative.schemes);
    if (seen.has(key)) continue;
    seen.add(key);
    alternatives.push(alternative.schemes);
  }
  return alternatives;
}

/** The requirement most operations have (the first such, on a tie); none without operations. */
export function commonRequirement(operations: readonly Pick<OperationModel, 'security'>[]): SecurityRequirement {
  const counts = new Map<string, number>();
  for (const op of operations) {
    const key = JSON.stringify(securityRequirement(op.security));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [key, count] of counts) if (best === undefined || count > (counts.get(best) ?? 0)) best = key;
  return best === undefined ? [] : (JSON.parse(best) as SecurityRequirement);
}

/** Whether two requirements are the same (an operation's equal to the common one carries none of its own). */
export function sameRequirement(a: SecurityRequirement, b: SecurityRequirement): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
