/**
 * Config files: `podcast-gen.config.{ts,mts,cts,mjs,js,cjs,json}` in the working folder, or a
 * `"podcast-gen"` key in its package.json, or the file `--config` names. A config is the options of
 * one API, or a list of them (one entry per API). Flags win over the config, the config over the
 * defaults (`generator/options.ts`). An unknown key is an error naming it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { CodeImportError } from '../code-import/code-import-error.js';
import { CHANGE_LEVELS } from '../diff/change.js';
import type { DiffConfig, GenerateOptions } from '../options.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { EXIT_USAGE, fail } from '../problems.js';
import { operationSelection } from './operation-selection.js';

/** The options a config file may set (the flags of the same name, camel-cased), beside each output's options under its name. */
export const CONFIG_KEYS = ['spec', 'out', 'templates', 'lintConfig', 'name', 'outputs', 'operations', 'plugins', 'diff'] as const;
/** The options whose value is a string. */
const STRING_KEYS = new Set<string>(['spec', 'out', 'templates', 'lintConfig', 'name']);
/** Options that are paths, resolved against the config file's folder. */
const PATH_KEYS = new Set<string>(['spec', 'out', 'templates', 'lintConfig']);

/** A config as found: its entries' options (paths made absolute; one entry when the config is not a list) and where it came from. */
export interface LoadedConfig {
  entries: GenerateOptions[];
  /** The file it came from (`package.json` for the key), relative to cwd; undefined when none. */
  file?: string;
}

/** Config file names looked for in the working folder, in this order (the first found is used). */
export const CONFIG_FILES = ['ts', 'mts', 'cts', 'mjs', 'js', 'cjs', 'json'].map((extension) => `podcast-gen.config.${extension}`);

/** Finds and loads the config: the `--config` file, else the first config file in cwd, else package.json's key. */
export async function loadConfig(cwd: string, explicit?: string): Promise<LoadedConfig> {
  const file = explicit ? resolve(cwd, explicit) : CONFIG_FILES.map((name) => join(cwd, name)).find((path) => existsSync(path));
  if (explicit && !existsSync(file!)) {
    fail({ code: 'config/missing', file: explicit, message: 'no such config file', hint: 'check the path given to --config' }, EXIT_USAGE);
  }
  if (file) return { entries: validateConfigEntries(await readConfigFile(file, cwd), file, cwd), file: relative(cwd, file) };
  const pkg = join(cwd, 'package.json');
  if (existsSync(pkg)) {
    const value = (parseJson(pkg, cwd) as Record<string, unknown> | null)?.['podcast-gen'];
    if (value !== undefined) return { entries: validateConfigEntries(value, pkg, cwd, '"podcast-gen" in package.json'), file: 'package.json' };
  }
  return { entries: [{}] };
}

async function readConfigFile(file: string, cwd: string): Promise<unknown> {
  if (basename(file) === 'package.json') return (parseJson(file, cwd) as Record<string, unknown> | null)?.['podcast-gen'] ?? {};
  if (file.endsWith('.json')) return parseJson(file, cwd);
  const module = await importConfigModule(file, cwd);
  if (!('default' in module)) {
    fail(
      {
        code: 'config/no-default',
        file: relative(cwd, file),
        message: 'the config module has no default export',
        hint: 'write `export default defineConfig({ ... })`',
      },
      EXIT_USAGE,
    );
  }
  return module.default;
}

/**
 * The config module, TypeScript or JavaScript, through the one loader of code (code-import/): its
 * relative imports bundled, its packages (`podcast-gen`) from the project or else podcast-gen's own.
 */
async function importConfigModule(file: string, cwd: string): Promise<Record<string, unknown>> {
  try {
    // Loaded here: esbuild's API is not worth loading for a JSON config or none.
    const { importCode } = await import('../code-import/import-code.js');
    const [module] = await importCode({ entries: [file], resolveFrom: [dirname(file), PACKAGE_ROOT], projectTsconfig: true, hint: 'fix the config file' });
    return unwrapDefault(module ?? {});
  } catch (error) {
    if (!(error instanceof CodeImportError)) throw error;
    const place = error.line === undefined ? {} : { line: error.line, ...(error.column === undefined ? {} : { col: error.column }) };
    fail(
      { code: 'config/import', file: relative(cwd, error.file ?? file), ...place, message: `cannot load the config: ${error.reason}`, hint: error.hint },
      EXIT_USAGE,
    );
  }
}

/** CommonJS interop (a `.cts` file compiled from `export default`) may wrap the exports once more under `default`; take the real ones. */
function unwrapDefault(module: Record<string, unknown>): Record<string, unknown> {
  const inner = module.default as Record<string, unknown> | undefined;
  if (inner && typeof inner === 'object' && 'default' in inner && Object.keys(module).every((k) => k === 'default' || k in inner)) return inner;
  return module;
}

function parseJson(file: string, cwd: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail({ code: 'config/parse', file: relative(cwd, file), message: `not valid JSON: ${(error as Error).message}`, hint: 'fix the config file' }, EXIT_USAGE);
  }
}

/** A config's entries: the list's, or the one object's. An entry of a list names its own `out`, so two APIs never share a folder. */
export function validateConfigEntries(value: unknown, file: string, cwd: string, where = relative(cwd, file)): GenerateOptions[] {
  if (!Array.isArray(value)) return [validateConfig(value, file, cwd, where)];
  if (value.length === 0)
    fail({ code: 'config/empty', file: where, message: 'the config is an empty list', hint: 'give one entry per API: [{ spec, out }, ...]' }, EXIT_USAGE);
  const entries = value.map((entry, i) => validateConfig(entry, file, cwd, `${where} (entry ${i + 1})`));
  if (entries.length > 1) {
    const outs = new Map<string, number>();
    entries.forEach((entry, i) => {
      if (!entry.out)
        fail(
          {
            code: 'config/missing-out',
            file: where,
            message: `entry ${i + 1} of ${entries.length} sets no "out"`,
            hint: 'each API of a list needs its own output folder',
          },
          EXIT_USAGE,
        );
      const other = outs.get(entry.out);
      if (other !== undefined)
        fail(
          {
            code: 'config/same-out',
            file: where,
            message: `entries ${other + 1} and ${i + 1} both write to ${relative(cwd, entry.out) || '.'}`,
            hint: 'give each API its own "out"',
          },
          EXIT_USAGE,
        );
      outs.set(entry.out, i);
    });
  }
  return entries;
}

/**
 * Checks every key and value of one entry and makes its paths absolute (against the file's folder).
 * A key that is not an option is an output's options (an object), checked against the outputs
 * when the run knows them all, the config's own plugins included.
 */
export function validateConfig(value: unknown, file: string, cwd: string, where = relative(cwd, file)): GenerateOptions {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    fail(
      {
        code: 'config/not-an-object',
        file: where,
        message: 'the config must be an object of options, or a list of them',
        hint: `known keys: ${CONFIG_KEYS.join(', ')}`,
      },
      EXIT_USAGE,
    );
  }
  const options: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value)) {
    if (raw === undefined) continue;
    if (!(CONFIG_KEYS as readonly string[]).includes(key)) {
      if (raw && typeof raw === 'object' && !Array.isArray(raw) && /^[a-z][a-z0-9-]*$/.test(key)) {
        options[key] = raw;
        continue;
      }
      const camel = key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      const hint = (CONFIG_KEYS as readonly string[]).includes(camel)
        ? `did you mean "${camel}"?`
        : `known keys: ${CONFIG_KEYS.join(', ')}, and an output's name for its options`;
      fail({ code: 'config/unknown-key', file: where, message: `unknown config key "${key}"`, hint }, EXIT_USAGE);
    }
    if (key === 'outputs') {
      options[key] = outputList(raw, where);
      continue;
    }
    if (key === 'operations') {
      options[key] = operationSelection(raw, where);
      continue;
    }
    if (key === 'plugins') {
      if (!Array.isArray(raw))
        fail(
          { code: 'config/bad-value', file: where, message: 'config key "plugins" must be a list of plugins', hint: 'plugins: [definePlugin({ name, emit })]' },
          EXIT_USAGE,
        );
      options[key] = raw;
      continue;
    }
    if (key === 'diff') {
      options[key] = diffConfig(raw, file, where);
      continue;
    }
    if (STRING_KEYS.has(key) && (typeof raw !== 'string' || raw === '')) {
      fail(
        { code: 'config/bad-value', file: where, message: `config key "${key}" must be a non-empty string`, hint: `got ${JSON.stringify(raw)}` },
        EXIT_USAGE,
      );
    }
    options[key] = PATH_KEYS.has(key) ? resolvePath(dirname(file), raw as string) : raw;
  }
  return options as GenerateOptions;
}

/** `diff`: `{ levels?: { rule: level }, ignore?: path }`, the ignore file's path made absolute against the config's folder. */
function diffConfig(raw: unknown, file: string, where: string): DiffConfig {
  const bad = (message: string): never =>
    fail(
      { code: 'config/bad-value', file: where, message, hint: "diff: { levels: { 'operation-id-changed': 'warning' }, ignore: 'accepted-changes.yaml' }" },
      EXIT_USAGE,
    );
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) bad('config key "diff" must be an object');
  const diff: DiffConfig = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (key === 'ignore') {
      if (typeof value !== 'string' || value === '') bad('"diff.ignore" must be the path of the ignore file');
      diff.ignore = resolvePath(dirname(file), value as string);
    } else if (key === 'levels') {
      if (!value || typeof value !== 'object' || Array.isArray(value)) bad('"diff.levels" must map rule codes to levels');
      for (const [rule, level] of Object.entries(value as Record<string, unknown>)) {
        if (typeof level !== 'string' || !(CHANGE_LEVELS as readonly string[]).includes(level))
          bad(`"diff.levels" sets ${rule} to ${JSON.stringify(level)}: use ${CHANGE_LEVELS.join(', ')}`);
      }
      diff.levels = value as DiffConfig['levels'] & object;
    } else bad(`unknown key "diff.${key}" (known: levels, ignore)`);
  }
  return diff;
}

/** `outputs`: a list of output names (the CLI's `--outputs a,b` gives the same list). */
export function outputList(raw: unknown, where?: string): string[] {
  const names = typeof raw === 'string' ? raw.split(',') : raw;
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string' || name.trim() === '')) {
    fail(
      { code: 'config/bad-value', ...(where ? { file: where } : {}), message: '"outputs" must be a list of output names', hint: `got ${JSON.stringify(raw)}` },
      EXIT_USAGE,
    );
  }
  return [...new Set((names as string[]).map((name) => name.trim()))];
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
