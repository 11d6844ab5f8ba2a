/** What `verify` finds: one result per operation, each with the findings of the checks it failed. */

/**
 * The checks, as findings name them: `status` (a status the document does not declare),
 * `server-error` (any 5xx), `content-type`, `body` (the validator, envelope included), `headers`
 * (a declared header missing or of the wrong form), `time` (`--max-time`), `connection` (no answer:
 * unreachable, TLS, timeout, a redirect not followed), `credential` (the server refused the
 * credential given), `ignored-auth` (a request without its credential was not refused),
 * `negative-data` (a request breaking a declared constraint was not answered with a 4xx) and
 * `missing-required` (a request without a required header or parameter was not).
 */
export type CheckName =
  | 'status'
  | 'server-error'
  | 'content-type'
  | 'body'
  | 'headers'
  | 'time'
  | 'connection'
  | 'credential'
  | 'ignored-auth'
  | 'negative-data'
  | 'missing-required';

/** A request as it went out: the method, the URL, the headers and the body, the credential shown as `[redacted]`. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** One failed check. */
export interface Finding {
  check: CheckName;
  message: string;
  expected: string;
  actual: string;
  /** The request that was answered so (to send again: `podcast-gen verify --replay`). */
  request?: SentRequest;
}

/** The verdict on one operation. */
export interface OperationResult {
  operationId: string;
  /** The method as sent and the path template. */
  method: string;
  path: string;
  status: 'pass' | 'fail' | 'skipped';
  findings: Finding[];
  /** Why it was not sent (`skipped`). */
  reason?: string;
  /** The status the fixture request was answered with, when it was answered. */
  httpStatus?: number;
  /** The answer's time (its last attempt), in milliseconds. */
  durationMs?: number;
  /** What was observed without being a failure (a declared 4xx to the fixture request, an unchecked stream). */
  notes?: string[];
}

/** The whole report. */
export interface VerifyReport {
  baseUrl: string;
  /** The document's title and version. */
  api: { title: string; version: string };
  operations: OperationResult[];
  summary: { total: number; passed: number; failed: number; skipped: number; durationMs: number };
}

/** The summary of a list of results. */
export function summarize(operations: readonly OperationResult[], durationMs: number): VerifyReport['summary'] {
  const count = (status: OperationResult['status']) => operations.filter((o) => o.status === status).length;
  return { total: operations.length, passed: count('pass'), failed: count('fail'), skipped: count('skipped'), durationMs: Math.round(durationMs) };
}

/** A copy of the report with `redact` applied to every string (a server may echo the credential). */
export function redactReport(report: VerifyReport, redact: (text: string) => string): VerifyReport {
  return JSON.parse(JSON.stringify(report), (_key, value: unknown) => (typeof value === 'string' ? redact(value) : value)) as VerifyReport;
}

/** A value as a finding shows it: JSON, cut at `max` characters. */
export function shown(value: unknown, max = 200): string {
  if (value === undefined) return 'absent';
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
