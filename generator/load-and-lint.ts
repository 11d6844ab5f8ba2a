/**
 * The first two stages, load and lint, shared by the pipeline (pipeline.ts) and by the `lint`
 * command (cli/lint-only.ts), which stops after them and so never loads the plugins.
 */
import type { Config } from '@redocly/openapi-core';
import { resolve } from 'node:path';
import { lintSpec } from './lint/lint-spec.js';
import { loadLintConfig, type LintConfigOptions } from './lint/lint-config.js';
import { readSpec, type LoadedSpec } from './load/read-spec.js';
import type { ResolvedOptions } from './options.js';
import { hasErrors, PodcastGenError, tooDeep, type Problem } from './problems.js';
import { stageTimer, type GenerateHooks, type StageTimer } from './run-result.js';

/** Loads and lints a document; throws a PodcastGenError when lint finds errors. */
export async function loadAndLint(resolved: ResolvedOptions, hooks: GenerateHooks): Promise<{ spec: LoadedSpec; problems: Problem[] }> {
  const timer = stageTimer(hooks);
  const { spec, config } = await load(resolved, timer);
  try {
    return { spec, problems: await lint(spec, config, resolved, timer) };
  } catch (error) {
    throw tooDeep(error, 'lint', spec.displayPath) ?? error;
  }
}

/** Reads, parses and bundles the document with the lint config's `resolve` settings. */
export async function load(resolved: ResolvedOptions, timer: StageTimer): Promise<{ spec: LoadedSpec; config: Config }> {
  const config = await loadLintConfig(lintConfigOptions(resolved));
  const spec = await readSpec({ spec: resolved.spec, config, cwd: resolved.cwd });
  timer('load', spec.displayPath);
  return { spec, config };
}

/** Where the run's lint config is found. */
export function lintConfigOptions(resolved: ResolvedOptions): LintConfigOptions {
  // A URL names no folder a redocly.yaml could sit beside; a path is taken from the working folder.
  const specPath = /^https?:\/\//i.test(resolved.spec) ? resolved.spec : resolve(resolved.cwd, resolved.spec);
  return { ...(resolved.lintConfig ? { configPath: resolve(resolved.cwd, resolved.lintConfig) } : {}), specPath };
}

/** The document's problems (the bundle's and lint's); throws a PodcastGenError when any is an error. */
export async function lint(spec: LoadedSpec, config: Config, resolved: ResolvedOptions, timer: StageTimer): Promise<Problem[]> {
  const problems = [...spec.problems, ...(await lintSpec(spec, config, resolved.cwd))];
  timer('lint', `${problems.length} problem(s)`);
  if (hasErrors(problems)) throw new PodcastGenError(problems);
  return problems;
}
