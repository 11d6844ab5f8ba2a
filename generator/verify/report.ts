/** What `verify` finds: one result per operation, each with the findings of the checks it failed and what it covered. */
import type { Expectation, RequestCase } from './request-case.js';

/**
 * The checks, as findings name them. Of every answer: `status` (a status the document does not
 * declare), `server-error` (any 5xx), `content-type`, `body` (the validator, envelope included),
 * `headers` (a declared header missing or of the wrong form), `time` (`--max-time`), `connection`
 * (no answer: unreachable, TLS, timeout, a redirect not followed, too large), `credential` (the
 * server refused the credential given, or none could be had). Of valid input: `accepted` (it was
 * refused). With `--negative`: `negative-data` (input breaking a declared constraint was not
 * refused), `missing-required` (a request without a required header or parameter was not),
 * `ignored-auth` (a request without its credential, or with a wrong one, was not refused with 401
 * or 403), `method` (a method the path does not declare was not answered 405 with `Allow`). With
 * `--stateful`: `resource-available` (a resource just created was not there), `use-after-free` (a
 * resource just deleted still was).
 */
export const CHECKS = [
  'status',
  'server-error',
  'content-type',
  'body',
  'headers',
  'time',
  'connection',
  'credential',
  'accepted',
  'negative-data',
  'missing-required',
  'ignored-auth',
  'method',
  'resource-available',
  'use-after-free',
] as const;
export type CheckName = (typeof CHECKS)[number];

/** A request as it went out: the method, the URL, the headers and the body, the credential shown as `[redacted]`. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** How to send a failed request again (`podcast-gen verify --replay`): the request as the run made it, and what its answer must be. */
export interface Replay {
  request: RequestCase;
  expect: Expectation;
}

/** One failed check. */
export interface Finding {
  check: CheckName;
  message: string;
  expected: string;
  actual: string;
  /** The request that was answered so, as it went out (a `curl` line in the text report). */
  request?: SentRequest;
  /** The request as the run made it, to send again. */
  replay?: Replay;
}

/** What an operation's requests covered. */
export interface Coverage {
  /** Valid requests sent (the fixture's and the other cases'). */
  cases: number;
  /** Requests sent that must be refused (`--negative`). */
  refusals: number;
  /** Requests of resources made and followed (`--stateful`). */
  linked: number;
  /** The checks that judged an answer. */
  checks: CheckName[];
  /** The statuses answered. */
  statuses: number[];
  /** The branches of the success payload's `oneOf`/`anyOf` the answers took (`data: #1`, `data.pet: Cat`). */
  branches?: string[];
  /** What was not covered, and why (no fixture, unsafe, no link, the request budget spent). */
  uncovered?: string[];
}

/** The verdict on one operation. */
export interface OperationResult {
  operationId: string;
  /** The method as sent and the path template. */
  method: string;
  path: string;
  /**
   * `pass` only when every request planned for it was sent and none failed; `incomplete` when none
   * failed but some were not sent (the request budget spent): not every check looked.
   */
  status: 'pass' | 'fail' | 'incomplete' | 'skipped';
  findings: Finding[];
  /** Why it was not sent (`skipped`), or not all of it (`incomplete`). */
  reason?: string;
  /** The status the fixture request was answered with, when it was answered. */
  httpStatus?: number;
  /** The answer's time (its last attempt), in milliseconds. */
  durationMs?: number;
  /** What was observed without being a failure (a declared 4xx to the fixture request, an unchecked stream). */
  notes?: string[];
  coverage?: Coverage;
}

/** How the run was asked to look. */
export interface RunSettings {
  cases: number;
  /** Which draw of values (`--draw`): the same draw sends the same requests. */
  draw: number;
  unsafe: boolean;
  negative: boolean;
  stateful: boolean;
  maxRequests?: number;
}

/** The whole report. */
export interface VerifyReport {
  baseUrl: string;
  /** The document's title and version. */
  api: { title: string; version: string };
  settings?: RunSettings;
  operations: OperationResult[];
  /** What `--stateful` created and could not delete (the document has no delete for it, or the delete failed). */
  leftOver?: string[];
  summary: { total: number; passed: number; failed: number; incomplete: number; skipped: number; durationMs: number; requests?: number };
}

/** The summary of a list of results. */
export function summarize(operations: readonly OperationResult[], durationMs: number, requests?: number): VerifyReport['summary'] {
  const count = (status: OperationResult['status']) => operations.filter((o) => o.status === status).length;
  return {
    total: operations.length,
    passed: count('pass'),
    failed: count('fail'),
    incomplete: count('incomplete'),
    skipped: count('skipped'),
    durationMs: Math.round(durationMs),
    ...(requests === undefined ? {} : { requests }),
  };
}

/** A run's exit code: 1 where anything failed, or where nothing was judged to pass (a pass is earned); else 0. */
export function exitCodeOf(counts: { failed: number; passed: number }): 0 | 1 {
  return counts.failed > 0 || counts.passed === 0 ? 1 : 0;
}

/** A copy of a JSON value (a report, replay results) with `redact` applied to each of its strings, so a credential the JSON text would escape is found too. */
export function redactStrings<T>(value: T, redact: (text: string) => string): T {
  return JSON.parse(JSON.stringify(value), (_key, item: unknown) => (typeof item === 'string' ? redact(item) : item)) as T;
}

/** A value as a finding shows it: JSON, cut at `max` characters. */
export function shown(value: unknown, max = 200): string {
  if (value === undefined) return 'absent';
  const text = jsonPrefix(value, max + 1);
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/**
 * The JSON text of a value parsed from JSON, written only until it is longer than `budget`, level by
 * level without recursion: a server's answer may nest deeper than JSON.stringify's recursion goes
 * (the stack overflows), and only the start is shown.
 */
function jsonPrefix(value: unknown, budget: number): string {
  let out = '';
  const open: { node: object; keys: string[]; next: number; array: boolean }[] = [];
  const write = (item: unknown): void => {
    if (item === null || typeof item !== 'object') {
      out += JSON.stringify(item) ?? 'null';
      return;
    }
    const array = Array.isArray(item);
    out += array ? '[' : '{';
    open.push({ node: item, keys: array ? [] : Object.keys(item), next: 0, array });
  };
  write(value);
  while (open.length > 0 && out.length <= budget) {
    const frame = open[open.length - 1] as (typeof open)[number];
    const length = frame.array ? (frame.node as unknown[]).length : frame.keys.length;
    if (frame.next >= length) {
      out += frame.array ? ']' : '}';
      open.pop();
      continue;
    }
    const key = frame.array ? frame.next : (frame.keys[frame.next] as string);
    const member = (frame.node as Record<string | number, unknown>)[key];
    frame.next += 1;
    // JSON.stringify leaves out an object's undefined, function and symbol members, and writes them null in an array.
    if (!frame.array && (member === undefined || typeof member === 'function' || typeof member === 'symbol')) continue;
    // A member follows the container's opening or the member before it, whose text never ends in { or [.
    if (out.at(-1) !== '{' && out.at(-1) !== '[') out += ',';
    if (!frame.array) out += `${JSON.stringify(key)}:`;
    write(member);
  }
  return out;
}
