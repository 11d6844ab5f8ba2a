/**
 * The proof of the change report's `types` and `validators` verdicts, over both sides' generated
 * output: the compiler judges `types` (types-proof.ts), the generated validators run on values made
 * for the purpose judge `validators` (validators-proof.ts). A side that failed to generate leaves
 * both unjudged.
 */
import type { GeneratedFile } from '../../emit/plugin.js';
import type { ApiModel } from '../../model/types.js';
import type { Change, UnjudgedSurface } from '../change.js';
import { refinedRule } from '../rules.js';
import { proveTypes } from './types-proof.js';
import { proveValidators } from './validators-proof.js';

/** One side's generation: its model and files, or why it failed. */
export type GeneratedSide = { model: ApiModel; files: GeneratedFile[] } | { error: string };

/** The changes with their proofs and the verdicts the proofs give, and the surfaces that could not be judged. */
export async function proveChanges(input: {
  changes: Change[];
  old: GeneratedSide;
  new: GeneratedSide;
  surfaces: { types: boolean; validators: boolean };
}): Promise<{ changes: Change[]; unjudged: UnjudgedSurface[] }> {
  const { old, new: next, surfaces } = input;
  const wanted = (['types', 'validators'] as const).filter((surface) => surfaces[surface]);
  if ('error' in old || 'error' in next) {
    const reason =
      'error' in old ? `the old document failed to generate: ${old.error}` : `the new document failed to generate: ${(next as { error: string }).error}`;
    return { changes: input.changes, unjudged: wanted.map((surface) => ({ surface, reason })) };
  }
  // A rule of the API's life that refines a removal breaks what the removal breaks: the proofs judge it as that removal.
  const refined = new Map(input.changes.flatMap((change) => (refinedRule(change.rule) ? [[change.id, change.rule] as const] : [])));
  let changes = refined.size === 0 ? input.changes : input.changes.map((change) => ({ ...change, rule: refinedRule(change.rule) ?? change.rule }));
  const unjudged: UnjudgedSurface[] = [];
  if (surfaces.types) changes = proveTypes(changes, old, next);
  if (surfaces.validators) {
    try {
      changes = await proveValidators(changes, old, next);
    } catch (error) {
      // The validators are made and run apart from the generation: a failure there leaves the surface unjudged, not the report.
      unjudged.push({ surface: 'validators', reason: `the generated validators could not be run: ${(error as Error)?.message ?? String(error)}` });
    }
  }
  return { changes: refined.size === 0 ? changes : changes.map((change) => ({ ...change, rule: refined.get(change.id) ?? change.rule })), unjudged };
}
