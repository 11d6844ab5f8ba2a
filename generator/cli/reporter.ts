import type { StageEvent } from '../index.js';
import { byPlace, formatProblem, type Problem } from '../problems.js';
import { codeFrame } from './codeframe.js';
import type { CliIo } from './io.js';

/** How a command reports: for people (progress on a terminal), quietly (errors only), or as JSON. */
export interface ReporterOptions {
  io: CliIo;
  command: string;
  quiet?: boolean;
  json?: boolean;
  /** Code frames for warnings too (on a terminal): `lint`, where warnings are the point. */
  warningFrames?: boolean;
}

/**
 * The one place that decides what is printed where. People get progress lines (terminal only),
 * problems on stderr (with code frames on a terminal) and a summary on stdout; `--quiet` keeps
 * only errors; `--json` prints nothing but one JSON object on stdout at the end (see {@link Reporter.finish}).
 */
export class Reporter {
  readonly #options: ReporterOptions;
  readonly #problems: Problem[] = [];

  constructor(options: ReporterOptions) {
    this.#options = options;
  }

  get #forPeople(): boolean {
    return !this.#options.json;
  }

  /** One progress line per finished stage, with its time (terminal only). */
  stage(event: StageEvent): void {
    const { io, quiet } = this.#options;
    if (!io.isTTY || quiet || !this.#forPeople) return;
    const time = `${event.ms} ms`.padStart(8);
    io.stderr(`  ${event.stage.padEnd(16)}${time}${event.detail ? `  ${event.detail}` : ''}\n`);
  }

  /**
   * Problems of the document or the invocation: errors always, warnings unless `--quiet`; on a
   * terminal, code frames for errors (and, with `warningFrames`, for warnings). `silent` records them for `--json` only.
   */
  problems(problems: readonly Problem[], { silent = false }: { silent?: boolean } = {}): void {
    this.#problems.push(...problems);
    if (!this.#forPeople || silent) return;
    const { io, quiet, warningFrames } = this.#options;
    const perRule = new Map<string, number>();
    for (const problem of problems) perRule.set(problem.code, (perRule.get(problem.code) ?? 0) + 1);
    const shownRules = new Set<string>();
    // Sorted for reading; under --quiet only errors are printed, so only their places are looked up.
    const printed = quiet ? problems.filter((p) => p.severity === 'error') : problems;
    for (const problem of [...printed].sort(byPlace)) {
      // Code frames are for people at a terminal; piped (CI logs, grep, editors' problem matchers)
      // every problem is exactly one `file:line:col  severity  rule  message` line.
      const frame = () => (io.isTTY ? codeFrame(problem, io.cwd) : '');
      if (problem.severity === 'error') {
        io.stderr(`${formatProblem(problem)}\n${frame()}`);
      } else if (warningFrames) {
        io.stderr(`${formatProblem(problem)}\n${frame()}`);
      } else if (!shownRules.has(problem.code)) {
        // Outside `lint`, a rule's repeated warnings print once: lint is where to read them all.
        shownRules.add(problem.code);
        const others = (perRule.get(problem.code) ?? 1) - 1;
        io.stderr(`${formatProblem(problem)}${others > 0 ? ` (and ${others} more like it; \`podcast-gen lint\` lists them)` : ''}\n`);
      }
    }
  }

  /** A line for people on stdout (summaries, the stale-file list, diffs); nothing under `--quiet`. */
  info(text: string): void {
    if (this.#forPeople && !this.#options.quiet) this.#options.io.stdout(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** A line for people on stderr that is an error: printed even under `--quiet`. */
  error(text: string): void {
    if (this.#forPeople) this.#options.io.stderr(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** Ends the command: under `--json`, prints `{ command, ok, exitCode, problems, ...result }`. */
  finish(exitCode: number, result: Record<string, unknown> = {}): number {
    if (this.#options.json) {
      const report = { command: this.#options.command, ok: exitCode === 0, exitCode, problems: [...this.#problems].sort(byPlace), ...result };
      this.#options.io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    }
    return exitCode;
  }
}
