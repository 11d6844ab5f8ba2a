/**
 * The pipeline: load -> lint -> model -> emit -> write. Each stage is a module of its own; this file
 * only calls them in order.
 */
import { dirname, resolve } from 'node:path';
import { chooseOutputs, type ChosenOutputs } from './emit/choose-outputs.js';
import { ALWAYS, builtinPlugins } from './emit/index.js';
import { flatText } from './emit/flat-text.js';
import { manifestFile } from './emit/manifest.js';
import type { GeneratedFile, Plugin, PluginContext } from './emit/plugin.js';
import { pluginOptions } from './emit/plugin-options.js';
import { loadTemplates } from './emit/templates.js';
import { lint, load } from './load-and-lint.js';
import type { LoadedSpec } from './load/read-spec.js';
import { sourceLabel } from './load/source-label.js';
import { buildModel } from './model/build-model.js';
import { checkNameLengths, checkOperationIds } from './model/check-names.js';
import type { ApiModel } from './model/types.js';
import { DEFAULT_SPEC, type ResolvedOptions } from './options.js';
import { EXIT_USAGE, fail, PodcastGenError, tooDeep, withLazyPlace, type Problem } from './problems.js';
import { stageTimer, type GenerateHooks, type GenerateResult, type StageTimer } from './run-result.js';
import { compareFiles, writeFiles } from './write/write-files.js';

// The library's loadAndLint() (index.ts) reaches the stages through this module, which the build bundles.
export { loadAndLint } from './load-and-lint.js';

/** Generates the chosen outputs from a document and writes them (or, with `check`, compares them). */
export async function runPipeline(resolved: ResolvedOptions, hooks: GenerateHooks): Promise<GenerateResult> {
  const stage = { name: 'load', file: resolved.spec };
  try {
    return await stages(resolved, hooks, stage);
  } catch (error) {
    throw tooDeep(error, stage.name, stage.file) ?? error;
  }
}

async function stages(resolved: ResolvedOptions, hooks: GenerateHooks, stage: { name: string; file: string }): Promise<GenerateResult> {
  const timer = stageTimer(hooks);
  // Choices are checked before the document is read: a typo in the config fails at once.
  const outputs = chooseRunOutputs(resolved);
  const { spec, config } = await load(resolved, timer);
  Object.assign(stage, { name: 'lint', file: spec.displayPath });
  const linted = await lint(spec, config, resolved, timer);
  stage.name = 'the model';
  const { model, problems: modelProblems } = modelOf(spec, resolved);
  timer('model', `${model.operations.length} operations`);
  const emitted = await emit(model, outputs, resolved, timer, stage);
  const files = [...emitted.files, manifestFile(model, emitted.files)].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
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
}

/** The run's plugins with their options; a config key that names no plugin is an error. */
function chooseRunOutputs(resolved: ResolvedOptions): ChosenOutputs & { options: Map<string, Record<string, unknown>> } {
  const registry = [...builtinPlugins, ...resolved.plugins];
  const chosen = chooseOutputs({ registry, always: [ALWAYS], ...(resolved.outputs ? { chosen: resolved.outputs } : {}) });
  const names = registry.map((p) => p.name);
  for (const key of Object.keys(resolved.outputOptions)) {
    if (!names.includes(key)) fail({ code: 'config/unknown-key', message: `unknown option "${key}"`, hint: `options are spec, out, templates, lintConfig, name, outputs, plugins, and each output's options under its name (${names.filter((n) => n !== ALWAYS).join(', ')})` }, EXIT_USAGE);
  }
  const options = new Map(chosen.plugins.map((plugin) => [plugin.name, pluginOptions(plugin, resolved.outputOptions[plugin.name])]));
  return { ...chosen, options };
}

function modelOf(spec: LoadedSpec, resolved: ResolvedOptions): { model: ApiModel; problems: Problem[] } {
  const outDir = resolve(resolved.cwd, resolved.out);
  const label = sourceLabel({ absoluteRef: spec.absoluteRef, outDir, packageSpecFolder: dirname(DEFAULT_SPEC) });
  // Before any name is made of them: a name too long for a file name would fail only when written.
  checkNameLengths(spec.document, spec.displayPath, spec.locate);
  checkOperationIds(spec.document, spec.displayPath, spec.locate);
  const built = buildModel(spec.document, { apiName: resolved.name, source: { path: spec.displayPath, label, hash: spec.hash } });
  return { model: built.model, problems: built.problems.map((p) => ({ ...p, file: p.file ?? spec.displayPath })) };
}

/** Every chosen plugin's files, in run order; what they report goes to `problems`. */
async function emit(model: ApiModel, outputs: ReturnType<typeof chooseRunOutputs>, resolved: ResolvedOptions, timer: StageTimer, stage: { name: string }): Promise<{ files: GeneratedFile[]; problems: Problem[] }> {
  const templates = loadTemplates(resolved.templates && resolve(resolved.cwd, resolved.templates));
  const problems: Problem[] = [];
  const files: GeneratedFile[] = [];
  const names = outputs.plugins.map((p) => p.name);
  const madeBy = new Map<string, string>();
  for (const plugin of outputs.plugins) {
    stage.name = `the ${plugin.name} output`;
    const context = { options: outputs.options.get(plugin.name) ?? {}, templates, outputs: names, report: (p: Problem) => void problems.push(p) };
    for (const file of await emitOf(plugin, model, context)) {
      if (typeof file?.path !== 'string' || typeof file.content !== 'string') {
        fail({ code: 'plugin/bad-file', message: `output "${plugin.name}" returned a file without a string \`path\` and \`content\`` });
      }
      const other = madeBy.get(file.path);
      if (other) fail({ code: 'plugin/same-file', message: `outputs "${other}" and "${plugin.name}" both make ${file.path}`, hint: 'give one of them another file name' });
      madeBy.set(file.path, plugin.name);
      flatText(file.content);
      files.push(file);
    }
    timer(`emit ${plugin.name}`);
  }
  return { files, problems };
}

/**
 * A plugin's files. A config's own plugin that throws fails the run with its message, naming it; a
 * built-in one that throws is a bug of podcast-gen's, reported as such by the CLI.
 */
async function emitOf(plugin: Plugin<object>, model: ApiModel, context: PluginContext<object>): Promise<readonly GeneratedFile[]> {
  try {
    const files = await plugin.emit(model, context);
    if (!Array.isArray(files)) fail({ code: 'plugin/bad-file', message: `output "${plugin.name}" returned no list of files`, hint: 'emit() returns [{ path, content }, ...]' });
    return files;
  } catch (error) {
    // V8's limit on one string (512 MB on 64-bit builds), met by a file or a JSON text an output makes.
    if (error instanceof RangeError && /Invalid string length/.test(error.message)) {
      fail({
        code: 'emit/too-large',
        message: `output "${plugin.name}" made a text larger than Node.js can hold as one string (about 512 MB)`,
        hint: plugin.name === 'mcp' ? 'lower mcp.maxSchemaBytes, or leave the mcp output out (--outputs)' : 'leave that output out (--outputs), or generate from a document with fewer operations',
      });
    }
    if (error instanceof PodcastGenError || error instanceof RangeError || builtinPlugins.includes(plugin)) throw error;
    fail({ code: 'plugin/failed', message: `output "${plugin.name}" failed: ${(error as Error)?.message ?? String(error)}`, hint: 'the error is in that plugin, not in the document' });
  }
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
