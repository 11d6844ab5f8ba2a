/**
 * `podcast-gen diff` as a library function: the two sides from the command line's words, the
 * comparison, the ignore file and the levels of the config, and the verdict under `--fail-on`. The
 * CLI only parses, prints and exits; tests call this directly.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { PodcastGenError, type Problem } from '../problems.js';
import type { OperationSelection } from '../model/select-operations.js';
import type { ChangeLevel, DiffReport } from './change.js';
import { applyIgnore, entryName, expiredEntries, IGNORE_FILE, type IgnoreEntry, readIgnoreFile } from './ignore.js';
import type { StabilityLevel } from './lifecycle.js';
import type { DiffSideInput } from './load-side.js';
import type { OperationFilters } from './operation-filters.js';
import type { FailOn, ReportView } from './outcome.js';
import { type DocumentSide, resolveSides, type Sides, sideFileLabel } from './sides.js';

/** What a comparison is given: the documents to read and name, the run's options each side is read with, and what to prove. */
export interface CompareInput {
  old: DiffSideInput & { label: string };
  new: DiffSideInput & { label: string };
  cwd: string;
  name?: string;
  /** The operations the project generates (the config's `operations`): changes of the others are not reported. */
  operations?: OperationSelection;
  /** The project's templates folder. */
  templates?: string;
  proof: { types: boolean; validators: boolean };
  levels?: Record<string, ChangeLevel>;
  /** The day removals and sunsets are judged on (`YYYY-MM-DD`); default: today. */
  today?: string;
  deprecationDays?: number;
  stabilityLevel?: StabilityLevel;
  filters?: OperationFilters;
}

/** Options of {@link runDiff}. */
export interface RunDiffOptions {
  /** `<old>`: a file, a URL, `git:<ref>` or `git:<ref>:<path>`. */
  old: string;
  /** `<new>`; default: the configured document. */
  new?: string;
  /** The configured document (a path or URL). */
  configured: string;
  cwd: string;
  name?: string;
  /** The config's operation selection and templates: each side is read as the project's run reads it. */
  operations?: OperationSelection;
  templates?: string;
  /** Per-rule levels from the config. */
  levels?: Record<string, ChangeLevel>;
  /** `--deprecation-days`: the days that must pass between a deprecation and the removal. */
  deprecationDays?: number;
  /** `--stability-level`: changes of operations below it are info. */
  stabilityLevel?: StabilityLevel;
  /** `--match-path`, `--exclude-path`, `--exclude-extension`. */
  filters?: OperationFilters;
  /** The ignore file; default: `.podcast-gen-ignore.yaml` in `cwd` when there is one. */
  ignoreFile?: string;
  failOn: FailOn;
  /** Compile the old usage against the new output (the `types` proof). */
  types: boolean;
  /** `YYYY-MM-DD`, the day ignore entries expire by, and removals and sunsets are judged on. */
  today: string;
  /** Judges `--check-version`: why the new `info.version` rose too little, or undefined. */
  checkVersion?: (report: DiffReport) => string | undefined;
  /** The comparison (diffDocuments). */
  compare(input: CompareInput): Promise<DiffReport>;
}

/** The report as judged, and warnings for the user (ignore entries that matched nothing). */
export interface DiffOutcome {
  view: ReportView;
  warnings: Problem[];
}

/** A failure of one side (it did not load, or its revision could not be read): the problems name it. */
export class DiffSideError extends PodcastGenError {
  readonly side: DocumentSide | undefined;
  constructor(problems: Problem[], exitCode: number, side: DocumentSide | undefined) {
    super(problems, exitCode);
    this.side = side;
  }
}

export async function runDiff(options: RunDiffOptions): Promise<DiffOutcome> {
  const entries = ignoreEntries(options);
  const expired = expiredEntries(entries, options.today);
  if (expired.length > 0) throw new PodcastGenError(expired);
  const sides = resolveSides({ old: options.old, configured: options.configured, cwd: options.cwd, ...(options.new ? { new: options.new } : {}) });
  let report: DiffReport;
  try {
    const input = (side: DocumentSide) => ({ spec: side.spec, label: side.label, ...(side.revision ? { revision: side.revision.git } : {}) });
    report = await options.compare({
      old: input(sides.old),
      new: input(sides.new),
      cwd: options.cwd,
      ...(options.name ? { name: options.name } : {}),
      ...(options.operations ? { operations: options.operations } : {}),
      ...(options.templates ? { templates: options.templates } : {}),
      // Without the compile, a change marked `types` keeps the comparison's word: the report says why no proof looked.
      proof: { types: options.types, validators: true, ...(options.types ? {} : { offBy: { types: '--no-types' } }) },
      ...(options.levels ? { levels: options.levels } : {}),
      today: options.today,
      ...(options.deprecationDays !== undefined ? { deprecationDays: options.deprecationDays } : {}),
      ...(options.stabilityLevel ? { stabilityLevel: options.stabilityLevel } : {}),
      ...(options.filters ? { filters: options.filters } : {}),
    });
  } catch (error) {
    throw sideError(error, sides, options.cwd);
  } finally {
    sides.dispose();
  }
  const { kept, ignored, unused } = applyIgnore(report.changes, entries);
  const versionProblem = options.checkVersion?.(report);
  const view: ReportView = { report: { ...report, changes: kept }, ignored, failOn: options.failOn, ...(versionProblem ? { versionProblem } : {}) };
  const warnings = unused.map(
    (entry): Problem => ({
      code: 'diff/ignore-unused',
      severity: 'warn',
      file: entry.file,
      ...(entry.line !== undefined ? { line: entry.line, col: 3 } : {}),
      message: `the ignore entry for ${entryName(entry)} matches no change`,
      hint: 'remove it once the change it was for is released',
    }),
  );
  return { view, warnings };
}

function ignoreEntries(options: RunDiffOptions): IgnoreEntry[] {
  if (options.ignoreFile) return readIgnoreFile(options.ignoreFile, options.cwd);
  return existsSync(join(options.cwd, IGNORE_FILE)) ? readIgnoreFile(IGNORE_FILE, options.cwd) : [];
}

/**
 * A load failure of either side with the revision copies' paths named as the revision's
 * (`git:<ref>:<path>`), and the side it belongs to found from its problems' files.
 */
function sideError(error: unknown, sides: Sides, cwd: string): unknown {
  // By its shape: a bundled module may carry its own copy of the class.
  if (!(error instanceof Error) || !Array.isArray((error as PodcastGenError).problems)) return error;
  const known = error as PodcastGenError;
  const both = [sides.old, sides.new];
  let side: DocumentSide | undefined;
  const problems = known.problems.map((problem: Problem) => {
    const owner = both.find((s) => problem.file !== undefined && (sideFileLabel(s, problem.file, cwd) !== undefined || problem.file === s.label));
    side ??= owner;
    const file = owner && problem.file ? (sideFileLabel(owner, problem.file, cwd) ?? problem.file) : problem.file;
    return {
      ...problem,
      ...(file !== undefined ? { file } : {}),
      message: unfold(problem.message, both, cwd),
      ...(problem.hint ? { hint: unfold(problem.hint, both, cwd) } : {}),
    };
  });
  return new DiffSideError(problems, known.exitCode, side);
}

/** Text naming a revision's copy names the revision instead. */
function unfold(text: string, sides: DocumentSide[], cwd: string): string {
  let out = text;
  for (const side of sides) {
    if (!side.revision) continue;
    for (const form of [side.revision.root, relative(cwd, side.revision.root)]) out = out.split(`${form}${sep}`).join(side.revision.prefix);
  }
  return out;
}
