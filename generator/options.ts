import { resolve } from 'node:path';
import type { Plugin } from './emit/plugin.js';
import type { LintConfigOptions } from './lint/lint-config.js';
import { parseSelector, type OperationSelection } from './model/select-operations.js';
import { DEFAULT_SPEC } from './package-root.js';

export { DEFAULT_SPEC, PACKAGE_ROOT } from './package-root.js';

/**
 * Options of a run, for one API. Flags are the kebab-case form of these names; a config file sets
 * the same. Options of an output live under the output's name: `{ client: { ... } }`.
 */
export interface GenerateOptions {
  /** The OpenAPI 3.0 document: a path or an http(s) URL. Default: the podcast document shipped with podcast-gen. */
  spec?: string;
  /** Output folder (created when missing; podcast-gen owns the files it lists in `.podcast-gen.json`). Default: `generated`. */
  out?: string;
  /** A folder of templates overriding the built-in ones by file name. */
  templates?: string;
  /** A redocly config for lint. Default: `redocly.yaml` beside the document, else podcast-gen's generic rules. */
  lintConfig?: string;
  /**
   * Name of the API in generated identifiers: `podcast` gives `createPodcastClient`. Default: the
   * document's own: its `info.x-podcast-gen-name`, else a short name from its title
   * (`GitHub v3 REST API` gives `github`), else from its file name.
   */
  name?: string;
  /** The outputs to make (a needed one is added with a note). Default: every output. */
  outputs?: string[];
  /**
   * The operations to generate, for every output: `include` first (none: all), then `exclude`.
   * Selectors: `tag:NAME`, `path:GLOB` (`*` one segment, `**` any), `"GET /path"`, `op:OPERATION_ID`, `deprecated`.
   */
  operations?: OperationSelection;
  /** Your own outputs, made with `definePlugin`; choose them in `outputs` like the built-in ones. */
  plugins?: Plugin<object>[];
  /** Compare with the output folder instead of writing (CI's stale check). */
  check?: boolean;
  /** Working directory that relative paths are resolved against. Default: `process.cwd()`. */
  cwd?: string;
  /** What `podcast-gen diff` reads from the config: per-rule levels and the ignore file. */
  diff?: DiffConfig;
  /** An output's options, under its name: `{ mcp: { ... } }`. */
  [output: string]: unknown;
}

/** The `diff` key of a config: `{ levels: { 'operation-id-changed': 'warning' }, ignore: 'api/accepted-changes.yaml' }`. */
export interface DiffConfig {
  /** A level per rule code, over the rule's own: `breaking`, `warning` or `info`. */
  levels?: Record<string, 'breaking' | 'warning' | 'info'>;
  /** The ignore file (relative to the config file). Default: `.podcast-gen-ignore.yaml` in the working folder, when there is one. */
  ignore?: string;
}

/** A config file: the options of one API, or a list of them (one entry per API, each with its own `spec` and `out`). */
export type PodcastGenConfig = GenerateOptions | GenerateOptions[];

/** Every default in one place. `name` is the podcast document's own (its `x-podcast-gen-name`); another document names itself. */
export const DEFAULTS = {
  out: 'generated',
  name: 'podcast',
} as const;

/** The options every run has, with defaults applied (spec resolved to the shipped document when absent). */
export interface ResolvedOptions {
  spec: string;
  out: string;
  /** Absent: the document's own name (model/naming.ts `apiNameOf`). */
  name?: string;
  check: boolean;
  cwd: string;
  templates?: string;
  lintConfig?: string;
  outputs?: string[];
  /** The operations chosen; absent: every one. */
  operations?: OperationSelection;
  plugins: Plugin<object>[];
  /** Each output's options as the config set them, by output name. */
  outputOptions: Record<string, Record<string, unknown>>;
}

/** Keys of {@link GenerateOptions} that are not an output's options. */
export const RUN_KEYS: readonly string[] = ['spec', 'out', 'templates', 'lintConfig', 'name', 'outputs', 'operations', 'plugins', 'check', 'cwd', 'diff'];

export function resolveOptions(options: GenerateOptions): ResolvedOptions {
  const resolved: ResolvedOptions = {
    spec: options.spec ?? DEFAULT_SPEC,
    out: options.out ?? DEFAULTS.out,
    check: options.check ?? false,
    cwd: options.cwd ?? process.cwd(),
    plugins: options.plugins ?? [],
    outputOptions: {},
  };
  if (options.name) resolved.name = options.name;
  if (options.templates) resolved.templates = options.templates;
  if (options.lintConfig) resolved.lintConfig = options.lintConfig;
  if (options.outputs) resolved.outputs = options.outputs;
  if (options.operations) {
    // A misspelt selector fails before the document is read.
    for (const text of [...(options.operations.include ?? []), ...(options.operations.exclude ?? [])]) parseSelector(text);
    resolved.operations = options.operations;
  }
  for (const [key, value] of Object.entries(options)) {
    if (!RUN_KEYS.includes(key) && value !== undefined) resolved.outputOptions[key] = value as Record<string, unknown>;
  }
  return resolved;
}

/** Identity function that types a config file: `export default defineConfig({ ... })`, or a list of them. */
export function defineConfig<Config extends PodcastGenConfig>(config: Config): Config {
  return config;
}

/** Where the run's lint config is found: the file named, else a `redocly.yaml` beside the document. */
export function lintConfigOptions(resolved: ResolvedOptions): LintConfigOptions {
  // A URL names no folder a redocly.yaml could sit beside; a path is taken from the working folder.
  const specPath = /^https?:\/\//i.test(resolved.spec) ? resolved.spec : resolve(resolved.cwd, resolved.spec);
  return { ...(resolved.lintConfig ? { configPath: resolve(resolved.cwd, resolved.lintConfig) } : {}), specPath };
}
