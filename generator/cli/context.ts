import type { GenerateOptions } from '../options.js';
import type { Problem } from '../problems.js';
import type { CliIo } from './io.js';
import type { Reporter } from './reporter.js';

/** What every command receives from `main()`: options already merged (flags > config > defaults). */
export interface CommandContext {
  io: CliIo;
  reporter: Reporter;
  /** Generation options from flags and config; defaults are applied by the generator itself. */
  options: GenerateOptions;
  /** The command's own parsed flags (e.g. `watch`, `port`). */
  args: Record<string, unknown>;
}

/**
 * Turns a failure into an exit code: a PodcastGenError's problems are reported and its exit code
 * returned (1 for a failed run, 2 for usage); anything else is a bug and is rethrown.
 */
export function reportFailure(error: unknown, reporter: Reporter, what: string, note = ''): number {
  if (!isPodcastGenError(error)) throw error;
  const errors = error.problems.filter((p) => p.severity === 'error');
  const only = errors.length === 1 ? errors[0] : undefined;
  if (only && !only.file) {
    // A problem with no place (bad usage, a missing key): one plain line says it best.
    reporter.problems(error.problems.filter((p) => p !== only));
    reporter.problems([only], { silent: true });
    reporter.error(`podcast-gen: ${only.message}${only.hint ? ` (${only.hint})` : ''}`);
    return reporter.finish(error.exitCode);
  }
  reporter.problems(error.problems);
  reporter.error(`podcast-gen: ${what} failed with ${plural(errors.length, 'error')}.${note}`);
  return reporter.finish(error.exitCode);
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
