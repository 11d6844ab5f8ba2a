import { describeFailure, plural, runEntries, type CommandContext, type EntryOutcome } from '../context.js';

/** `podcast-gen lint`: loads and lints each entry's document; exit 1 on errors, 0 otherwise (warnings allowed). */
export async function runLint(context: CommandContext): Promise<number> {
  return runEntries(context, lintEntry);
}

async function lintEntry({ io, reporter, options }: CommandContext): Promise<EntryOutcome> {
  const { lintDocumentFile } = await import('../lint-only.js');
  try {
    const { problems, source } = await lintDocumentFile({ ...options, cwd: io.cwd }, (event) => reporter.stage(event));
    reporter.problems(problems);
    const warnings = problems.filter((p) => p.severity === 'warn').length;
    reporter.info(`podcast-gen lint: ${source}: ${warnings === 0 ? 'no problems' : `0 errors, ${plural(warnings, 'warning')}`}`);
    return { code: 0, result: { source, errors: 0, warnings } };
  } catch (error) {
    return { code: describeFailure(error, reporter, 'lint'), result: {} };
  }
}
