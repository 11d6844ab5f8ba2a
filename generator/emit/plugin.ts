/**
 * The one shape of every output, built-in or a user's: a name, the outputs it needs, its options'
 * defaults, and a function from the model to files. A plugin reads the model (never the raw
 * document) and shared helpers; it never imports another plugin.
 */
import type { ApiModel } from '../model/types.js';
import type { Problem } from '../problems.js';
import type { Templates } from './templates.js';

/** A file a plugin produces: a path relative to the output folder and its whole text. */
export interface GeneratedFile {
  path: string;
  content: string;
}

/** What a plugin's `emit` receives beside the model. */
export interface PluginContext<Options extends object = Record<string, unknown>> {
  /** The plugin's options: its defaults, overridden by the config's entry under the plugin's name. */
  options: Options;
  /** The run's templates (built-in, or the user's of the same file name): `render(name, data)`. */
  templates: Templates;
  /** Reports what the output cannot express exactly (a warning naming the place); the run goes on. */
  report(problem: Problem): void;
  /** The names of the outputs this run makes, needed ones included, in run order. */
  outputs: readonly string[];
}

/** An output of podcast-gen. */
export interface Plugin<Options extends object = Record<string, unknown>> {
  /** The name users choose it by (`--outputs client,zod`) and its options' key in the config. */
  name: string;
  /** Outputs whose files this one's import: a run that chooses this one makes them too. */
  needs?: readonly string[];
  /** Its options' defaults; the config may set only these keys, each with a value of the same type. */
  options?: Options;
  /**
   * Made only when chosen (`outputs`, or needed by a chosen one), not by a run that chooses none:
   * an output whose code imports packages a project may not have (`@tanstack/react-query`, `msw`).
   */
  optIn?: boolean;
  /**
   * `document`: `emit` reads only the model's `document` and `source`, so a side thread may make it
   * from the document alone, without a model of its own (model/build-model.ts `buildDocumentModel`).
   */
  reads?: 'document';
  /** The plugin's files, from the model alone. */
  emit(model: ApiModel, context: PluginContext<Options>): GeneratedFile[] | Promise<GeneratedFile[]>;
}

/** Identity function that types a plugin: `export default definePlugin({ name, emit(model) { ... } })`. */
export function definePlugin<Options extends object = Record<string, unknown>>(plugin: Plugin<Options>): Plugin<Options> {
  return plugin;
}
