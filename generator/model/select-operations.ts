/**
 * Which operations a run keeps: selectors (`tag:NAME`, `path:GLOB`, `"GET /path"`, `op:ID`,
 * `deprecated`) parsed and matched here, for generation (`--include`/`--exclude`) and for every
 * command that reuses the same words. Pure: no document, only the operations' plain facts.
 */
import { EXIT_USAGE, fail, PodcastGenError, type Problem } from '../problems.js';

/** One selector as written, parsed. */
export type Selector = { text: string } & (
  | { kind: 'tag'; tag: string }
  | { kind: 'path'; glob: string; pattern: RegExp }
  | { kind: 'route'; method: string; path: string }
  | { kind: 'operation-id'; operationId: string }
  | { kind: 'deprecated' }
);

/** What a selector looks at; the model's `OperationModel` has all of it. */
export interface SelectableOperation {
  method: string;
  path: string;
  operationId?: string | undefined;
  tags?: readonly string[] | undefined;
  deprecated?: boolean | undefined;
}

/** The selection a run is asked for: include first (none: every operation), then exclude. */
export interface OperationSelection {
  include?: readonly string[] | undefined;
  exclude?: readonly string[] | undefined;
}

/** The selectors' grammar, for messages. */
export const SELECTOR_FORMS = 'tag:NAME, path:GLOB, "METHOD /path", op:OPERATION_ID or deprecated';

/** Parses one selector; a text in none of the forms is a usage error (exit 2) naming it. */
export function parseSelector(text: string): Selector {
  const trimmed = text.trim();
  const prefixed = /^(tag|path|op):(.*)$/s.exec(trimmed);
  if (prefixed) {
    const [, prefix, value = ''] = prefixed;
    if (value.trim() === '') badSelector(text, `"${prefix}:" needs a value`);
    if (prefix === 'tag') return { text, kind: 'tag', tag: value };
    if (prefix === 'op') return { text, kind: 'operation-id', operationId: value.trim() };
    const glob = value.trim();
    if (!glob.startsWith('/')) badSelector(text, 'a path glob starts with "/": path:/repos/**');
    return { text, kind: 'path', glob, pattern: globPattern(glob) };
  }
  if (trimmed.toLowerCase() === 'deprecated') return { text, kind: 'deprecated' };
  const route = /^([A-Za-z][A-Za-z0-9_-]*)\s+(\/\S*)$/.exec(trimmed);
  if (route) return { text, kind: 'route', method: (route[1] as string).toLowerCase(), path: route[2] as string };
  return badSelector(text, `selectors are ${SELECTOR_FORMS}`);
}

function badSelector(text: string, hint: string): never {
  return fail({ code: 'select/bad-selector', message: `not a selector: ${JSON.stringify(text)}`, hint }, EXIT_USAGE);
}

/**
 * A path glob as a regular expression over the whole path: `*` is any text within one segment,
 * `**` as a whole segment is any number of segments (none included), every other character itself.
 */
export function globPattern(glob: string): RegExp {
  const segments = glob.split('/').slice(1);
  let source = '';
  for (const segment of segments) {
    if (segment === '**') {
      source += '(?:/[^/]*)*';
      continue;
    }
    source += `/${segment
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}`;
  }
  return new RegExp(`^${source || '/'}$`);
}

/** True when the operation is one the selector names. */
export function matchesSelector(selector: Selector, operation: SelectableOperation): boolean {
  switch (selector.kind) {
    case 'tag':
      return (operation.tags ?? []).includes(selector.tag);
    case 'path':
      return selector.pattern.test(operation.path);
    case 'route':
      return operation.method.toLowerCase() === selector.method && samePath(operation.path, selector.path);
    case 'operation-id':
      return operation.operationId === selector.operationId;
    case 'deprecated':
      return operation.deprecated === true;
  }
}

/** Paths are the same as written, or up to their parameters' names (`{owner}` and `{org}`). */
function samePath(a: string, b: string): boolean {
  const shape = (path: string) => path.replace(/\{[^}]*\}/g, '{}');
  return a === b || shape(a) === shape(b);
}

/** The outcome of a selection: the operations kept, in their order, and the selectors that named no operation. */
export interface SelectedOperations<T> {
  chosen: T[];
  /** Selectors (as written) that match no operation at all, include and exclude alike. */
  unmatched: string[];
}

/** Applies a selection: the operations any include names (every one when none is given), less those any exclude names. */
export function selectOperations<T extends SelectableOperation>(operations: readonly T[], selection: OperationSelection): SelectedOperations<T> {
  const include = (selection.include ?? []).map(parseSelector);
  const exclude = (selection.exclude ?? []).map(parseSelector);
  const matchesAny = (selectors: readonly Selector[], op: T) => selectors.some((s) => matchesSelector(s, op));
  const chosen = operations.filter((op) => (include.length === 0 || matchesAny(include, op)) && !matchesAny(exclude, op));
  const unmatched = [...include, ...exclude].filter((s) => !operations.some((op) => matchesSelector(s, op))).map((s) => s.text);
  return { chosen, unmatched };
}

/** True when the selection names any selector (an empty one keeps every operation without looking). */
export function isSelecting(selection: OperationSelection | undefined): boolean {
  return (selection?.include?.length ?? 0) + (selection?.exclude?.length ?? 0) > 0;
}

/**
 * A selection as a run uses it: the chosen operations and a warning naming the selectors that name
 * no operation. A selection that leaves no operation is a usage error (exit 2) naming its selectors.
 */
export function chooseOperations<T extends SelectableOperation>(operations: readonly T[], selection: OperationSelection): { chosen: T[]; problems: Problem[] } {
  const { chosen, unmatched } = selectOperations(operations, selection);
  // One warning names them all (a repeated warning would print once, as lint's do).
  const problems: Problem[] =
    unmatched.length === 0
      ? []
      : [
          {
            code: 'select/no-match',
            severity: 'warn',
            message: `${unmatched.length === 1 ? 'selector' : 'selectors'} ${unmatched.map((text) => JSON.stringify(text)).join(', ')} ${unmatched.length === 1 ? 'matches' : 'match'} no operation`,
            hint: 'check the spelling against the document: tags, paths and operationIds are matched as written',
          },
        ];
  if (chosen.length === 0 && operations.length > 0) {
    const named = [
      ...(selection.include ?? []).map((s) => `--include ${JSON.stringify(s)}`),
      ...(selection.exclude ?? []).map((s) => `--exclude ${JSON.stringify(s)}`),
    ];
    const error: Problem = {
      code: 'select/nothing-left',
      severity: 'error',
      message: `the selection leaves no operation: ${named.join(' ')}`,
      hint: `selectors are ${SELECTOR_FORMS}`,
    };
    throw new PodcastGenError([...problems, error], EXIT_USAGE);
  }
  return { chosen, problems };
}
