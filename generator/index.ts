/**
 * podcast-gen as a library: `generate(options)` runs the pipeline
 * load -> lint -> model -> emit -> write, and the CLI is a thin shell over it.
 */
import { dirname, join, resolve } from 'node:path';
import { emitters, type GeneratedFile } from './emit/index.js';
import { manifestFile } from './emit/manifest.js';
import { loadTemplates } from './emit/templates.js';
import { startTypesPrinter, type TypesPrinter } from './emit/types/types-printer.js';
import { lintSpec } from './lint/lint-spec.js';
import { loadLintConfig } from './lint/lint-config.js';
import type { Config } from '@redocly/openapi-core';
import { readSpec, type LoadedSpec } from './load/read-spec.js';
import { sourceLabel } from './load/source-label.js';
import { buildModel, countOperations, namesEveryOperation } from './model/build-model.js';
import type { ApiModel } from './model/types.js';
import { DEFAULT_SPEC, resolveOptions, type GenerateOptions, type ResolvedOptions } from './options.js';
import { hasErrors, PodcastGenError, withLazyPlace, type Problem } from './problems.js';
import { compareFiles, writeFiles } from './write/write-files.js';

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
  const resolved = resolveOptions(options);
  const timer = stageTimer(hooks);
  const { spec, config } = await load(resolved, timer);
  return { spec, problems: await lint(spec, config, resolved, timer) };
}

async function load(resolved: ResolvedOptions, timer: StageTimer): Promise<{ spec: LoadedSpec; config: Config }> {
  const config = await loadLintConfig({ configPath: resolved.lintConfig && resolve(resolved.cwd, resolved.lintConfig), specPath: resolve(resolved.cwd, resolved.spec) });
  const spec = await readSpec({ spec: resolved.spec, config, cwd: resolved.cwd });
  timer('load', spec.displayPath);
  return { spec, config };
}

async function lint(spec: LoadedSpec, config: Config, resolved: ResolvedOptions, timer: StageTimer): Promise<Problem[]> {
  const lintProblems = await lintSpec(spec, config, resolved.cwd);
  timer('lint', `${lintProblems.length} problem(s)`);
  const problems = [...spec.problems, ...lintProblems];
  if (hasErrors(problems)) throw new PodcastGenError(problems);
  return problems;
}

/** Generates every output from a document and writes it (or, with `check`, compares it). */
export async function generate(options: GenerateOptions = {}, hooks: GenerateHooks = {}): Promise<GenerateResult> {
  const resolved = resolveOptions(options);
  const timer = stageTimer(hooks);
  const { spec, config } = await load(resolved, timer);
  // A large document's types print in a worker thread (types-printer.ts), started before lint so
  // that loading openapi-typescript there overlaps lint, the model and the other emitters here.
  const typesPrinter = startTypesPrinter({ operations: countOperations(spec.document) });
  // When the model's document will be this very document, a worker starts printing it now, beside
  // lint and the model rather than after them (generateFrom asks for the model's document: the same
  // print). In this thread it waits for the model: a run that fails lint should not print at all.
  if (typesPrinter.inWorker && namesEveryOperation(spec.document)) typesPrinter.print(spec.document).catch(() => undefined);
  try {
    const problems = await lint(spec, config, resolved, timer);
    return await generateFrom(spec, problems, resolved, typesPrinter, timer);
  } finally {
    await typesPrinter.close();
  }
}

/** Model, emit and write (or, with `check`, compare) a linted document. */
async function generateFrom(spec: LoadedSpec, problems: Problem[], resolved: ResolvedOptions, typesPrinter: TypesPrinter, timer: StageTimer): Promise<GenerateResult> {
  const outDir = resolve(resolved.cwd, resolved.out);
  const label = sourceLabel({ absoluteRef: spec.absoluteRef, outDir, packageSpecFolder: dirname(DEFAULT_SPEC) });
  const built = buildModel(spec.document, { apiName: resolved.name, source: { path: spec.displayPath, label, hash: spec.hash } });
  const { model } = built;
  problems.push(...built.problems.map((p) => locatedLazily({ ...p, file: p.file ?? spec.displayPath }, spec)));
  timer('model', `${model.operations.length} operations`);
  const templates = loadTemplates(resolved.templates && resolve(resolved.cwd, resolved.templates));
  // Emitters name places by JSON pointer; the reporter prints them as file:line:col where it can.
  const report = (p: Problem) => problems.push(p.line === undefined ? locatedLazily({ ...p }, spec) : p);
  const files: GeneratedFile[] = [];
  typesPrinter.print(model.document).catch(() => undefined);
  for (const emitter of emitters) {
    files.push(...(await emitter.emit({ model, templates, typesPrinter, report })));
    timer(`emit ${emitter.name}`);
  }
  files.push(manifestFile(model, files));
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const base = { model, files, problems, outDir };
  if (resolved.check) {
    const comparison = compareFiles(files, outDir);
    timer('check', `${comparison.written.length + comparison.removed.length} stale`);
    return { ...base, ...comparison, current: comparison.written.length === 0 && comparison.removed.length === 0 };
  }
  const written = writeFiles(files, outDir, resolved.out);
  timer('write', `${written.written.length} written, ${written.unchanged.length} unchanged`);
  return { ...base, ...written };
}

/**
 * A problem of the model or an emitter with its place in the document found on first read: the
 * first lookup parses the whole source into an AST (about 0.5 s for GitHub's document), which a
 * run whose warnings nobody prints (`--quiet`, `check`, the library) never needs.
 */
function locatedLazily(problem: Problem, spec: LoadedSpec): Problem {
  const { pointer } = problem;
  return pointer === undefined ? problem : withLazyPlace(problem, () => spec.locate(pointer));
}

/** Generates in memory only (no write, no compare): what tests and `--check` build on. */
export async function generateFiles(options: GenerateOptions = {}): Promise<{ model: ApiModel; files: GeneratedFile[]; problems: Problem[] }> {
  const result = await generate({ ...options, check: true, out: options.out ?? join('.podcast-gen-nowhere') });
  return { model: result.model, files: result.files, problems: result.problems };
}

type StageTimer = (stage: string, detail?: string) => void;

function stageTimer(hooks: GenerateHooks): StageTimer {
  let last = performance.now();
  return (stage, detail) => {
    const now = performance.now();
    hooks.onStage?.({ stage, ms: Math.round(now - last), ...(detail ? { detail } : {}) });
    last = now;
  };
}
