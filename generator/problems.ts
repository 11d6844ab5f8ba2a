/**
 * Problems found in a document or an invocation. Every stage reports through this one shape so the
 * CLI can print them alike (`file:line:col  severity  rule  message`) and `--json` can emit them.
 */
export type Severity = 'error' | 'warn';

/** One finding, with where it is and, when known, what to do about it. */
export interface Problem {
  /** Rule or check id, e.g. `podcast-gen/tool-name`, `no-unresolved-refs`, `load/yaml`. */
  code: string;
  severity: Severity;
  message: string;
  /** The file (or URL) the problem is in, as the user named it where possible. */
  file?: string;
  /** 1-based line and column in `file`. */
  line?: number;
  col?: number;
  /** JSON pointer into the document, e.g. `#/paths/~1open~1podcast~1v1~1images/post`. */
  pointer?: string;
  /** What to do about it. */
  hint?: string;
}

/** Exit codes of the CLI: 1 for a failed run (bad input, stale output), 2 for bad usage. */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** Thrown by the stages when a run cannot go on; carries every problem that stopped it. */
export class PodcastGenError extends Error {
  readonly problems: Problem[];
  readonly exitCode: number;
  constructor(problems: Problem[], exitCode: number = EXIT_FAILURE) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'PodcastGenError';
    this.problems = problems;
    this.exitCode = exitCode;
  }
}

/** Builds and throws a single-problem error: the common case of a stage that cannot go on. */
export function fail(problem: Omit<Problem, 'severity'>, exitCode: number = EXIT_FAILURE): never {
  throw new PodcastGenError([{ severity: 'error', ...problem }], exitCode);
}

/** `file:line:col  severity  rule  message` (the place is shortened when parts are unknown). */
export function formatProblem(problem: Problem): string {
  const place = formatPlace(problem);
  const hint = problem.hint ? ` (${problem.hint})` : '';
  const pointer = problem.pointer && problem.line === undefined ? ` at ${problem.pointer}` : '';
  return `${place}  ${problem.severity}  ${problem.code}  ${problem.message}${pointer}${hint}`;
}

function formatPlace(problem: Problem): string {
  if (!problem.file) return '-';
  if (problem.line === undefined) return problem.file;
  return `${problem.file}:${problem.line}:${problem.col ?? 1}`;
}

/** True when any problem is an error (errors stop a run; warnings do not). */
export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}

/** Problems in reading order: by file, then line and column. */
export function byPlace(a: Problem, b: Problem): number {
  return (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0);
}

/**
 * `line` and `col` found on first read. Finding them reads through the source (a YAML AST of all
 * of it, for a YAML document), worth it only for problems someone reads: under `--quiet` warnings
 * are never printed. Enumerable, so spreads and JSON carry them like plain fields (a copy, not this
 * object, is what gets other places).
 */
export function withLazyPlace(problem: Problem, find: () => { line: number; col: number } | undefined): Problem {
  let place: { line: number; col: number } | undefined | null = null;
  const found = () => (place === null ? (place = find()) : place);
  const field = (key: 'line' | 'col') => ({ enumerable: true, get: () => found()?.[key] });
  return Object.defineProperties(problem, { line: field('line'), col: field('col') });
}

/**
 * A document whose schemas nest, through `$ref`s, deeper than a stage's recursion can follow ends
 * with the stage's name and what to do, not a stack trace. The load stage bounds what it can
 * (nesting as written, `$ref` chains), but a chain of schemas each holding the next in a property
 * is only deep once followed, by redocly's walk or by an output's. Anything else: undefined.
 */
export function tooDeep(error: unknown, stage: string, file: string): PodcastGenError | undefined {
  if (!(error instanceof RangeError) || !/call stack/i.test(error.message)) return undefined;
  return new PodcastGenError([
    {
      code: 'document/too-deep',
      severity: 'error',
      file,
      message: `the document's schemas nest too deeply through their $refs for ${stage} to follow (${error.message})`,
      hint: 'a chain of hundreds of schemas, each holding the next, is too deep: cut the chain with a shared schema or fewer levels',
    },
  ]);
}
