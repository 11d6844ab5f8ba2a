import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { BUILTIN_TEMPLATES_DIR, isTemplateFile } from '../emit/templates.js';
import type { Problem } from '../problems.js';

/** Templates that became copied files: what a user's file of the old name should become. */
const RENAMED: Readonly<Record<string, string>> = {
  'runtime.ts.hbs': 'runtime.ts is now copied as it is, not rendered: name your file runtime.ts and drop its {{banner}} line',
  'mock-server.ts.hbs':
    "the mock's server is now copied as it is, not rendered: start from podcast-gen's templates/mock/server.ts, as mock/server.ts of your templates folder",
  'mock-faults.ts.hbs':
    "the mock's faults are now copied as they are, not rendered: start from podcast-gen's templates/mock/faults.ts, as mock/faults.ts of your templates folder",
};

/**
 * Warnings for `--templates` files that replace no built-in template (a typo such as
 * `clinet.ts.hbs` would otherwise be ignored without a word). Partials (`_name.hbs`) are the
 * user's own additions and are not checked.
 */
export function checkTemplateOverrides(templatesDir: string | undefined, cwd: string): Problem[] {
  if (!templatesDir) return [];
  const dir = resolve(cwd, templatesDir);
  if (!existsSync(dir) || !existsSync(BUILTIN_TEMPLATES_DIR)) return [];
  const builtin = new Set(readdirSync(BUILTIN_TEMPLATES_DIR).filter(isTemplateFile));
  return readdirSync(dir)
    .filter((name) => isTemplateFile(name) && !name.startsWith('_') && !builtin.has(name))
    .sort()
    .map((name) => ({
      code: 'templates/no-such-builtin',
      severity: 'warn' as const,
      file: relative(cwd, join(dir, name)),
      message: `replaces no built-in template, so it is not used`,
      hint: RENAMED[name] ?? `the built-in templates are ${[...builtin].sort().join(', ')}`,
    }));
}
