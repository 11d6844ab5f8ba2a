/**
 * The `validators` proof: the real generated validators of both sides, run in memory on values made
 * for the change. For a response, a value the new validator accepts (the new API may send it) and
 * the old one rejects; for a request, a value the old validator accepts (old callers send it) and
 * the new one rejects. A change no value shows keeps its verdict, marked unproven (verdicts.ts).
 */
import type { Change, ValidatorsProof } from '../change.js';
import { type Candidate, OMIT, partValues, schemaAt, valuePlace, wholeValue, withPart } from './candidate-values.js';
import { firstIssue, loadValidators, validatorAt } from './load-validators.js';
import { validatorsModule } from './validators-module.js';
import type { GeneratedOutput } from './types-proof.js';
import { type ValidatorSide, type ValidatorTarget, validatorSide, validatorTargets } from './validator-targets.js';
import { withValidatorsVerdict } from './verdicts.js';

/** Values tried a change at most: the search stays short on a large document. */
const MAX_TRIES = 60;

export async function proveValidators(changes: Change[], old: GeneratedOutput, next: GeneratedOutput): Promise<Change[]> {
  if (!changes.some((change) => change.surfaces.includes('validators'))) return changes;
  const sides = { old: validatorSide(old), new: validatorSide(next) };
  const plans = new Map(changes.filter((change) => change.surfaces.includes('validators')).map((change) => [change, plan(change, sides)]));
  // Each side's validators that some target names, loaded once.
  for (const which of ['old', 'new'] as const) {
    const side = sides[which];
    const wanted = new Set<string>();
    for (const step of [...plans.values()].flat()) {
      if (step.source === side) wanted.add(exportName(step.target.source));
      if (step.judge === side) wanted.add(exportName(step.target.judge));
    }
    side.exports = await loadValidators(await validatorsModule(side.model, wanted));
  }
  return changes.map((change) => {
    const steps = plans.get(change);
    return steps ? withValidatorsVerdict(change, proveOne(steps)) : change;
  });
}

/** One way to show a change: a target, tried with values valid on `source`, judged by `judge`'s validator. */
interface Step {
  target: ValidatorTarget;
  source: ValidatorSide;
  judge: ValidatorSide;
  direction: 'request' | 'response';
}

/** The targets of a change, as a response first and then as a request, each once. */
function plan(change: Change, sides: { old: ValidatorSide; new: ValidatorSide }): Step[] {
  const steps: Step[] = [];
  const seen = new Set<string>();
  for (const direction of ['response', 'request'] as const) {
    const source = direction === 'response' ? sides.new : sides.old;
    const judge = direction === 'response' ? sides.old : sides.new;
    const pointers = direction === 'response' ? [change.new?.pointer, change.old?.pointer] : [change.old?.pointer, change.new?.pointer];
    for (const pointer of [...new Set(pointers)]) {
      for (const target of validatorTargets(change, pointer, source, judge, direction)) {
        const key = `${direction} ${target.judge} ${target.prefix.join('.')} ${target.tokens.join('/')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        steps.push({ target, source, judge, direction });
      }
    }
  }
  return steps;
}

/** `getPetSchemas.data` -> `getPetSchemas`. */
function exportName(path: string): string {
  return path.split('.')[0] as string;
}

/** The first value that shows the change. */
function proveOne(steps: readonly Step[]): ValidatorsProof[] | undefined {
  for (const step of steps) {
    const proof = proveOnTarget(step.target, step.source, step.judge, step.direction);
    if (proof) return [proof];
  }
  return undefined;
}

function proveOnTarget(target: ValidatorTarget, source: ValidatorSide, judge: ValidatorSide, direction: 'request' | 'response'): ValidatorsProof | undefined {
  const accepts = validatorAt(source.exports, target.source);
  const rejects = validatorAt(judge.exports, target.judge);
  if (!accepts || !rejects) return undefined;
  let tries = 0;
  for (const value of candidates(target, source, judge, direction)) {
    if (tries++ >= MAX_TRIES) return undefined;
    if (value === undefined || safely(() => firstIssue(accepts, value)) !== undefined) continue;
    const issue = safely(() => firstIssue(rejects, value));
    if (issue !== undefined) return { direction, validator: target.judge, value, issue };
  }
  return undefined;
}

/** Whole values with the change's part replaced, then whole values of the source schema as they are. */
function* candidates(target: ValidatorTarget, source: ValidatorSide, judge: ValidatorSide, direction: 'request' | 'response'): Generator<unknown> {
  const place = valuePlace(target.tokens);
  const bases = [...target.bases, wholeValue(target.root, source.resolve, direction, 'proof/whole')];
  const tokens = target.tokens.slice(0, place.nodeTokens);
  const node = schemaAt(target.partRoot, tokens, source.resolve);
  const theirs = target.judgePartRoot && schemaAt(target.judgePartRoot, tokens, judge.resolve);
  const path = [...target.prefix, ...place.path];
  if (node) {
    const parts: { path: (string | number)[]; value: Candidate }[] =
      place.item?.keyword === 'required'
        ? requiredNames(node, place.item.index).map((name) => ({ path: [...path, name], value: OMIT }))
        : distinct([...partValues(node, place, source.resolve, direction), ...(theirs ? partValues(theirs, place, judge.resolve, direction) : [])]).map(
            (value) => ({ path, value }),
          );
    for (const base of bases) for (const part of parts) yield withPart(base, part.path, part.value);
  }
  for (let variant = 0; variant < 3; variant++) yield wholeValue(target.root, source.resolve, direction, 'proof/whole', variant);
  for (const base of bases) yield base;
}

/** The values once each, in order (by their JSON text; the mark to leave a part out is one value). */
function distinct(values: readonly Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value === OMIT ? '\u0000omit' : (JSON.stringify(value) ?? 'undefined');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The property names a `required/<i>` change may be about: the one at that index, then every other. */
function requiredNames(node: { required?: string[]; properties?: Record<string, unknown> }, index: number): string[] {
  const names = [node.required?.[index], ...(node.required ?? []), ...Object.keys(node.properties ?? {})].filter((name): name is string => name !== undefined);
  return [...new Set(names)];
}

function safely<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}
