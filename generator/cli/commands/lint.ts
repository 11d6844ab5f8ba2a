import { plural, reportFailure, type CommandContext } from '../context.js';

/** `podcast-gen lint`: loads and lints the document; exit 1 on errors, 0 otherwise (warnings allowed). */
export async function runLint({ io, reporter, options }: CommandContext): Promise<number> {
  const { lintDocumentFile } = await import('../lint-only.js');
  try {
    const { problems, source } = await lintDocumentFile({ ...options, cwd: io.cwd }, (event) => reporter.stage(event));
    reporter.problems(problems);
    const warnings = problems.filter((p) => p.severity === 'warn').length;
    reporter.info(`podcast-gen lint: ${source}: ${warnings === 0 ? 'no problems' : `0 errors, ${plural(warnings, 'warning')}`}`);
    return reporter.finish(0, { source, errors: 0, warnings });
  } catch (error) {
    return reportFailure(error, reporter, 'lint');
  }
}
