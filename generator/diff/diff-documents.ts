/**
 * The change report as a library function: both documents loaded and modelled, compared, each change
 * placed in both files, levelled (with the caller's overrides), ordered, and, when asked, proved by
 * generating both outputs.
 */
import { resolveOptions } from '../options.js';
import { lint, runPipeline } from '../pipeline.js';
import type { Change, ChangeLevel, ChangePlace, DiffReport, UnjudgedSurface } from './change.js';
import { compareModels, compareSide, type FoundChange } from './compare/index.js';
import { loadSide, type DiffSideInput, type LoadedSide } from './load-side.js';
import { proveChanges, type GeneratedSide } from './proof/index.js';
import { checkLevels, levelOf } from './levels.js';
import { RULES, ruleOf } from './rules.js';
import { semverAdvice } from './semver.js';

/** Options of {@link diffDocuments}. */
export interface DiffOptions {
  old: DiffSideInput;
  new: DiffSideInput;
  /** Relative paths are read from here. Default: `process.cwd()`. */
  cwd?: string;
  /** The API's name in generated identifiers (as the run's `name`). */
  name?: string;
  /** Prove `types` (compile old usage against the new output) and `validators` (find values); both sides are then generated. */
  proof?: { types: boolean; validators: boolean };
  /** Per-rule level overrides: `{ 'operation-description-changed': 'warning' }`. */
  levels?: Record<string, ChangeLevel>;
}

/** Compares two documents; throws a PodcastGenError (naming the side) when either cannot be read. */
export async function diffDocuments(options: DiffOptions): Promise<DiffReport> {
  checkLevels(options.levels ?? {});
  const cwd = options.cwd ?? process.cwd();
  const sideOptions = { cwd, ...(options.name ? { name: options.name } : {}) };
  const old = await loadSide(options.old, 'old', sideOptions);
  const next = await loadSide(options.new, 'new', sideOptions);
  const found = compareModels(compareSide(old.model, old.spec.document), compareSide(next.model, next.spec.document));
  let changes = order(
    found.map((f) => placed(f, old, next)),
    next,
  );
  let unjudged: UnjudgedSurface[] = [];
  if (options.proof && (options.proof.types || options.proof.validators)) {
    const proved = await prove(changes, options, cwd, { old, new: next });
    // The proof may add changes of its own (an error no change explains): ordered with the rest.
    changes = order(proved.changes, next);
    unjudged = proved.unjudged;
  }
  changes = changes.map((change) => levelled(change, options.levels ?? {}));
  return {
    semver: semverAdvice(changes),
    old: { file: old.label, version: old.model.version, openapi: old.openapi },
    new: { file: next.label, version: next.model.version, openapi: next.openapi },
    changes,
    unjudged,
    notes: versionNotes(old, next),
  };
}

function levelled(change: Change, overrides: Record<string, ChangeLevel>): Change {
  return { ...change, level: levelOf(change.rule, change.surfaces, overrides) };
}

function placed(found: FoundChange, old: LoadedSide, next: LoadedSide): Change {
  const change: Change = { rule: found.rule, level: ruleOf(found.rule).level, surfaces: found.surfaces, message: found.message };
  if (found.operation) change.operation = found.operation;
  if (found.oldPointer) change.old = placeIn(old, found.oldPointer);
  if (found.newPointer) change.new = placeIn(next, found.newPointer);
  return change;
}

/** The place of a pointer in a side's file; where the exact node is not written there, its nearest written parent's line. */
function placeIn(side: LoadedSide, pointer: string): ChangePlace {
  const inFile = side.spec.pointerInFile(pointer);
  const place: ChangePlace = { file: side.label, pointer: inFile };
  for (let at = pointer; at.length > 1; at = at.slice(0, at.lastIndexOf('/'))) {
    const found = side.spec.locate(at);
    if (found) return { ...place, line: found.line, col: found.col };
    if (!at.includes('/')) break;
  }
  return place;
}

const RULE_ORDER = new Map(RULES.map((rule, i) => [rule.code, i]));

/** Document-wide changes first, then operations in the new document's order (removed ones after), then by rule and place. */
function order(changes: Change[], next: LoadedSide): Change[] {
  // Keyed by the method in upper case: a fixed method is named either way.
  const opIndex = new Map(next.model.operations.map((op, i) => [`${op.httpMethod.toUpperCase()} ${op.path}`, i]));
  const rank = (change: Change) => {
    if (!change.operation) return -1;
    return opIndex.get(`${change.operation.method.toUpperCase()} ${change.operation.path}`) ?? opIndex.size;
  };
  const text = (change: Change) => `${change.operation?.path ?? ''}\u0000${change.operation?.method ?? ''}`;
  const key = (change: Change) => `${change.new?.pointer ?? ''}\u0000${change.old?.pointer ?? ''}\u0000${change.message}`;
  return [...changes].sort(
    (a, b) =>
      rank(a) - rank(b) || compareText(text(a), text(b)) || (RULE_ORDER.get(a.rule) ?? 0) - (RULE_ORDER.get(b.rule) ?? 0) || compareText(key(a), key(b)),
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function versionNotes(old: LoadedSide, next: LoadedSide): string[] {
  const family = (version: string) => (version === '2.0' ? 'Swagger 2.0' : `OpenAPI ${version.split('.').slice(0, 2).join('.')}`);
  const a = family(old.openapi);
  const b = family(next.openapi);
  if (a === b) return [];
  const converted = [old, next].filter((side) => side.spec.converted).map((side) => `the ${side.which} document (Swagger 2.0) was converted to OpenAPI 3.0`);
  return [
    `the documents are of different versions (${a} and ${b}): compared as podcast-gen reads both${converted.length > 0 ? `; ${converted.join(', ')}` : ''}`,
  ];
}

/** Each side generated in memory (or, for the validators alone, linted), then the proof; a side that fails leaves both surfaces unjudged (proveChanges says why). */
async function prove(
  changes: Change[],
  options: DiffOptions,
  cwd: string,
  sides: { old: LoadedSide; new: LoadedSide },
): Promise<{ changes: Change[]; unjudged: UnjudgedSurface[] }> {
  const surfaces = { types: options.proof?.types === true, validators: options.proof?.validators === true };
  const generate = async (side: LoadedSide, input: DiffSideInput): Promise<GeneratedSide> => {
    try {
      // From the side as read for the comparison, linted as a run would.
      const resolved = resolveOptions({
        spec: input.spec,
        cwd,
        outputs: ['client'],
        check: true,
        out: '.podcast-gen-nowhere',
        ...(options.name ? { name: options.name } : {}),
      });
      const loaded = { spec: side.spec, config: side.config };
      if (surfaces.types) return await runPipeline(resolved, {}, loaded);
      // The validators proof makes its own validators from the model (proof/validators-module.ts): it needs the side to lint clean, and its model.
      await lint(side.spec, side.config, resolved, () => {});
      return { model: side.model, files: [] };
    } catch (error) {
      return { error: (error as Error)?.message ?? String(error) };
    }
  };
  return proveChanges({ changes, old: await generate(sides.old, options.old), new: await generate(sides.new, options.new), surfaces });
}
