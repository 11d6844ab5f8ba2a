/**
 * podcast-gen as a library: `generate(options)` runs the pipeline load -> lint -> model -> emit ->
 * write for one API, and the CLI is a thin shell over it.
 */
import { join } from 'node:path';
import type { GeneratedFile } from './emit/plugin.js';
import type { LoadedSpec } from './load/read-spec.js';
import type { ApiModel } from './model/types.js';
import { resolveOptions, type GenerateOptions } from './options.js';
import { startEarlyWorkerFor } from './concurrency/side-thread.js';
import type { Problem } from './problems.js';
import type { GenerateHooks, GenerateResult } from './run-result.js';

export { defineConfig, DEFAULT_SPEC, DEFAULTS, type DiffConfig, type GenerateOptions, type PodcastGenConfig } from './options.js';
export { PodcastGenError, formatProblem, type Problem } from './problems.js';
export type { ApiModel, OperationModel } from './model/types.js';
export { definePlugin, type GeneratedFile, type Plugin, type PluginContext } from './emit/plugin.js';
export type { GenerateHooks, GenerateResult, StageEvent } from './run-result.js';

/** Loads and lints a document; throws a PodcastGenError when lint finds errors. */
export async function loadAndLint(options: GenerateOptions, hooks: GenerateHooks = {}): Promise<{ spec: LoadedSpec; problems: Problem[] }> {
  const { loadAndLint: loadAndLintResolved } = await import('./pipeline.js');
  return loadAndLintResolved(resolveOptions(options), hooks);
}

/** Generates the chosen outputs (default: all) from a document and writes them (or, with `check`, compares them). */
export async function generate(options: GenerateOptions = {}, hooks: GenerateHooks = {}): Promise<GenerateResult> {
  const resolved = resolveOptions(options);
  // The pipeline's modules are loaded here, once a large document's worker has started loading its own beside them.
  const early = startEarlyWorkerFor(resolved);
  const { runPipeline } = await import('./pipeline.js');
  return runPipeline(resolved, hooks, undefined, early);
}

/** Generates in memory only (no write, no compare): what tests and `--check` build on. */
export async function generateFiles(options: GenerateOptions = {}): Promise<{ model: ApiModel; files: GeneratedFile[]; problems: Problem[] }> {
  const result = await generate({ ...options, check: true, out: options.out ?? join('.podcast-gen-nowhere') });
  return { model: result.model, files: result.files, problems: result.problems };
}
