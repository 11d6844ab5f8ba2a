import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's root folder. This module sits one level below it in every form the code runs in:
 * generator/options.ts, dist/options.js, and dist/pipeline.js (bin/build.js bundles the pipeline
 * there, this module included), so the other modules find shipped files from here, not from their
 * own place.
 */
export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The podcast document shipped with podcast-gen: what a bare `npx podcast-gen` generates from. */
export const DEFAULT_SPEC = join(PACKAGE_ROOT, 'spec', 'podcast.openapi.yaml');

/** Options of a run. Flags are the kebab-case form of these names; a config file sets the same. */
export interface GenerateOptions {
  /** The OpenAPI 3.0 document: a path or an http(s) URL. Default: the podcast document shipped with podcast-gen. */
  spec?: string;
  /** Output folder (created when missing; podcast-gen owns the files it lists in `.podcast-gen.json`). Default: `generated`. */
  out?: string;
  /** A folder of templates overriding the built-in ones by file name. */
  templates?: string;
  /** A redocly config for lint. Default: `redocly.yaml` beside the document, else podcast-gen's generic rules. */
  lintConfig?: string;
  /** Name of the API in generated identifiers: `podcast` gives `createPodcastClient`. Default: `podcast`. */
  name?: string;
  /** Compare with the output folder instead of writing (CI's stale check). */
  check?: boolean;
  /** Working directory that relative paths are resolved against. Default: `process.cwd()`. */
  cwd?: string;
}

/** Every default in one place. */
export const DEFAULTS = {
  out: 'generated',
  name: 'podcast',
} as const;

/** Options with defaults applied (spec resolved to the shipped document when absent). */
export interface ResolvedOptions extends Required<Pick<GenerateOptions, 'spec' | 'out' | 'name' | 'check' | 'cwd'>> {
  templates?: string;
  lintConfig?: string;
}

export function resolveOptions(options: GenerateOptions): ResolvedOptions {
  const resolved: ResolvedOptions = {
    spec: options.spec ?? DEFAULT_SPEC,
    out: options.out ?? DEFAULTS.out,
    name: options.name ?? DEFAULTS.name,
    check: options.check ?? false,
    cwd: options.cwd ?? process.cwd(),
  };
  if (options.templates) resolved.templates = options.templates;
  if (options.lintConfig) resolved.lintConfig = options.lintConfig;
  return resolved;
}

/** Identity function that types a config file: `export default defineConfig({ ... })`. */
export function defineConfig(config: GenerateOptions): GenerateOptions {
  return config;
}
