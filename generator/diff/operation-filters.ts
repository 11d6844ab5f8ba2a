/**
 * The report's filters: `--match-path` and `--exclude-path` (regular expressions over the path as
 * written) and `--exclude-extension` (operations, or their path items, marked by an extension). They
 * leave operations out as the project's selection does (model/select-operations.ts): each side is
 * cut to the operations kept and the components they reach, so a change only the left-out operations
 * reach is no change of the report. An operation is left out on both sides when either side's leaves
 * it out, so that marking it is not read as removing it.
 */
import { getByPointer, pointerJoin } from '../json-pointer.js';
import type { OperationSelection } from '../model/select-operations.js';
import type { OperationModel } from '../model/types.js';
import { EXIT_USAGE, fail } from '../problems.js';
import { matchOperations } from './compare/operations.js';
import type { LoadedSide } from './load-side.js';

/** What `--match-path`, `--exclude-path` and `--exclude-extension` ask. */
export interface OperationFilters {
  /** Keep only operations whose path this regular expression matches. */
  matchPath?: string;
  /** Leave out operations whose path this regular expression matches. */
  excludePath?: string;
  /** Leave out operations marked by these extensions (`x-internal`): any value but `false` or `null`, on the operation or its path item. */
  excludeExtensions?: readonly string[];
}

/** True when the filters ask anything. */
export function isFiltering(filters: OperationFilters | undefined): boolean {
  return filters?.matchPath !== undefined || filters?.excludePath !== undefined || (filters?.excludeExtensions?.length ?? 0) > 0;
}

/** Refuses (exit 2) a regular expression that does not compile and an extension name without `x-`. */
export function checkFilters(filters: OperationFilters): { match?: RegExp; exclude?: RegExp; extensions: readonly string[] } {
  const compile = (flag: string, source: string | undefined) => {
    if (source === undefined) return undefined;
    try {
      return new RegExp(source, 'u');
    } catch (error) {
      return fail({ code: 'diff/bad-filter', message: `${flag} ${JSON.stringify(source)} is no regular expression: ${(error as Error).message}` }, EXIT_USAGE);
    }
  };
  const extensions = filters.excludeExtensions ?? [];
  for (const name of extensions)
    if (!name.startsWith('x-'))
      fail(
        {
          code: 'diff/bad-filter',
          message: `--exclude-extension ${JSON.stringify(name)} names no extension`,
          hint: 'extensions start with x-: --exclude-extension x-internal',
        },
        EXIT_USAGE,
      );
  const match = compile('--match-path', filters.matchPath);
  const exclude = compile('--exclude-path', filters.excludePath);
  return { ...(match ? { match } : {}), ...(exclude ? { exclude } : {}), extensions };
}

/**
 * The selection with the operations the filters leave out added to its `exclude` (as `op:` selectors
 * of each side's operationId), or undefined where they leave none out. Filters that leave no
 * operation on either side are bad usage (exit 2).
 */
export function filteredSelection(
  selection: OperationSelection | undefined,
  filters: OperationFilters,
  sides: { old: LoadedSide; new: LoadedSide },
): OperationSelection | undefined {
  const { match, exclude, extensions } = checkFilters(filters);
  const leftOut = (side: LoadedSide, op: OperationModel) => {
    if (match && !match.test(op.path)) return true;
    if (exclude?.test(op.path)) return true;
    const marked = (pointer: string) => {
      const node = getByPointer(side.spec.document, pointer) as Record<string, unknown> | undefined;
      return extensions.some((name) => node?.[name] !== undefined && node[name] !== false && node[name] !== null);
    };
    return marked(op.pointer) || marked(pointerJoin('#/paths', op.path));
  };
  const { pairs, removed, added } = matchOperations(sides.old.model.operations, sides.new.model.operations);
  const ids = new Set<string>();
  for (const pair of pairs) if (leftOut(sides.old, pair.old) || leftOut(sides.new, pair.new)) for (const op of [pair.old, pair.new]) ids.add(op.operationId);
  for (const op of removed) if (leftOut(sides.old, op)) ids.add(op.operationId);
  for (const op of added) if (leftOut(sides.new, op)) ids.add(op.operationId);
  if (ids.size === 0) return undefined;
  const all = sides.old.model.operations.length + sides.new.model.operations.length;
  const kept = all - [...sides.old.model.operations, ...sides.new.model.operations].filter((op) => ids.has(op.operationId)).length;
  if (kept === 0)
    fail(
      {
        code: 'diff/nothing-left',
        message: 'the filters leave no operation of either document',
        hint: 'check --match-path, --exclude-path and --exclude-extension',
      },
      EXIT_USAGE,
    );
  return { ...selection, exclude: [...(selection?.exclude ?? []), ...[...ids].sort().map((id) => `op:${id}`)] };
}
