/**
 * Results an agent can hold: a tool's structured result is kept within a budget of JSON text. A
 * larger one loses items from the end of its largest list (never below the list's `minItems`), so
 * it stays valid against the tool's `outputSchema`, and says what was cut and how to get the rest:
 * the operation's own paging arguments for the next call, where it pages that list.
 */
import type { PagingSpec } from '../runtime.js';

/**
 * The budget of a tool result, in characters of JSON, unless the server or the tool says otherwise:
 * under the 50,000 characters past which Claude Code moves a tool result to a file, and well under
 * its 25,000-token limit. The result's text rendering repeats the same JSON.
 */
export const DEFAULT_RESULT_BUDGET = 40_000;

/**
 * How the operation pages, as a cut reads it: its pagination (the client's `PagingSpec`, from the
 * model's `pagination`) cut to the arguments a next call sets, and where the paged list is in the
 * tool's structured result.
 */
export interface Paging extends Pick<PagingSpec, 'style' | 'param' | 'sizeParam' | 'firstPage'> {
  /** The paged list's place in the structured result (`["data"]` where the payload is the list): a cut of another list is not got by paging. */
  list: readonly string[];
}

/** What a cut left out, as the result's `_meta` says it. */
export interface Cut {
  /** The budget, in characters of JSON. */
  budget: number;
  /** Where the list is in the structured result (`["data"]`). */
  path: (string | number)[];
  kept: number;
  total: number;
  /** Arguments of the call that gets the items cut, where the operation's paging allows it. */
  next?: Record<string, unknown>;
}

type Json = Record<string, unknown>;

/**
 * `value` within `budget` characters of JSON, cut at an item boundary of its largest lists (those
 * at the top or one level down), each kept at `minItems(path)` items at least. `cut` says what the
 * largest cut left out; `size` is the JSON length of what is returned (still over the budget when no
 * list could be cut enough), and `whole`, where a cut was made, that of `value`.
 */
export function fitToBudget(
  value: Json,
  budget: number,
  minItems: (path: readonly (string | number)[]) => number = () => 0,
): { value: Json; size: number; whole?: number; cut?: Omit<Cut, 'budget' | 'next'> } {
  const whole = JSON.stringify(value).length;
  let size = whole;
  if (size <= budget) return { value, size };
  let current = value;
  let cut: Omit<Cut, 'budget' | 'next'> | undefined;
  const tried = new Set<string>();
  for (;;) {
    const list = largestList(current, tried);
    if (!list) break;
    tried.add(JSON.stringify(list.path));
    const lengths = list.items.map((item) => (JSON.stringify(item) ?? 'null').length);
    const listSize = lengths.reduce((a, b) => a + b, 0) + Math.max(0, lengths.length - 1) + 2;
    const rest = size - listSize;
    const floor = Math.min(list.items.length, minItems(list.path));
    let kept = floor;
    let keptSize = 2 + lengths.slice(0, floor).reduce((a, b) => a + b, 0) + Math.max(0, floor - 1);
    while (kept < list.items.length && rest + keptSize + (kept > 0 ? 1 : 0) + (lengths[kept] as number) <= budget) {
      keptSize += (kept > 0 ? 1 : 0) + (lengths[kept] as number);
      kept++;
    }
    if (kept === list.items.length) continue;
    current = withList(current, list.path, list.items.slice(0, kept));
    size = rest + keptSize;
    if (!cut || list.items.length - kept > cut.total - cut.kept) cut = { path: list.path, kept, total: list.items.length };
    if (size <= budget) break;
  }
  return cut ? { value: current, size, whole, cut } : { value: current, size };
}

/** The largest list at the top of `value` or one level down, among those not yet tried. */
function largestList(value: Json, tried: ReadonlySet<string>): { path: string[]; items: unknown[] } | undefined {
  let best: { path: string[]; items: unknown[]; size: number } | undefined;
  const consider = (path: string[], items: unknown[]) => {
    if (tried.has(JSON.stringify(path)) || items.length === 0) return;
    const size = JSON.stringify(items).length;
    if (!best || size > best.size) best = { path, items, size };
  };
  for (const [key, child] of Object.entries(value)) {
    if (Array.isArray(child)) consider([key], child);
    else if (isRecord(child)) for (const [inner, grandchild] of Object.entries(child)) if (Array.isArray(grandchild)) consider([key, inner], grandchild);
  }
  return best;
}

function withList(value: Json, path: readonly string[], items: unknown[]): Json {
  const [head = '', ...rest] = path;
  return { ...value, [head]: rest.length === 0 ? items : withList(value[head] as Json, rest, items) };
}

/**
 * The arguments of the call that gets what a cut left out, from the operation's paging: the next
 * offset, or a page of the kept size that starts right after the kept items; undefined where the
 * operation pages by cursor, by address or not at all (a cursor cannot start in the middle of a
 * page), or the cut list is not the one it pages.
 */
export function nextCall(
  args: Json,
  paging: Paging | undefined,
  cut: { path: readonly (string | number)[]; kept: number; total: number },
): Record<string, unknown> | undefined {
  const pages = pagingOf(paging, cut);
  if (!pages?.param || cut.kept === 0) return undefined;
  const { param, sizeParam } = pages;
  if (pages.style === 'offset') {
    const offset = Number(args[param] ?? 0);
    return { ...args, [param]: offset + cut.kept, ...(sizeParam ? { [sizeParam]: cut.kept } : {}) };
  }
  if ((pages.style === 'page' || pages.style === 'link') && sizeParam) {
    const first = pages.firstPage ?? 1;
    const page = Number(args[param] ?? first);
    const perPage = Number(args[sizeParam] ?? cut.total);
    const start = (page - first) * perPage + cut.kept;
    // The largest page size no larger than what was kept at which the rest starts a page.
    let size = cut.kept;
    while (start % size !== 0) size--;
    return { ...args, [param]: start / size + first, [sizeParam]: size };
  }
  return undefined;
}

/**
 * The note an agent reads of a cut: how many items it got of how many, and how to get the rest (or
 * a smaller answer).
 */
export function cutNote(cut: Cut, options: { paging?: Paging | undefined; fields?: string | undefined }): string {
  const where = cut.path.join('.');
  const head = `This result was cut to fit ${cut.budget.toLocaleString('en-US')} characters: ${where} holds the first ${cut.kept} of ${cut.total} items.`;
  const paging = pagingOf(options.paging, cut);
  if (cut.next) {
    // The paging arguments it changes, and the fields it keeps asking for.
    const changed = [paging?.param, paging?.sizeParam, options.fields].filter((key): key is string => key !== undefined && Object.hasOwn(cut.next ?? {}, key));
    return `${head} To get the rest, call again with ${changed.map((key) => `${key}=${JSON.stringify(cut.next?.[key])}`).join(' and ')}.`;
  }
  const smaller = paging?.sizeParam;
  const ways = [smaller ? `ask for at most ${cut.kept} items with ${smaller}` : '', options.fields ? `ask for fewer fields with ${options.fields}` : ''].filter(
    Boolean,
  );
  return `${head}${ways.length > 0 ? ` To get the rest, ${ways.join(', or ')}.` : ' Narrow the request to get the rest.'}`;
}

/** The operation's paging where the cut list is the one it pages, else undefined. */
function pagingOf(paging: Paging | undefined, cut: { path: readonly (string | number)[] }): Paging | undefined {
  const same = paging !== undefined && paging.list.length === cut.path.length && paging.list.every((step, i) => step === cut.path[i]);
  return same ? paging : undefined;
}

/**
 * The `minItems` of each list of results answered under `outputSchema`, by its path (following
 * `properties` and local references into `$defs`); 0 where the schema sets none.
 */
export function minItemsOf(outputSchema: Json | undefined): (path: readonly (string | number)[]) => number {
  const defs = (outputSchema?.['$defs'] ?? {}) as Record<string, Json>;
  const resolve = (schema: Json | undefined): Json | undefined => {
    for (let depth = 0; depth < 16 && typeof schema?.['$ref'] === 'string'; depth++) {
      const ref = schema['$ref'] as string;
      schema = ref.startsWith('#/$defs/') ? defs[decodeURIComponent(ref.slice('#/$defs/'.length)).replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    }
    return schema;
  };
  return (path) => {
    let schema = resolve(outputSchema);
    for (const key of path) schema = resolve((schema?.['properties'] as Record<string, Json> | undefined)?.[String(key)]);
    const min = schema?.['minItems'];
    return typeof min === 'number' ? min : 0;
  };
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
