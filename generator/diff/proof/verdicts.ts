/**
 * How a proof changes a change's verdict. `types`: the compiler decides both ways (a change no
 * error proves loses the surface; one an error proves gains it). `validators`: a value proves it;
 * where no value was found the verdict stays, marked unproven in the message, because the search
 * for a value is not exhaustive (the rule may still be right).
 */
import type { Change, Surface, TypesProof, ValidatorsProof } from '../change.js';

/** The change with the compiler's verdict on `types`. */
export function withVerdict(change: Change, surface: 'types', proofs: TypesProof[] | undefined): Change {
  const marked = change.surfaces.includes(surface);
  if (proofs && proofs.length > 0) {
    const proof = { ...change.proof, types: proofs };
    if (marked) return { ...change, proof };
    const raised = change.level !== 'breaking';
    return {
      ...change,
      surfaces: ordered([...change.surfaces, surface]),
      level: 'breaking',
      message: `${change.message} The compiler shows it breaks code written against the old generated output${raised ? ` (level ${change.level} raised to breaking)` : ''}.`,
      proof,
    };
  }
  if (!marked) return change;
  const surfaces = change.surfaces.filter((s) => s !== surface);
  const lowered = change.level === 'breaking' && surfaces.length === 0;
  return {
    ...change,
    surfaces,
    ...(lowered ? { level: 'warning' as const } : {}),
    message: `${change.message} The compiler accepts code written against the old generated output, so it does not break types${lowered ? ' (level breaking lowered to warning)' : ''}.`,
  };
}

/** The change with the validators' verdict: proofs attached, or marked unproven. */
export function withValidatorsVerdict(change: Change, proofs: ValidatorsProof[] | undefined): Change {
  if (!change.surfaces.includes('validators')) return change;
  if (proofs && proofs.length > 0) return { ...change, proof: { ...change.proof, validators: proofs } };
  return { ...change, message: `${change.message} (validators: unproven, no value found that shows it)` };
}

const ORDER: readonly Surface[] = ['wire', 'types', 'validators', 'mcp'];

function ordered(surfaces: Surface[]): Surface[] {
  return ORDER.filter((s) => surfaces.includes(s));
}
