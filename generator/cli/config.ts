/**
 * Config files: `podcast-gen.config.{ts,mts,mjs,js,json}` in the working folder, or a
 * `"podcast-gen"` key in its package.json, or the file `--config` names. Flags win over the config,
 * the config over the defaults (`generator/options.ts`). An unknown key is an error naming it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { GenerateOptions } from '../options.js';
import { EXIT_USAGE, fail } from '../problems.js';
import { importModule } from './import-module.js';

/** The options a config file may set (the flags of the same name, camel-cased). */
export const CONFIG_KEYS = ['spec', 'out', 'templates', 'lintConfig', 'name'] as const;
/** Options that are paths, resolved against the config file's folder. */
const PATH_KEYS = new Set<string>(['spec', 'out', 'templates', 'lintConfig']);

/** A config as found: its options (paths made absolute) and where it came from. */
export interface LoadedConfig {
  options: GenerateOptions;
  /** The file it came from (`package.json` for the key), relative to cwd; undefined when none. */
  file?: string;
}

/** Config file names looked for in the working folder, in this order (the first found is used). */
export const CONFIG_FILES = ['podcast-gen.config.ts', 'podcast-gen.config.mts', 'podcast-gen.config.mjs', 'podcast-gen.config.js', 'podcast-gen.config.json'];

/** Finds and loads the config: the `--config` file, else the first config file in cwd, else package.json's key. */
export async function loadConfig(cwd: string, explicit?: string): Promise<LoadedConfig> {
  const file = explicit ? resolve(cwd, explicit) : CONFIG_FILES.map((name) => join(cwd, name)).find((path) => existsSync(path));
  if (explicit && !existsSync(file!)) {
    fail({ code: 'config/missing', file: explicit, message: 'no such config file', hint: 'check the path given to --config' }, EXIT_USAGE);
  }
  if (file) return { options: validateConfig(await readConfigFile(file, cwd), file, cwd), file: relative(cwd, file) };
  const pkg = join(cwd, 'package.json');
  if (existsSync(pkg)) {
    const value = (parseJson(pkg, cwd) as Record<string, unknown> | null)?.['podcast-gen'];
    if (value !== undefined) return { options: validateConfig(value, pkg, cwd, '"podcast-gen" in package.json'), file: 'package.json' };
  }
  return { options: {} };
}

async function readConfigFile(file: string, cwd: string): Promise<unknown> {
  if (basename(file) === 'package.json') return (parseJson(file, cwd) as Record<string, unknown> | null)?.['podcast-gen'] ?? {};
  if (file.endsWith('.json')) return parseJson(file, cwd);
  const module = await importModule(file, cwd);
  if (!('default' in module)) {
    fail({ code: 'config/no-default', file: relative(cwd, file), message: 'the config module has no default export', hint: 'write `export default defineConfig({ ... })`' }, EXIT_USAGE);
  }
  return module.default;
}

function parseJson(file: string, cwd: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail({ code: 'config/parse', file: relative(cwd, file), message: `not valid JSON: ${(error as Error).message}`, hint: 'fix the config file' }, EXIT_USAGE);
  }
}

/** Checks every key and value of a config and makes its paths absolute (against the file's folder). */
export function validateConfig(value: unknown, file: string, cwd: string, where = relative(cwd, file)): GenerateOptions {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    fail({ code: 'config/not-an-object', file: where, message: 'the config must be an object of options', hint: `known keys: ${CONFIG_KEYS.join(', ')}` }, EXIT_USAGE);
  }
  const options: Record<string, string> = {};
  for (const [key, raw] of Object.entries(value)) {
    if (!(CONFIG_KEYS as readonly string[]).includes(key)) {
      const camel = key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      const hint = (CONFIG_KEYS as readonly string[]).includes(camel) ? `did you mean "${camel}"?` : `known keys: ${CONFIG_KEYS.join(', ')}`;
      fail({ code: 'config/unknown-key', file: where, message: `unknown config key "${key}"`, hint }, EXIT_USAGE);
    }
    if (raw === undefined) continue;
    if (typeof raw !== 'string' || raw === '') {
      fail({ code: 'config/bad-value', file: where, message: `config key "${key}" must be a non-empty string`, hint: `got ${JSON.stringify(raw)}` }, EXIT_USAGE);
    }
    options[key] = PATH_KEYS.has(key) ? resolvePath(dirname(file), raw) : raw;
  }
  return options as GenerateOptions;
}

function resolvePath(base: string, path: string): string {
  if (/^https?:\/\//i.test(path) || isAbsolute(path)) return path;
  return resolve(base, path);
}

/** Flags over config over defaults: keeps only what each layer actually sets. */
export function mergeOptions(config: GenerateOptions, flags: GenerateOptions): GenerateOptions {
  const merged: Record<string, unknown> = { ...config };
  for (const [key, value] of Object.entries(flags)) if (value !== undefined) merged[key] = value;
  return merged as GenerateOptions;
}
