import { relative } from 'node:path';
import { describeFailure, duration, plural, runEntries, type CommandContext, type EntryOutcome } from '../context.js';
import type { ApiModel } from '../../model/types.js';
import { checkTemplateOverrides } from '../template-overrides.js';
import { pagedOperations, paginationLine } from '../pagination-summary.js';

/** `podcast-gen [generate]`: generates each config entry's outputs and writes them atomically; `--watch` keeps going. */
export async function runGenerate(context: CommandContext): Promise<number> {
  if (context.args.watch) {
    const { watchAndGenerate } = await import('../watch.js');
    return watchAndGenerate(context, (entries) => runEntries({ ...context, entries }, generateOnce));
  }
  return runEntries(context, generateOnce);
}

/** One entry's generation: progress, problems and a summary; exit 0, or the failure's exit code. */
export async function generateOnce({ io, reporter, options }: CommandContext): Promise<EntryOutcome> {
  const started = performance.now();
  const { generate } = await import('../../index.js');
  try {
    const result = await generate({ ...options, cwd: io.cwd }, { onStage: (event) => reporter.stage(event) });
    const problems = [...result.problems, ...checkTemplateOverrides(options.templates, io.cwd)];
    reporter.problems(problems);
    const out = `${relative(io.cwd, result.outDir) || '.'}/`;
    const warnings = problems.filter((p) => p.severity === 'warn').length;
    const summary = {
      operations: result.model.operations.length,
      name: result.model.names.api,
      nameFrom: result.model.nameFrom,
      source: result.model.source.path,
      out,
      written: result.written,
      unchanged: result.unchanged,
      removed: result.removed,
      warnings,
      outputs: result.outputs,
      notes: result.notes,
      pagination: pagedOperations(result.model),
    };
    for (const note of result.notes) reporter.info(`podcast-gen: ${note}`);
    const counts = [`${result.written.length} written`, `${result.unchanged.length} unchanged`];
    if (result.removed.length > 0) counts.push(`${result.removed.length} removed`);
    if (warnings > 0) counts.push(plural(warnings, 'warning'));
    reporter.info(
      `podcast-gen: ${plural(summary.operations, 'operation')} from ${summary.source} -> ${out} (${counts.join(', ')}) in ${duration(performance.now() - started)}`,
    );
    reporter.info(`podcast-gen: ${nameLine(result.model)}`);
    const paging = paginationLine(result.model);
    if (paging) reporter.info(`podcast-gen: ${paging}`);
    return { code: 0, result: { summary } };
  } catch (error) {
    return { code: describeFailure(error, reporter, 'generation', ' Nothing was written.'), result: {} };
  }
}

/** The API's name as identifiers carry it, and where it came from: `named Github (from the title): createGithubClient, GITHUB_*`. */
export function nameLine(model: ApiModel): string {
  const from =
    model.nameFrom === 'option'
      ? 'the name option'
      : model.nameFrom === 'default'
        ? 'no title or file name to take it from'
        : `the document's ${model.nameFrom}`;
  return `named ${model.names.api} (from ${from}): ${model.names.createClient}, ${model.names.envPrefix}_*`;
}
