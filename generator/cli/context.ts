import { DEFAULT_SPEC, type GenerateOptions } from '../options.js';
import { setHeapGrowthFor } from './heap-growth.js';
import type { Problem } from '../problems.js';
import type { CliIo } from './io.js';
import type { Reporter } from './reporter.js';

/** What every command receives from `main()`: options already merged (flags > config > defaults). */
export interface CommandContext {
  io: CliIo;
  reporter: Reporter;
  /** Generation options from flags and config (the command's entry); defaults are applied by the generator itself. */
  options: GenerateOptions;
  /** Every entry of the config (one per API; one when the config is not a list), flags applied to each. */
  entries: GenerateOptions[];
  /** The command's own parsed flags (e.g. `watch`, `port`). */
  args: Record<string, unknown>;
}

/**
 * Turns a failure into an exit code: a PodcastGenError's problems are reported and its exit code
 * returned (1 for a failed run, 2 for usage); anything else is a bug and is rethrown.
 */
export function reportFailure(error: unknown, reporter: Reporter, what: string, note = ''): number {
  return reporter.finish(describeFailure(error, reporter, what, note));
}

/** {@link reportFailure} without ending the command: prints the problems and returns the exit code. */
export function describeFailure(error: unknown, reporter: Reporter, what: string, note = ''): number {
  if (!isPodcastGenError(error)) throw error;
  const errors = error.problems.filter((p) => p.severity === 'error');
  const only = errors.length === 1 ? errors[0] : undefined;
  if (only && !only.file) {
    // A problem with no place (bad usage, a missing key): one plain line says it best.
    reporter.problems(error.problems.filter((p) => p !== only));
    reporter.problems([only], { silent: true });
    reporter.error(`podcast-gen: ${only.message}${only.hint ? ` (${only.hint})` : ''}`);
    return error.exitCode;
  }
  reporter.problems(error.problems);
  reporter.error(`podcast-gen: ${what} failed with ${plural(errors.length, 'error')}.${note}`);
  return error.exitCode;
}

/** What one entry of a command came to: its exit code and what `--json` reports of it. */
export interface EntryOutcome {
  code: number;
  result: Record<string, unknown>;
}

/**
 * Runs a command once per config entry, in order, all of them even after a failure, and ends it:
 * the highest exit code wins. With one entry, `--json` reports its result as it is; with several,
 * as `entries`, one each.
 */
export async function runEntries(context: CommandContext, run: (context: CommandContext) => Promise<EntryOutcome>): Promise<number> {
  const outcomes: EntryOutcome[] = [];
  for (const entry of context.entries) {
    setHeapGrowthFor(entry.spec ?? DEFAULT_SPEC, context.io.cwd);
    outcomes.push(await run({ ...context, options: entry }));
  }
  const code = Math.max(0, ...outcomes.map((o) => o.code));
  const [only] = outcomes;
  return context.reporter.finish(code, outcomes.length === 1 && only ? only.result : { entries: outcomes.map((o) => o.result) });
}

function isPodcastGenError(error: unknown): error is Error & { problems: Problem[]; exitCode: number } {
  return error instanceof Error && Array.isArray((error as { problems?: unknown }).problems) && typeof (error as { exitCode?: unknown }).exitCode === 'number';
}

/** `n thing` / `n things`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Milliseconds as people read them: `840 ms`, `1.4 s`. */
export function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
