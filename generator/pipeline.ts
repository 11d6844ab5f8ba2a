/**
 * The pipeline: load -> lint -> model -> emit -> write. Each stage is a module of its own; this file
 * only calls them in order.
 */
import type { Config } from '@redocly/openapi-core';
import { dirname, resolve } from 'node:path';
import { chooseOutputs, type ChosenOutputs } from './plugins/choose-outputs.js';
import { ALWAYS, builtinPlugins } from './plugins/registry.js';
import { flatText } from './emit/flat-text.js';
import { runtimeExportsIn } from './emit/runtime-exports.js';
import { manifestFile } from './write/manifest.js';
import type { GeneratedFile } from './emit/plugin.js';
import { runPlugin } from './plugins/run-plugin.js';
import {
  queueCounter,
  sidePlugins,
  startEarlyWorkerFor,
  startSideThread,
  type EarlyWorker,
  type SideCopy,
  type SidePluginResult,
  type SideThread,
} from './concurrency/side-thread.js';
import { pluginOptions } from './plugins/plugin-options.js';
import { loadTemplates } from './emit/templates.js';
import { lint, lintAsideFor, lintedAside, load, withFile } from './load-and-lint.js';
import { localFileBytes } from './load/local-file-bytes.js';
import { isOneFile, textHash, type LoadedSpec } from './load/read-spec.js';
import { sourceLabel } from './load/source-label.js';
import { buildModel, type ModelOptions } from './model/build-model.js';
import { selectDocument } from './model/select-document.js';
import { checkNameLengths, checkOperationIds } from './model/check-names.js';
import type { ApiModel } from './model/types.js';
import { DEFAULT_SPEC, type ResolvedOptions } from './options.js';
import { EXIT_USAGE, fail, hasErrors, PodcastGenError, tooDeep, withLazyPlace, type Problem } from './problems.js';
import { stageTimer, type GenerateHooks, type GenerateResult, type StageTimer } from './run-result.js';
import { compareFiles, writeFiles } from './write/write-files.js';
import { byCodeUnits } from './text-order.js';

// The library's loadAndLint() (index.ts) and the run tools (diff/) reach the load stage and redocly's
// YAML reader through this module, which the build bundles: imported on their own, redocly's 300 files
// are read one by one.
export { parseYaml, Source } from '@redocly/openapi-core';
export { lint, load, loadAndLint } from './load-and-lint.js';
export { locatePointer } from './load/locate.js';

/** Generates the chosen outputs from a document and writes them (or, with `check`, compares them). */
export async function runPipeline(resolved: ResolvedOptions, hooks: GenerateHooks, loaded?: Loaded, early?: EarlyWorker): Promise<GenerateResult> {
  const stage = { name: 'load', file: resolved.spec };
  try {
    return await stages(resolved, hooks, stage, loaded, early);
  } catch (error) {
    throw tooDeep(error, stage.name, stage.file) ?? error;
  }
}

/** A document already read, with its lint config: the change report reads each side once for both its uses. */
export interface Loaded {
  spec: LoadedSpec;
  config: Config;
}

async function stages(
  resolved: ResolvedOptions,
  hooks: GenerateHooks,
  stage: { name: string; file: string },
  loaded?: Loaded,
  started?: EarlyWorker,
): Promise<GenerateResult> {
  const timer = stageTimer(hooks);
  // Choices are checked before the document is read: a typo in the config fails at once.
  const outputs = chooseRunOutputs(resolved);
  // A document file large enough for a side thread has it started now, to load while the document is read.
  const early = started ?? (loaded ? undefined : startEarlyWorkerFor(resolved));
  let side: SideThread | undefined;
  let spec: LoadedSpec;
  let config: Config;
  try {
    ({ spec, config } = loaded ?? (await load(resolved, timer)));
    // On a large document some outputs are made in a worker meanwhile (concurrency/side-thread.ts).
    side = sideThreadOf(spec, config, resolved, outputs, early);
  } finally {
    if (early && !side) early.stop();
  }
  try {
    Object.assign(stage, { name: 'lint', file: spec.displayPath });
    // Where the worker lints, the main thread builds the model and makes outputs meanwhile.
    const lintAside = side?.lint;
    const lintedHere = lintAside ? undefined : await lint(spec, config, resolved, timer);
    let model: ApiModel;
    let modelProblems: Problem[];
    let emitted: { files: GeneratedFile[]; problems: Problem[] };
    try {
      stage.name = 'the model';
      ({ model, problems: modelProblems } = modelOf(spec, resolved));
      timer('model', `${model.operations.length} operations`);
      emitted = await emit({ model, outputs, resolved, timer, stage, side });
    } catch (error) {
      // In one thread a document that lints with errors never reaches the model: lint's errors come first here too.
      if (lintAside) await lintedAside(lintAside, spec, timer);
      throw error;
    }
    const linted = lintedHere ?? (await lintedAside(lintAside as NonNullable<typeof lintAside>, spec, timer));
    const files = [...emitted.files, manifestFile(model, emitted.files)].sort((a, b) => byCodeUnits(a.path, b.path));
    const problems = [...linted, ...[...modelProblems, ...emitted.problems].map((p) => placed(p, spec))];
    const outDir = resolve(resolved.cwd, resolved.out);
    const base = { model, files, problems, notes: outputs.notes, outputs: outputs.plugins.map((p) => p.name), outDir };
    if (resolved.check) {
      const comparison = compareFiles(files, outDir);
      timer('check', `${comparison.written.length + comparison.removed.length} stale`);
      return { ...base, ...comparison, current: comparison.written.length === 0 && comparison.removed.length === 0 };
    }
    const written = await writeFiles(files, outDir, resolved.out);
    timer('write', `${written.written.length} written, ${written.unchanged.length} unchanged`);
    return { ...base, ...written };
  } finally {
    await side?.stop();
  }
}

/** The chosen plugins, each with its options. */
type RunOutputs = ChosenOutputs & { options: Map<string, Record<string, unknown>> };

/** The run's plugins with their options; a config key that names no plugin is an error. */
function chooseRunOutputs(resolved: ResolvedOptions): RunOutputs {
  const registry = [...builtinPlugins, ...resolved.plugins];
  const chosen = chooseOutputs({ registry, always: [ALWAYS], ...(resolved.outputs ? { chosen: resolved.outputs } : {}) });
  const names = registry.map((p) => p.name);
  for (const key of Object.keys(resolved.outputOptions)) {
    if (!names.includes(key))
      fail(
        {
          code: 'config/unknown-key',
          message: `unknown option "${key}"`,
          hint: `options are spec, out, templates, lintConfig, name, outputs, operations, plugins, and each output's options under its name (${names.filter((n) => n !== ALWAYS).join(', ')})`,
        },
        EXIT_USAGE,
      );
  }
  const options = new Map(chosen.plugins.map((plugin) => [plugin.name, pluginOptions(plugin, resolved.outputOptions[plugin.name])]));
  return { ...chosen, options };
}

function modelOf(spec: LoadedSpec, resolved: ResolvedOptions): { model: ApiModel; problems: Problem[] } {
  // Before any name is made of them: a name too long for a file name would fail only when written.
  checkNameLengths(spec.document, spec.displayPath, spec.locate);
  checkOperationIds(spec.document, spec.displayPath, spec.locate);
  const built = withFile(spec.displayPath, () => buildModel(spec.document, modelOptionsOf(spec, resolved)));
  const problems = built.problems.map((p) => ({ ...p, file: p.file ?? spec.displayPath }));
  // A declaration the model cannot honour (an x-pagination the operation cannot meet) stops the run, at its place.
  if (hasErrors(problems)) throw new PodcastGenError(problems.filter((p) => p.severity === 'error').map((p) => placed(p, spec)));
  return { model: built.model, problems };
}

/**
 * What the model is built with: the API's name, the document's names and hash, the operations chosen.
 * `PODCAST_GEN_LARGE=on` or `off` decides `ApiModel.large` whatever the size (tests, the benchmark).
 */
function modelOptionsOf(spec: LoadedSpec, resolved: ResolvedOptions): ModelOptions {
  const outDir = resolve(resolved.cwd, resolved.out);
  const label = sourceLabel({ absoluteRef: spec.absoluteRef, outDir, packageSpecFolder: dirname(DEFAULT_SPEC) });
  const options: ModelOptions = {
    apiName: resolved.name,
    source: { path: spec.displayPath, label, hash: spec.hash },
    runtimeExports: runtimeExportsIn(templatesDir(resolved)),
  };
  if (resolved.operations) options.operations = resolved.operations;
  const large = process.env.PODCAST_GEN_LARGE;
  if (large === 'on' || large === 'off') options.large = large === 'on';
  return options;
}

/**
 * The side thread of a large document, started right after load (before lint and the model, which
 * read the document too): a worker that read the file itself, as the main thread did, is sent the
 * hash of the text it must have read; another, a copy of the document as read. A Swagger 2.0 document
 * is converted only after lint, so it stays in one thread.
 */
function sideThreadOf(
  spec: LoadedSpec,
  config: Config,
  resolved: ResolvedOptions,
  outputs: RunOutputs,
  early: EarlyWorker | undefined,
): SideThread | undefined {
  const chosen = outputs.plugins.map((p) => p.name);
  const names = spec.converted ? [] : sharedPlugins(outputs, spec.root.source.body.length);
  if (names.length === 0) return undefined;
  const lintAside = lintAsideFor(spec, config, resolved);
  // A selection is cut here, so that the worker is sent only what it reads (cutting again there changes nothing).
  const copy = (): SideCopy => {
    const document = resolved.operations ? withFile(spec.displayPath, () => selectDocument(spec.document, resolved.operations).document) : spec.document;
    const { absoluteRef, body, mimeType } = spec.root.source;
    return { document, ...(lintAside ? { text: { absoluteRef, body, mimeType } } : {}) };
  };
  const ownRead = early?.reads && isOneFile(spec) && !resolved.operations;
  return startSideThread(
    {
      document: ownRead ? { readHash: textHash(spec.root.source.body) } : { copy: copy() },
      modelOptions: modelOptionsOf(spec, resolved),
      templatesDir: templatesDir(resolved),
      plugins: names.map((name) => ({ name, options: outputs.options.get(name) ?? {} })),
      next: queueCounter(),
      outputs: chosen,
      ...(lintAside ? { lint: lintAside } : {}),
    },
    early,
    copy,
  );
}

/** The built-in outputs of the run both threads take from, for a document of `bytes` (none where a side thread does not pay). */
function sharedPlugins(outputs: RunOutputs, bytes: number): string[] {
  const chosen = outputs.plugins.map((p) => p.name);
  const builtin = (name: string) => outputs.plugins.some((p) => p.name === name && builtinPlugins.includes(p));
  return sidePlugins({ chosen, builtin, documentBytes: bytes, setting: process.env.PODCAST_GEN_SIDE_THREAD });
}

/** The user's templates folder, absolute, if the run names one. */
function templatesDir(resolved: ResolvedOptions): string | undefined {
  return resolved.templates && resolve(resolved.cwd, resolved.templates);
}

/** Every chosen plugin's files, in run order; what they report goes to `problems`. */
async function emit(run: {
  model: ApiModel;
  outputs: RunOutputs;
  resolved: ResolvedOptions;
  timer: StageTimer;
  stage: { name: string };
  side: SideThread | undefined;
}): Promise<{ files: GeneratedFile[]; problems: Problem[] }> {
  const { model, outputs, resolved, timer, stage, side } = run;
  const templates = loadTemplates(templatesDir(resolved));
  const names = outputs.plugins.map((p) => p.name);
  const made = new Map<string, { files: readonly GeneratedFile[]; problems: Problem[] }>();
  const make = async (plugin: (typeof outputs.plugins)[number]) => {
    stage.name = `the ${plugin.name} output`;
    const problems: Problem[] = [];
    const context = { options: outputs.options.get(plugin.name) ?? {}, templates, outputs: names, report: (p: Problem) => void problems.push(p) };
    const files = await runPlugin({ plugin, model, context, builtin: builtinPlugins.includes(plugin) });
    for (const file of files) flatText(file.content);
    made.set(plugin.name, { files, problems });
    timer(`emit ${plugin.name}`);
  };
  // With a side thread, a failure is kept until both threads stop, and the one first in run order
  // thrown: the error one thread reports. Nothing later in run order than it is made meanwhile.
  let failure: { at: number; error: unknown } | undefined;
  const failed = (name: string | undefined, error: unknown) => {
    const at = name === undefined ? -1 : names.indexOf(name);
    if (!failure || at < failure.at) failure = { at, error };
  };
  const attempt = async (plugin: (typeof outputs.plugins)[number]) => {
    if (failure && names.indexOf(plugin.name) > failure.at) return;
    try {
      await make(plugin);
    } catch (error) {
      if (!side) throw error;
      failed(plugin.name, error);
    }
  };
  for (const plugin of outputs.plugins) if (!side?.plugins.includes(plugin.name)) await attempt(plugin);
  // The outputs the worker has not taken yet, each as the main thread is free for it (none once the worker failed).
  for (let name = side?.take(); name !== undefined; name = side?.take()) {
    await attempt(outputs.plugins.find((plugin) => plugin.name === name) as (typeof outputs.plugins)[number]);
  }
  if (side) {
    // The worker names a failure by its own stage (side-worker.ts); one before any output (its model, a crash) comes first.
    let results: SidePluginResult[] = [];
    try {
      results = await side.results;
    } catch (error) {
      failed(side.failedOn(), error);
    }
    if (failure) throw failure.error;
    for (const result of results) made.set(result.name, result);
    timer('side thread', results.map((r) => `${r.name} ${r.ms} ms`).join(', '));
  }
  // In run order, whichever thread made them: the same files and problems as in one thread.
  const files: GeneratedFile[] = [];
  const problems: Problem[] = [];
  const madeBy = new Map<string, string>();
  for (const name of names) {
    const output = made.get(name) as { files: readonly GeneratedFile[]; problems: Problem[] };
    for (const file of output.files) {
      const other = madeBy.get(file.path);
      if (other)
        fail({ code: 'plugin/same-file', message: `outputs "${other}" and "${name}" both make ${file.path}`, hint: 'give one of them another file name' });
      madeBy.set(file.path, name);
      files.push(file);
    }
    problems.push(...output.problems);
  }
  return { files, problems };
}

/**
 * A problem that names a pointer gets its line and column when they are first read: finding them
 * parses the whole source into an AST, and under `--quiet` no warning is ever printed.
 */
function placed(problem: Problem, spec: LoadedSpec): Problem {
  const { pointer } = problem;
  if (!pointer || problem.line !== undefined) return problem;
  // A converted Swagger 2.0 document's problems name the place in the file as written.
  const inFile = spec.pointerInFile(pointer);
  return withLazyPlace({ ...problem, pointer: inFile }, () => spec.locate(pointer));
}
