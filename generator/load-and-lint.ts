/**
 * The first two stages, load and lint, shared by the pipeline (pipeline.ts) and by the `lint`
 * command (cli/lint-only.ts), which stops after them and so never loads the plugins.
 */
import type { Config } from '@redocly/openapi-core';
import { runsPreprocessors } from './lint/lint-run.js';
import { lintSpec } from './lint/lint-spec.js';
import { loadLintConfig } from './lint/lint-config.js';
import type { SideLint } from './concurrency/side-thread.js';
import { isOneFile, readSpec, type LoadedSpec } from './load/read-spec.js';
import { placedIn, type UnplacedProblem } from './load/redocly-problems.js';
import { selectDocument } from './model/select-document.js';
import { lintConfigOptions, type ResolvedOptions } from './options.js';
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

/**
 * The document's problems (the bundle's and lint's); throws a PodcastGenError when any is an error.
 * A run that chooses operations lints what it generates from: those operations and what they reach
 * (`podcast-gen lint` judges the whole document). A document of several files, or in Swagger 2.0,
 * is linted whole: its other files may point back anywhere in it.
 */
export async function lint(spec: LoadedSpec, config: Config, resolved: ResolvedOptions, timer: StageTimer): Promise<Problem[]> {
  const parsed = isOneFile(spec) ? withFile(spec.displayPath, () => selectDocument(spec.document, resolved.operations).document) : spec.root.parsed;
  return linted(spec, await lintSpec(spec, config, resolved.cwd, parsed), timer);
}

/** The load's problems and lint's (`detail`: where lint ran); throws a PodcastGenError when any is an error. */
export function linted(spec: LoadedSpec, lintProblems: readonly Problem[], timer: StageTimer, detail = ''): Problem[] {
  const problems = [...spec.problems, ...lintProblems];
  timer('lint', `${problems.length} problem(s)${detail}`);
  if (hasErrors(problems)) throw new PodcastGenError(problems);
  return problems;
}

/** Runs `build`; the problems of a failure it throws (a selection that leaves nothing) name the document. */
export function withFile<T>(file: string, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof PodcastGenError)
      throw new PodcastGenError(
        error.problems.map((p) => ({ ...p, file: p.file ?? file })),
        error.exitCode,
      );
    throw error;
  }
}

/**
 * Lint for the side thread, where the document it is sent is what lint reads and all lint's problems
 * lie in that one file, and no preprocessor of the config changes the document before the model
 * reads it (in one thread lint runs first); undefined where lint runs in this thread.
 */
export function lintAsideFor(spec: LoadedSpec, config: Config, resolved: ResolvedOptions): SideLint | undefined {
  if (!isOneFile(spec) || runsPreprocessors(config, spec.root.parsed)) return undefined;
  return { config: lintConfigOptions(resolved), cwd: resolved.cwd };
}

/** The problems of lint made in the side thread, placed in the document's file, as {@link lint} gives them. */
export async function lintedAside(lint: Promise<{ problems: UnplacedProblem[]; ms: number }>, spec: LoadedSpec, timer: StageTimer): Promise<Problem[]> {
  const { problems, ms } = await lint;
  return linted(
    spec,
    problems.map((problem) => placedIn(spec.root.source, problem)),
    timer,
    `, ${ms} ms in the side thread`,
  );
}
