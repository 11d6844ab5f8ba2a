/**
 * What the command makes of a report: which changes an ignore entry set aside, the level that fails
 * the run (`--fail-on`), and the counts every format prints. The formats read only this.
 */
import type { Change, ChangeLevel, ChangeOperation, DiffReport, Surface } from './change.js';
import { CHANGE_LEVELS, SURFACES } from './change.js';

/** `--fail-on`: the lowest level that fails the run, or `never`. */
export type FailOn = ChangeLevel | 'never';

export const FAIL_ON_CHOICES: readonly FailOn[] = ['breaking', 'warning', 'never'];

/** A change an entry of the ignore file set aside, and the entry's word on why. */
export interface IgnoredChange {
  change: Change;
  reason: string;
  /** The entry, as `file:line`. */
  entry: string;
  expires?: string;
}

/** A report as the command judged it: the changes left after the ignore file, and whether they fail the run. */
export interface ReportView {
  report: DiffReport;
  ignored: IgnoredChange[];
  failOn: FailOn;
  /** Why `--check-version` failed, when it did. */
  versionProblem?: string;
}

/** How many changes of each level, counted once per operation too, and of those how many break each surface. */
export interface LevelCount {
  level: ChangeLevel;
  /** Changes: one for a change in a component however many operations reach it. */
  changes: number;
  /** The same changes counted once per operation they reach (a change of the document once). */
  byOperation: number;
  surfaces: Record<Surface, number>;
}

/** How many times a change counts when counted once per operation: the operations it reaches, or one. */
export function operationCount(change: Change): number {
  return Math.max(1, change.operations?.length ?? 0);
}

export function levelCounts(changes: readonly Change[]): LevelCount[] {
  return CHANGE_LEVELS.map((level) => {
    const of = changes.filter((change) => change.level === level);
    const surfaces = Object.fromEntries(SURFACES.map((surface) => [surface, of.filter((c) => c.surfaces.includes(surface)).length])) as Record<Surface, number>;
    return { level, changes: of.length, byOperation: of.reduce((n, change) => n + operationCount(change), 0), surfaces };
  });
}

/** True when `level` is at or above `failOn`. */
export function atOrAbove(level: ChangeLevel, failOn: FailOn): boolean {
  if (failOn === 'never') return false;
  return CHANGE_LEVELS.indexOf(level) <= CHANGE_LEVELS.indexOf(failOn);
}

/** The changes that fail the run under `--fail-on`. */
export function failingChanges(view: ReportView): Change[] {
  return view.report.changes.filter((change) => atOrAbove(change.level, view.failOn));
}

/** Whether the run fails: a change at or above `--fail-on`, or a version that rose too little. */
export function failed(view: ReportView): boolean {
  return failingChanges(view).length > 0 || view.versionProblem !== undefined;
}

/**
 * `3 breaking changes (12 by operation), 1 warning, 0 info`: each level's changes, and beside them,
 * where it differs, their count once per operation they reach.
 */
export function countLine(changes: readonly Change[]): string {
  const [breaking, warning, info] = levelCounts(changes) as [LevelCount, LevelCount, LevelCount];
  const beside = (count: LevelCount) => (count.byOperation === count.changes ? '' : ` (${count.byOperation} by operation)`);
  return [
    `${breaking.changes} breaking ${breaking.changes === 1 ? 'change' : 'changes'}${beside(breaking)}`,
    `${warning.changes} ${warning.changes === 1 ? 'warning' : 'warnings'}${beside(warning)}`,
    `${info.changes} info${beside(info)}`,
  ].join(', ');
}

/** `deleteImage (DELETE /images/{id})`. */
export function operationName(op: ChangeOperation): string {
  return `${op.operationId} (${op.method.toUpperCase()} ${op.path})`;
}

/**
 * `deleteImage (DELETE /images/{id})`, with `and 3 more operations` when a change reaches several,
 * or `the document` for a change of no operation.
 */
export function operationLabel(change: Change): string {
  const [first, ...rest] = change.operations ?? [];
  if (!first) return 'the document';
  return rest.length === 0 ? operationName(first) : `${operationName(first)} and ${rest.length} more ${rest.length === 1 ? 'operation' : 'operations'}`;
}

/** How many operations a report names before `and N more`. */
export const OPERATIONS_SHOWN = 10;

/** The operations of a change that reaches several, as a list a reader scans (`a (GET /x), b (POST /y), and 3 more`); undefined for one or none. */
export function operationsList(change: Change, shown = OPERATIONS_SHOWN): string | undefined {
  const operations = change.operations ?? [];
  if (operations.length < 2) return undefined;
  const named = operations.slice(0, shown).map(operationName).join(', ');
  return operations.length > shown ? `${named}, and ${operations.length - shown} more` : named;
}

/** `file:line:col`, as far as it is known. */
export function placeLabel(place: { file: string; line?: number; col?: number } | undefined): string | undefined {
  if (!place) return undefined;
  if (place.line === undefined) return place.file;
  return `${place.file}:${place.line}:${place.col ?? 1}`;
}
