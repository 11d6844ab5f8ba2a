/**
 * The change report as a library function: both documents loaded and modelled as the project's run
 * would (its operation selection, API name and templates, and the report's filters), what changed
 * found (compare/) and judged (checker/, by the policy of the API's life), each change placed in both
 * files, proved when asked, then levelled once (levels.ts) and ordered.
 */
import { resolve } from 'node:path';
import { resolveOptions } from '../options.js';
import { lint, runPipeline } from '../pipeline.js';
import type { OperationSelection } from '../model/select-operations.js';
import { EXIT_USAGE, fail } from '../problems.js';
import type { Change, ChangeLevel, ChangePlace, DiffReport, UnjudgedSurface } from './change.js';
import { routeOf } from './change-id.js';
import { checkComparison } from './checker/index.js';
import { compareModels, compareSide, type FoundChange } from './compare/index.js';
import { operationStabilities } from './compare/stability.js';
import { dateDeprecations } from './git-dates.js';
import { today } from './ignore.js';
import { DEFAULT_STABILITY_LEVEL, isBelow, type LifecyclePolicy, type StabilityLevel } from './lifecycle.js';
import { loadSide, remodelSide, type DiffSideInput, type LoadedSide, type SideRunOptions } from './load-side.js';
import { filteredSelection, isFiltering, type OperationFilters } from './operation-filters.js';
import { orderChanges } from './order-changes.js';
import { proveChanges, type GeneratedSide } from './proof/index.js';
import { checkLevels, levelOf } from './levels.js';
import { semverAdvice } from './semver.js';

/** The surfaces a proof judges, each by its own (the others, wire and mcp, by the comparison alone). */
const PROOF_SURFACES = ['types', 'validators'] as const;
type ProofSurface = (typeof PROOF_SURFACES)[number];

/** Options of {@link diffDocuments}. */
export interface DiffOptions {
  old: DiffSideInput;
  new: DiffSideInput;
  /** Relative paths are read from here. Default: `process.cwd()`. */
  cwd?: string;
  /** The API's name in generated identifiers (as the run's `name`). */
  name?: string;
  /** The operations the project generates (the run's `operations`): changes of the others are not the project's. */
  operations?: OperationSelection;
  /** The project's templates folder, as the run's `templates` (relative to `cwd`). */
  templates?: string;
  /** Prove `types` (compile old usage against the new output) and `validators` (find values); both sides are then generated. */
  proof?: {
    types: boolean;
    validators: boolean;
    /** The flag that turned a proof off, by surface (`{ types: '--no-types' }`): that surface's reason names it. */
    offBy?: Partial<Record<ProofSurface, string>>;
  };
  /** Per-rule level overrides: `{ 'operation-description-changed': 'warning' }`. */
  levels?: Record<string, ChangeLevel>;
  /** `YYYY-MM-DD`: the day removals and sunsets are judged on. Default: today (UTC). */
  today?: string;
  /** `--deprecation-days`: the days that must pass between a deprecation and the removal. */
  deprecationDays?: number;
  /** `--stability-level`: changes that reach only operations below it are info. Default: `beta`. */
  stabilityLevel?: StabilityLevel;
  /** `--match-path`, `--exclude-path`, `--exclude-extension`: operations left out of both sides. */
  filters?: OperationFilters;
  /** Default true: a change met in several operations is one change. False: one change per operation (the report before grouping, to compare with). */
  grouped?: boolean;
}

/** Compares two documents; throws a PodcastGenError (naming the side) when either cannot be read. */
export async function diffDocuments(options: DiffOptions): Promise<DiffReport> {
  checkLevels(options.levels ?? {});
  const policy = lifecyclePolicy(options);
  const cwd = options.cwd ?? process.cwd();
  let run = runOptions(options, cwd);
  let old = await loadSide(options.old, 'old', run);
  let next = await loadSide(options.new, 'new', run);
  const operations = options.filters && isFiltering(options.filters) ? filteredSelection(run.operations, options.filters, { old, new: next }) : undefined;
  if (operations) {
    run = { ...run, operations };
    old = remodelSide(old, run);
    next = remodelSide(next, run);
  }
  const sides = { old: compareSide(old.model, old.spec.document), new: compareSide(next.model, next.spec.document) };
  const { records } = compareModels(sides.old, sides.new);
  // Where the old side is a revision, git dates the deprecations the document does not.
  const revision = options.old.revision;
  const dated = revision && policy.deprecationDays !== undefined ? dateDeprecations(records, revision, (pointer) => old.spec.locate(pointer)) : records;
  const found = checkComparison({ records: dated }, { policy, ...(options.grouped === false ? { grouped: false } : {}) });
  let changes = found.map((f) => placed(f, old, next));
  let unjudged: UnjudgedSurface[] = [];
  if (options.proof && (options.proof.types || options.proof.validators)) {
    const proved = await prove(changes, options, run, { old, new: next });
    changes = proved.changes;
    unjudged = proved.unjudged;
  }
  // A proof that did not run judged nothing: its surface says so rather than read as proved.
  for (const surface of PROOF_SURFACES)
    if (!options.proof?.[surface] && !unjudged.some((entry) => entry.surface === surface))
      unjudged.push({ surface, reason: proofNotRun(surface, options.proof?.offBy?.[surface]) });
  // The one place a level is set: from the rule, the surfaces left after the proofs, the overrides and the operations' stability.
  const stability = operationStabilities(sides.old, sides.new);
  const unstable = (change: Change) =>
    (change.operations?.length ?? 0) > 0 &&
    (change.operations ?? []).every((op) => isBelow(stability.levels.get(routeOf(op)) ?? 'stable', policy.stabilityLevel));
  const context = (change: Change) => ({ overrides: options.levels ?? {}, unstable: unstable(change) });
  changes = orderChanges(
    changes.map((change) => ({ ...change, level: levelOf(change.rule, change.surfaces, context(change)) })),
    next,
  );
  return {
    semver: semverAdvice(changes),
    old: { file: old.label, version: old.model.version, openapi: old.openapi },
    new: { file: next.label, version: next.model.version, openapi: next.openapi },
    changes,
    unjudged,
    notes: [...versionNotes(old, next), ...stability.notes],
  };
}

/** Why a surface is unjudged where its proof was not asked for: by default, or by a flag the user gave. */
function proofNotRun(surface: ProofSurface, offBy: string | undefined): string {
  return `${offBy ? `${offBy}: ` : ''}the ${surface} proof did not run: each ${surface} verdict is the comparison rules' alone, unproven`;
}

/** The run's policy of the API's life; a deprecation period that is no whole number of days is bad usage (exit 2). */
function lifecyclePolicy(options: DiffOptions): LifecyclePolicy {
  const days = options.deprecationDays;
  if (days !== undefined && !(Number.isInteger(days) && days >= 0))
    fail({ code: 'diff/bad-deprecation-days', message: `--deprecation-days ${days} is no whole number of days`, hint: '--deprecation-days 90' }, EXIT_USAGE);
  return {
    today: options.today ?? today(),
    ...(days !== undefined ? { deprecationDays: days } : {}),
    stabilityLevel: options.stabilityLevel ?? DEFAULT_STABILITY_LEVEL,
  };
}

function runOptions(options: DiffOptions, cwd: string): SideRunOptions {
  return {
    cwd,
    ...(options.name ? { name: options.name } : {}),
    ...(options.operations ? { operations: options.operations } : {}),
    ...(options.templates ? { templates: resolve(cwd, options.templates) } : {}),
  };
}

/** A found change in the report's shape; its level is set once the proofs have judged its surfaces. */
function placed(found: FoundChange, old: LoadedSide, next: LoadedSide): Change {
  const change: Change = { id: found.id, rule: found.rule, level: 'info', surfaces: found.surfaces, message: found.message };
  if (found.operations.length > 0) change.operations = found.operations;
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
  run: SideRunOptions,
  sides: { old: LoadedSide; new: LoadedSide },
): Promise<{ changes: Change[]; unjudged: UnjudgedSurface[] }> {
  // A side the selection leaves without operations has no output to compile usage against: types stay the comparison's.
  const empty = [sides.old, sides.new].find((side) => side.model.operations.length === 0 && run.operations);
  const surfaces = { types: options.proof?.types === true && !empty, validators: options.proof?.validators === true };
  const generate = async (side: LoadedSide, input: DiffSideInput): Promise<GeneratedSide> => {
    try {
      // From the side as read for the comparison, linted and generated as the project's run would.
      const resolved = resolveOptions({
        spec: input.spec,
        cwd: run.cwd,
        outputs: ['client'],
        check: true,
        out: '.podcast-gen-nowhere',
        ...(run.name ? { name: run.name } : {}),
        // A side without the chosen operations is linted whole (the selection would refuse it).
        ...(run.operations && side !== empty ? { operations: run.operations } : {}),
        ...(run.templates ? { templates: run.templates } : {}),
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
  const proved = await proveChanges({ changes, old: await generate(sides.old, options.old), new: await generate(sides.new, options.new), surfaces });
  if (!empty || options.proof?.types !== true) return proved;
  const reason = `the ${empty.which} document has none of the operations the project generates: there is no output of it to compile code against`;
  return { ...proved, unjudged: [{ surface: 'types', reason }, ...proved.unjudged] };
}
