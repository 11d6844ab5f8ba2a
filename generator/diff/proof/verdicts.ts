/**
 * How a proof changes a change's surfaces (never its level: levels.ts sets it once, from the rule
 * and the surfaces left). `types`: an error about the change proves it (and adds the surface where
 * the rules did not mark it); a change the usage looked at without an error loses the surface; one
 * it did not look at keeps it, unproven. `validators`: a value proves it; where none was found the
 * surface stays, unproven, because the search is not exhaustive.
 */
import { type Change, SURFACES, type Surface, type TypesProof, type ValidatorsProof } from '../change.js';

/** The change with the compiler's verdict on `types`. */
export function withTypesVerdict(change: Change, proofs: TypesProof[] | undefined, looked: boolean): Change {
  const marked = change.surfaces.includes('types');
  if (proofs && proofs.length > 0) {
    const proof = { ...change.proof, types: proofs };
    if (marked) return { ...change, proof };
    return {
      ...change,
      surfaces: ordered([...change.surfaces, 'types']),
      message: `${change.message} The compiler shows it breaks code written against the old generated output.`,
      proof,
    };
  }
  if (!marked) return change;
  if (!looked) return unproven(change, 'types', 'no line of the old usage reads this place');
  return {
    ...change,
    surfaces: change.surfaces.filter((s) => s !== 'types'),
    message: `${change.message} The compiler accepts code written against the old generated output that reads it, so it does not break types.`,
  };
}

/** The change with the validators' verdict: proofs attached, or marked unproven. */
export function withValidatorsVerdict(change: Change, proofs: ValidatorsProof[] | undefined): Change {
  if (!change.surfaces.includes('validators')) return change;
  if (proofs && proofs.length > 0) return { ...change, proof: { ...change.proof, validators: proofs } };
  return unproven(change, 'validators', 'no value found that shows it');
}

function unproven(change: Change, surface: Surface, why: string): Change {
  return { ...change, unproven: ordered([...(change.unproven ?? []), surface]), message: `${change.message} (${surface}: unproven, ${why})` };
}

function ordered(surfaces: Surface[]): Surface[] {
  return SURFACES.filter((s) => surfaces.includes(s));
}
