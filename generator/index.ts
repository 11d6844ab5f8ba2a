/**
 * podcast-gen as a library: `generate(options)` runs the pipeline
 * load -> lint -> model -> emit -> write, and the CLI is a thin shell over it.
 */
import { join } from 'node:path';
import type { GeneratedFile } from './emit/index.js';
import { startSideThread } from './emit/side-thread/side-thread.js';
import { loadPipeline } from './load-pipeline.js';
import type { LoadedSpec } from './load/read-spec.js';
import type { ApiModel } from './model/types.js';
import { resolveOptions, type GenerateOptions } from './options.js';
import type { Problem } from './problems.js';

export { defineConfig, DEFAULT_SPEC, DEFAULTS, type GenerateOptions } from './options.js';
export { PodcastGenError, formatProblem, type Problem } from './problems.js';
export type { ApiModel, OperationModel } from './model/types.js';
export type { GeneratedFile } from './emit/index.js';

/** Progress of a run, one event per finished stage (the CLI prints these on a terminal). */
export interface StageEvent {
  stage: string;
  ms: number;
  detail?: string;
}

/** Hooks of a run that are not options: progress reporting. */
export interface GenerateHooks {
  onStage?(event: StageEvent): void;
}

/** What a run produced. */
export interface GenerateResult {
  model: ApiModel;
  files: GeneratedFile[];
  /** Problems that did not stop the run (warnings), with places. */
  problems: Problem[];
  /** Output folder, absolute. */
  outDir: string;
  /** Written (or, with `check`, differing) files, relative to the output folder. */
  written: string[];
  unchanged: string[];
  removed: string[];
  /** With `check`: the differing files' old and new text. */
  changed?: { path: string; before: string | undefined; after: string }[];
  /** With `check`: true when the output folder is current. */
  current?: boolean;
}

/** Loads and lints a document; throws a PodcastGenError when lint finds errors. */
export async function loadAndLint(options: GenerateOptions, hooks: GenerateHooks = {}): Promise<{ spec: LoadedSpec; problems: Problem[] }> {
  return (await loadPipeline()).loadAndLint(resolveOptions(options), hooks);
}

/** Generates every output from a document and writes it (or, with `check`, compares it). */
export async function generate(options: GenerateOptions = {}, hooks: GenerateHooks = {}): Promise<GenerateResult> {
  const resolved = resolveOptions(options);
  // Started before the pipeline's own modules load: on a second core, the worker thread loads
  // openapi-typescript and the TypeScript compiler while this one loads @redocly/openapi-core.
  const sideThread = startSideThread();
  try {
    return await (await loadPipeline()).runPipeline(resolved, hooks, sideThread);
  } finally {
    await sideThread.close();
  }
}

/** Generates in memory only (no write, no compare): what tests and `--check` build on. */
export async function generateFiles(options: GenerateOptions = {}): Promise<{ model: ApiModel; files: GeneratedFile[]; problems: Problem[] }> {
  const result = await generate({ ...options, check: true, out: options.out ?? join('.podcast-gen-nowhere') });
  return { model: result.model, files: result.files, problems: result.problems };
}
