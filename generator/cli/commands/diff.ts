import { setHeapGrowthFor } from '../heap-growth.js';
import { DEFAULT_SPEC } from '../../options.js';
import { EXIT_USAGE, fail } from '../../problems.js';
import { packageVersion } from '../args.js';
import type { StabilityLevel } from '../../diff/lifecycle.js';
import type { OperationFilters } from '../../diff/operation-filters.js';
import type { FailOn } from '../../diff/outcome.js';
import { type CommandContext, describeFailure } from '../context.js';

/**
 * `podcast-gen diff <old> [<new>]`: the change report between two versions of the document, in the
 * format asked for, on stdout; exit 1 when a change is at or above `--fail-on` (or the version rose
 * too little under `--check-version`), 2 on bad usage.
 */
export async function runDiffCommand(context: CommandContext): Promise<number> {
  const { io, reporter, args, options } = context;
  const [{ runDiff, DiffSideError }, { diffDocuments }, { checkVersion }, { formatReport }, { failed }, { today }] = await Promise.all([
    import('../../diff/run-diff.js'),
    import('../../diff/diff-documents.js'),
    import('../../diff/semver.js'),
    import('../../diff/format/index.js'),
    import('../../diff/outcome.js'),
    import('../../diff/ignore.js'),
  ]);
  try {
    if (context.entries.length > 1) {
      fail(
        {
          code: 'cli/usage',
          message: `diff compares one document, and the config has ${context.entries.length} entries`,
          hint: 'pass --config with a config of one entry, or name both documents and --spec',
        },
        EXIT_USAGE,
      );
    }
    // The new document's file (the configured one where none is named) sets the heaps' growth.
    setHeapGrowthFor(typeof args.new === 'string' ? args.new : (options.spec ?? DEFAULT_SPEC), io.cwd);
    const outcome = await runDiff({
      old: args.old as string,
      ...(typeof args.new === 'string' ? { new: args.new } : {}),
      configured: options.spec ?? DEFAULT_SPEC,
      cwd: io.cwd,
      ...(options.name ? { name: options.name } : {}),
      ...(options.operations ? { operations: options.operations } : {}),
      ...(options.templates ? { templates: options.templates } : {}),
      ...(options.diff?.levels ? { levels: options.diff.levels } : {}),
      ...(typeof args.deprecationDays === 'number' ? { deprecationDays: args.deprecationDays } : {}),
      ...(typeof args.stabilityLevel === 'string' ? { stabilityLevel: args.stabilityLevel as StabilityLevel } : {}),
      ...(filters(args) ? { filters: filters(args) } : {}),
      ...(typeof args.ignore === 'string' ? { ignoreFile: args.ignore } : options.diff?.ignore ? { ignoreFile: options.diff.ignore } : {}),
      failOn: args.failOn as FailOn,
      types: args.types !== false,
      today: today(),
      ...(args.checkVersion
        ? {
            checkVersion: (report) => {
              const check = checkVersion(report.old.version, report.new.version, report.semver);
              return check.ok ? undefined : check.message;
            },
          }
        : {}),
      compare: diffDocuments,
    });
    reporter.problems(outcome.warnings);
    io.stdout(formatReport(args.format as Parameters<typeof formatReport>[0], outcome.view, { toolVersion: packageVersion() }));
    return failed(outcome.view) ? 1 : 0;
  } catch (error) {
    const side = error instanceof DiffSideError ? error.side : undefined;
    return describeFailure(error, reporter, side ? `diff (the ${side.side} document, ${side.label})` : 'diff');
  }
}

/** `--match-path`, `--exclude-path` and `--exclude-extension`, where any is given. */
function filters(args: Record<string, unknown>): OperationFilters | undefined {
  const found: OperationFilters = {
    ...(typeof args.matchPath === 'string' ? { matchPath: args.matchPath } : {}),
    ...(typeof args.excludePath === 'string' ? { excludePath: args.excludePath } : {}),
    ...(Array.isArray(args.excludeExtension) && args.excludeExtension.length > 0 ? { excludeExtensions: args.excludeExtension.map(String) } : {}),
  };
  return Object.keys(found).length > 0 ? found : undefined;
}
