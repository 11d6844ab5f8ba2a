/**
 * How a proof changes a change's surfaces (never its level: levels.ts sets it once, from the rule
 * and the surfaces left). `types`: an error about the change proves it (and adds the surface where
 * the rules did not mark it); a change the usage looked at without an error loses the surface; one
 * it did not look at keeps it, unproven. `validators`: a value proves it; where none was found the
 * surface stays, unproven, because the search is not exhaustive.
 */
import { type Change, SURFACES, type Surface, type TypesProof, type ValidatorsProof } from '../change.js';

/** What the proofs add to a change's message: remarks for reviewers, each written here alone. */
const REMARKS = {
  typesBreak: ' The compiler shows it breaks code written against the old generated output.',
  typesHold: ' The compiler accepts code written against the old generated output that reads it, so it does not break types.',
  unproven: { types: 'no line of the old usage reads this place', validators: 'no value found that shows it' },
} as const;
const unprovenRemark = (surface: keyof typeof REMARKS.unproven) => ` (${surface}: unproven, ${REMARKS.unproven[surface]})`;

/** A change's message without the proofs' remarks: the rule's own words (a changelog's line). */
export function withoutProofRemarks(message: string): string {
  const remarks = [REMARKS.typesBreak, REMARKS.typesHold, unprovenRemark('types'), unprovenRemark('validators')];
  return remarks.reduce((text, remark) => text.split(remark).join(''), message);
}

/** The change with the compiler's verdict on `types`. */
export function withTypesVerdict(change: Change, proofs: TypesProof[] | undefined, looked: boolean): Change {
  const marked = change.surfaces.includes('types');
  if (proofs && proofs.length > 0) {
    const proof = { ...change.proof, types: proofs };
    if (marked) return { ...change, proof };
    return {
      ...change,
      surfaces: ordered([...change.surfaces, 'types']),
      message: `${change.message}${REMARKS.typesBreak}`,
      proof,
    };
  }
  if (!marked) return change;
  if (!looked) return unproven(change, 'types');
  return {
    ...change,
    surfaces: change.surfaces.filter((s) => s !== 'types'),
    message: `${change.message}${REMARKS.typesHold}`,
  };
}

/** The change with the validators' verdict: proofs attached, or marked unproven. */
export function withValidatorsVerdict(change: Change, proofs: ValidatorsProof[] | undefined): Change {
  if (!change.surfaces.includes('validators')) return change;
  if (proofs && proofs.length > 0) return { ...change, proof: { ...change.proof, validators: proofs } };
  return unproven(change, 'validators');
}

function unproven(change: Change, surface: keyof typeof REMARKS.unproven): Change {
  return { ...change, unproven: ordered([...(change.unproven ?? []), surface]), message: `${change.message}${unprovenRemark(surface)}` };
}

function ordered(surfaces: Surface[]): Surface[] {
  return SURFACES.filter((s) => surfaces.includes(s));
}
