/**
 * The ignore file (`.podcast-gen-ignore.yaml`): changes a team accepted, each named by its stable id
 * (or, the first form, by its rule and its operation or place), with the reason and an optional
 * expiry date. An entry past its date is an error, so an exception is looked at again rather than
 * kept for ever.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { locatePointer, parseYaml, Source } from '../pipeline.js';
import { EXIT_USAGE, fail, type Problem } from '../problems.js';
import type { Change, ChangeOperation } from './change.js';
import type { IgnoredChange } from './outcome.js';

/** The ignore file looked for in the working folder when neither `--ignore` nor the config names one. */
export const IGNORE_FILE = '.podcast-gen-ignore.yaml';

/**
 * One entry: the change's id (its rule too, where given, is checked against it), or the rule and the
 * operation (operationId or `METHOD /path`) or place (a JSON pointer); why, and until when.
 */
export interface IgnoreEntry {
  /** The change's stable id (`3f9a2c1b7e4d`), as every format prints it. */
  id?: string;
  rule?: string;
  operation?: string;
  place?: string;
  reason: string;
  /** `YYYY-MM-DD`: the last day the entry holds. */
  expires?: string;
  /** Where the entry is written: the file as the user names it, and its line. */
  file: string;
  line?: number;
}

const KEYS = ['id', 'rule', 'operation', 'place', 'reason', 'expires'];

/** Reads and checks an ignore file; a malformed one is bad usage (exit 2) at the entry's line. */
export function readIgnoreFile(file: string, cwd: string): IgnoreEntry[] {
  const path = resolve(cwd, file);
  if (!existsSync(path))
    fail({ code: 'diff/ignore-missing', file, message: 'no such ignore file', hint: 'check the path given to --ignore or diff.ignore' }, EXIT_USAGE);
  const body = readFileSync(path, 'utf8');
  const source = new Source(path, body);
  const at = (pointer: string) => locatePointer(source, pointer) ?? {};
  let value: unknown;
  try {
    value = parseYaml(body);
  } catch (error) {
    fail({ code: 'diff/ignore-parse', file, message: `not valid YAML: ${(error as Error).message.split('\n')[0]}`, hint: 'fix the ignore file' }, EXIT_USAGE);
  }
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) {
    fail({ code: 'diff/ignore-shape', file, message: 'the ignore file must be a list of entries', hint: ENTRY_HINT }, EXIT_USAGE);
  }
  return value.map((raw, i) => checkEntry(withIdAsWritten(raw, body, at(`#/${i}/id`)), { file, ...at(`#/${i}`) }));
}

/**
 * An id YAML read as a number (`123456789012`, `0123456789ab` is text but `012345678901` a number,
 * `1e2345678901` a float) taken back as written in the file, so that every id reads as its digits.
 */
function withIdAsWritten(raw: unknown, body: string, at: { line?: number; col?: number }): unknown {
  const entry = raw as Record<string, unknown> | null;
  if (!entry || typeof entry !== 'object' || typeof entry.id !== 'number' || at.line === undefined) return raw;
  // The place found is the key's (`id: 0123...`) or its value's.
  const rest = (body.split('\n')[at.line - 1] ?? '').slice((at.col ?? 1) - 1);
  const written = /^(?:["']?id["']?\s*:\s*)?([^\s,#}\]]+)/.exec(rest)?.[1];
  return written === undefined ? raw : { ...entry, id: written.replace(/^(['"])(.*)\1$/, '$2') };
}

const ENTRY_HINT = '- { id: 518b7a471bbd, rule: operation-id-changed, reason: "why", expires: 2027-01-31 } (the id as the report prints it)';

function checkEntry(raw: unknown, where: { file: string; line?: number; col?: number }): IgnoreEntry {
  const bad = (message: string): never => fail({ code: 'diff/ignore-entry', ...where, message, hint: ENTRY_HINT }, EXIT_USAGE);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return bad('an entry must be a mapping of id (or rule, and operation or place), reason and expires');
  const entry = raw as Record<string, unknown>;
  const unknown = Object.keys(entry).find((key) => !KEYS.includes(key));
  if (unknown !== undefined) bad(`unknown key "${unknown}" (known: ${KEYS.join(', ')})`);
  const text = (key: string): string | undefined => {
    const v = entry[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || v.trim() === '') bad(`"${key}" must be a non-empty string`);
    return (v as string).trim();
  };
  const id = text('id');
  if (id !== undefined && !/^[0-9a-f]{12}$/.test(id)) bad(`"id" must be a change's id as the report prints it (twelve hexadecimal digits), got "${id}"`);
  const rule = text('rule');
  const reason = text('reason') ?? bad('the entry gives no "reason"');
  const operation = text('operation');
  const place = text('place');
  if (id === undefined && rule === undefined) bad('the entry names no "id" (as the report prints it) and no "rule"');
  if (id === undefined && operation === undefined && place === undefined)
    bad('the entry names neither an "id" nor an "operation" (operationId or METHOD /path) or a "place" (a JSON pointer)');
  if (id !== undefined && (operation !== undefined || place !== undefined)) bad('an entry with an "id" names no "operation" or "place": the id is the place');
  const expires = text('expires');
  if (expires !== undefined && !isDate(expires)) bad(`"expires" must be a date as YYYY-MM-DD, got "${expires}"`);
  return {
    ...(id !== undefined ? { id } : {}),
    ...(rule !== undefined ? { rule } : {}),
    ...(operation !== undefined ? { operation } : {}),
    ...(place !== undefined ? { place } : {}),
    reason,
    ...(expires !== undefined ? { expires } : {}),
    file: where.file,
    ...(where.line !== undefined ? { line: where.line } : {}),
  };
}

function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Today in UTC as `YYYY-MM-DD`, the date expiry is judged by. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Entries whose date has passed (an entry holds through its `expires` day), as errors at their lines. */
export function expiredEntries(entries: readonly IgnoreEntry[], on: string): Problem[] {
  return entries
    .filter((entry) => entry.expires !== undefined && entry.expires < on)
    .map((entry) => ({
      code: 'diff/ignore-expired',
      severity: 'error' as const,
      file: entry.file,
      ...(entry.line !== undefined ? { line: entry.line, col: 3 } : {}),
      message: `the ignore entry for ${entryName(entry)} expired on ${entry.expires}`,
      hint: 'fix what it ignores, or look at it again and set a later "expires"',
    }));
}

/** The changes no entry matches, those an entry set aside, and the entries that matched nothing. */
export function applyIgnore(changes: readonly Change[], entries: readonly IgnoreEntry[]): { kept: Change[]; ignored: IgnoredChange[]; unused: IgnoreEntry[] } {
  const kept: Change[] = [];
  const ignored: IgnoredChange[] = [];
  const used = new Set<IgnoreEntry>();
  for (const change of changes) {
    const entry = entries.find((e) => matches(e, change));
    if (!entry) {
      kept.push(change);
      continue;
    }
    used.add(entry);
    ignored.push({ change, reason: entry.reason, entry: `${entry.file}:${entry.line ?? 1}`, ...(entry.expires ? { expires: entry.expires } : {}) });
  }
  return { kept, ignored, unused: entries.filter((entry) => !used.has(entry)) };
}

/** `change 518b7a471bbd (operation-id-changed)`, or `operation-id-changed at removeImage`: an entry as messages name it. */
export function entryName(entry: IgnoreEntry): string {
  if (entry.id !== undefined) return `change ${entry.id}${entry.rule ? ` (${entry.rule})` : ''}`;
  return `${entry.rule} at ${entry.operation ?? entry.place}`;
}

function matches(entry: IgnoreEntry, change: Change): boolean {
  if (entry.id !== undefined) return entry.id === change.id && (entry.rule === undefined || entry.rule === change.rule);
  if (entry.rule !== change.rule) return false;
  if (entry.operation !== undefined) {
    const [method, ...path] = entry.operation.split(/\s+/);
    const named = (op: ChangeOperation) =>
      entry.operation === op.operationId || (path.length > 0 && method!.toLowerCase() === op.method.toLowerCase() && path.join(' ') === op.path);
    // A change in a component reaches several operations: naming any of them names it.
    if (!(change.operations ?? []).some(named)) return false;
  }
  if (entry.place !== undefined) {
    const place = entry.place.startsWith('#') ? entry.place : `#${entry.place}`;
    const under = (pointer: string | undefined) => pointer !== undefined && (pointer === place || pointer.startsWith(`${place}/`));
    if (!under(change.old?.pointer) && !under(change.new?.pointer)) return false;
  }
  return true;
}
