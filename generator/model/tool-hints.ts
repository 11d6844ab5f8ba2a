/**
 * The MCP hints of an operation's tool, from what the operation does: its HTTP method, and the words
 * of its operationId, summary and path that name an act a host should ask a person about (delete,
 * revoke, transfer, ...). The document's `x-tool-hints` overrides any of them. Pure.
 */
import { fail } from '../problems.js';
import { IDEMPOTENT_METHODS, isSafeMethod } from './method-semantics.js';
import { words } from './naming.js';
import type { HttpMethod, OperationModel } from './types.js';

/**
 * Words of an act that destroys or gives away what was there: a tool that does one is destructive
 * whatever its method (`POST /credentials/revoke`, `POST /repos/{owner}/{repo}/transfer`).
 */
export const DESTRUCTIVE_WORDS = [
  'delete',
  'remove',
  'destroy',
  'revoke',
  'cancel',
  'transfer',
  'merge',
  'reset',
  'purge',
  'erase',
  'wipe',
  'terminate',
  'uninstall',
];

/**
 * Of those, the acts that a second call leaves as the first did (what is deleted stays deleted): a
 * tool that does one is idempotent whatever its method. `reset` is not (a token reset twice gives two
 * tokens), nor are `transfer` and `merge` (a second call fails or does more).
 */
export const IDEMPOTENT_WORDS = ['delete', 'remove', 'destroy', 'revoke', 'cancel', 'purge', 'erase', 'wipe', 'uninstall'];

/** The extension that overrides the hints, with MCP's names: `x-tool-hints: { destructiveHint: false }`. */
export const HINTS_EXTENSION = 'x-tool-hints';

const HINT_NAMES = { readOnlyHint: 'readOnly', destructiveHint: 'destructive', idempotentHint: 'idempotent', openWorldHint: 'openWorld' } as const;

/** What decides the hints of an operation. */
export interface HintSource {
  method: HttpMethod;
  /** True for a key of 3.2's `additionalOperations`: none of a fixed method's semantics. */
  additional: boolean;
  operationId: string;
  summary?: string | undefined;
  path: string;
  /** The operation's `x-tool-hints`, as written. */
  extension: unknown;
  /** JSON pointer of the operation, for a problem with the extension. */
  pointer: string;
}

/**
 * The tool's hints: read-only from a safe method; destructive from DELETE, PUT (it replaces), PATCH
 * (it overwrites: MCP's destructiveHint is false only for additive updates) or a destructive word;
 * idempotent from an idempotent method or an idempotent word. Then `x-tool-hints` over them; a
 * malformed one stops the run, saying where and how to write it.
 */
export function toolHints(source: HintSource): OperationModel['annotations'] {
  const known = !source.additional;
  const texts = [source.operationId, source.summary ?? '', ...source.path.split('/').filter((segment) => !segment.startsWith('{'))];
  // Most operations name no such act: their words are split and stemmed only where one may be said.
  const said = mayNameAnAct(texts) ? new Set(texts.flatMap((text) => words(text).map(stem))) : new Set<string>();
  const saysOneOf = (list: readonly string[]) => list.some((word) => said.has(word));
  const derived = {
    readOnly: isSafeMethod(source.method, known),
    destructive: (known && (source.method === 'delete' || source.method === 'put' || source.method === 'patch')) || saysOneOf(DESTRUCTIVE_WORDS),
    idempotent: (known && IDEMPOTENT_METHODS.has(source.method)) || saysOneOf(IDEMPOTENT_WORDS),
    openWorld: true,
  };
  return { ...derived, ...overrides(source) };
}

/**
 * Each list word as every form {@link stem} reads as it begins (`delet` for `deletion`, `cancel` for
 * `cancelled`): a text holding none of them names no act of the lists.
 */
const ACT_ROOTS = [...new Set([...DESTRUCTIVE_WORDS, ...IDEMPOTENT_WORDS])].map((word) => word.replace(/e$/, ''));

/** Whether any of `texts`, read as {@link words} reads them (accents dropped) and lower-cased, holds an act's root. */
function mayNameAnAct(texts: readonly string[]): boolean {
  const lower = texts
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return ACT_ROOTS.some((root) => lower.includes(root));
}

/** A word as the lists write it, where it is one of them: `deletes`, `deleted`, `Deletion` are `delete`; `resetting` and `cancelled` too. */
export function stem(word: string): string {
  const lower = word.toLowerCase();
  for (const suffix of ['ations', 'ation', 'ions', 'ion', 'ing', 'ed', 'es', 's']) {
    if (lower.length <= suffix.length + 2 || !lower.endsWith(suffix)) continue;
    // A doubled final consonant (resetting, cancelled) is one, unless the word ends in it (uninstalled).
    const base = lower.slice(0, -suffix.length);
    const single = base.replace(/([b-df-hj-np-tv-z])\1$/, '$1');
    for (const candidate of [base, single, `${single}e`]) if (DESTRUCTIVE_WORDS.includes(candidate)) return candidate;
  }
  return lower;
}

/** The hints `x-tool-hints` sets, by model name; fails on anything else in it. */
function overrides(source: HintSource): Partial<OperationModel['annotations']> {
  const value = source.extension;
  if (value === undefined) return {};
  const problem = (message: string): never =>
    fail({
      code: 'model/tool-hints',
      pointer: `${source.pointer}/${HINTS_EXTENSION}`,
      message,
      hint: `write ${HINTS_EXTENSION}: { destructiveHint: false, idempotentHint: true } with any of ${Object.keys(HINT_NAMES).join(', ')}`,
    });
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return problem(`${HINTS_EXTENSION} of ${source.operationId} must be an object of booleans`);
  const set: Partial<OperationModel['annotations']> = {};
  for (const [key, hint] of Object.entries(value)) {
    const name = Object.hasOwn(HINT_NAMES, key) ? HINT_NAMES[key as keyof typeof HINT_NAMES] : undefined;
    if (name === undefined) problem(`${HINTS_EXTENSION} of ${source.operationId} names ${JSON.stringify(key)}, which is no MCP tool hint`);
    else if (typeof hint !== 'boolean') problem(`${HINTS_EXTENSION}.${key} of ${source.operationId} must be true or false, not ${JSON.stringify(hint)}`);
    else set[name] = hint;
  }
  return set;
}
