/**
 * The `operations: { include, exclude }` of a config and the `--include`/`--exclude` flags: checked
 * here (a list of selector strings each, every selector well formed), merged flag over config.
 */
import { parseSelector, type OperationSelection } from '../model/select-operations.js';
import { EXIT_USAGE, fail } from '../problems.js';

const SHAPE = 'operations: { include: ["tag:mail"], exclude: ["deprecated"] }';

/** A config's `operations`, checked; an unknown key, a non-list or a malformed selector is a usage error naming it. */
export function operationSelection(raw: unknown, where?: string): OperationSelection {
  const file = where ? { file: where } : {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    fail({ code: 'config/bad-value', ...file, message: 'config key "operations" must be an object', hint: SHAPE }, EXIT_USAGE);
  const selection: OperationSelection = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (key !== 'include' && key !== 'exclude')
      fail({ code: 'config/unknown-key', ...file, message: `unknown key "operations.${key}"`, hint: SHAPE }, EXIT_USAGE);
    if (!Array.isArray(value) || value.some((s) => typeof s !== 'string'))
      fail({ code: 'config/bad-value', ...file, message: `"operations.${key}" must be a list of selectors`, hint: `got ${JSON.stringify(value)}` }, EXIT_USAGE);
    for (const text of value as string[]) parseSelector(text);
    selection[key] = value as string[];
  }
  return selection;
}

/** The flags' selection over the config's: each of `--include` and `--exclude`, when given, replaces the config's list. */
export function mergeSelection(config: OperationSelection | undefined, args: Record<string, unknown>): OperationSelection | undefined {
  const merged: OperationSelection = { ...config };
  for (const key of ['include', 'exclude'] as const) {
    const value = args[key];
    if (Array.isArray(value) && value.length > 0) merged[key] = value.map(String);
  }
  return merged.include || merged.exclude ? merged : undefined;
}
