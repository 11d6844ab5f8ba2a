/**
 * `podcast-gen verify --replay FILE`: the failed requests of a JSON report made again, each as the
 * run made it (its input, its method, its credential or none or a wrong one, its headers) through
 * the engine with this run's credentials, and judged again as it was: still failing, or passing now.
 * The CLI parses the command line, reads the file with {@link readReplayFile}, runs
 * {@link replayReport} and maps its verdicts to an exit code.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { jsonParsePlace } from '../load/json-parse-place.js';
import type { ApiModel, OperationModel } from '../model/types.js';
import { EXIT_USAGE, fail } from '../problems.js';
import { modelResolver } from '../synthesis/build-fixture.js';
import type { Credential } from './credential.js';
import { type RunEngines, runEngines } from './engines.js';
import type { GeneratedApi } from './generated-api.js';
import { isRecord } from './input-sites.js';
import { judge, type Judging } from './judge.js';
import { type CheckName, type Finding, type Replay, redactStrings, type SentRequest } from './report.js';
import { type RequestBudget, requestBudget, sendCase } from './send-case.js';
import { operationContext } from './verify-operation.js';
import { requestBase } from './verify-server.js';
import type { SchemaResolver } from '../model/schema-merge.js';

/** A failed request a report holds, to send again. */
export interface ReplayEntry {
  operationId: string;
  /** The check it failed, and how. */
  check: CheckName;
  message: string;
  replay: Replay;
}

/** What sending it again gave. */
export interface ReplayResult {
  operationId: string;
  label: string;
  /** The check it failed before. */
  check: CheckName;
  verdict: 'fail' | 'pass' | 'skipped';
  /** Why it was not sent (`skipped`). */
  reason?: string;
  request?: SentRequest;
  status?: number;
  findings: Finding[];
}

const REPLAY_HINT = 'give the JSON report of a run (podcast-gen verify --format json > report.json)';

/**
 * The failed requests of the report in `file` (resolved against `cwd`), or a usage error (exit 2)
 * saying what is wrong with it: no such file, not JSON (with the line and column where it stops
 * being JSON), no failed request to send again.
 */
export function readReplayFile(file: string, cwd: string): { baseUrl?: string; entries: ReplayEntry[] } {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch {
    fail({ code: 'verify/replay', file, message: '--replay: no such file', hint: REPLAY_HINT }, EXIT_USAGE);
  }
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch (error) {
    // The place goes in the problem's fields; the excerpt of the text some messages quote is left out.
    const reason = String((error as Error).message)
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/, [\s\S]*" is not valid JSON$/, '');
    fail({ code: 'verify/replay', file, ...jsonParsePlace(error as Error, text), message: `--replay: not JSON: ${reason}`, hint: REPLAY_HINT }, EXIT_USAGE);
  }
  const found = replaysOf(content);
  if ('problem' in found) fail({ code: 'verify/replay', file, message: `--replay: ${found.problem}` }, EXIT_USAGE);
  return found;
}

/**
 * Sends each entry again with the run's credentials and judges it again: the results, every
 * credential redacted. `needed`: the operations sent (whether one needs a credential decides how a
 * refusal is judged).
 */
export async function replayReport(options: {
  model: ApiModel;
  generated: GeneratedApi;
  baseUrl: string;
  credential: Credential;
  entries: readonly ReplayEntry[];
  needed: readonly OperationModel[];
  /** Time limit of each request, as a run's (verify-server.ts `requestBase`). */
  timeoutMs?: number;
  /** `--max-requests`: token requests and replays together take at most this many. */
  maxRequests?: number;
}): Promise<ReplayResult[]> {
  const budget = requestBudget(options.maxRequests);
  const engines = runEngines({
    model: options.model,
    generated: options.generated,
    base: requestBase(options),
    budget,
    ...(options.credential.auth ? { auth: options.credential.auth } : {}),
  });
  const results = await replayRequests({
    model: options.model,
    generated: options.generated,
    engines,
    resolve: modelResolver(options.model),
    judging:
      options.credential.variable && options.needed.some((op) => op.security.kind === 'credential') ? { credentialVariable: options.credential.variable } : {},
    entries: options.entries,
    budget,
  });
  return redactStrings(results, (text) => engines.redact(text));
}

/** The report's base URL and its failed requests, or what is wrong with the file's content. */
export function replaysOf(content: unknown): { baseUrl?: string; entries: ReplayEntry[] } | { problem: string } {
  const report = isRecord(content) && isRecord(content['report']) ? content['report'] : content;
  const findings: { operationId: string; finding: unknown }[] = [];
  if (isRecord(report) && Array.isArray(report['operations']))
    for (const op of report['operations'])
      if (isRecord(op) && Array.isArray(op['findings']))
        for (const finding of op['findings']) findings.push({ operationId: String(op['operationId']), finding });
  for (const finding of Array.isArray(report) ? report : isRecord(report) && 'replay' in report ? [report] : []) findings.push({ operationId: '', finding });
  if (findings.length === 0) return { problem: 'it holds no failed request: give the JSON report of a run (podcast-gen verify --format json > report.json)' };
  const entries: ReplayEntry[] = [];
  for (const { operationId, finding } of findings) {
    if (!isRecord(finding) || !isReplay(finding['replay'])) continue;
    const replay = finding['replay'];
    entries.push({
      operationId: operationId || replay.request.operationId,
      check: finding['check'] as CheckName,
      message: String(finding['message'] ?? ''),
      replay,
    });
  }
  if (entries.length === 0)
    return { problem: 'its findings carry no request to send again (a report of podcast-gen verify before --replay was there, or edited)' };
  const baseUrl = isRecord(report) && typeof report['baseUrl'] === 'string' ? report['baseUrl'] : undefined;
  return { ...(baseUrl ? { baseUrl } : {}), entries };
}

/** Whether a value is a replay: a request with its operation, label and input, and an expectation of a known kind. */
function isReplay(value: unknown): value is Replay {
  if (!isRecord(value) || !isRecord(value['request']) || !isRecord(value['expect'])) return false;
  const { request, expect } = value;
  const kinds = ['accepted', 'refused', 'unauthorized', 'not-allowed', 'available', 'gone'];
  return (
    typeof request['operationId'] === 'string' && typeof request['label'] === 'string' && isRecord(request['input']) && kinds.includes(String(expect['kind']))
  );
}

/** Sends each entry again, one after the other, and judges each. */
export async function replayRequests(options: {
  model: ApiModel;
  generated: GeneratedApi;
  engines: RunEngines;
  resolve: SchemaResolver;
  judging: Omit<Judging, 'context'>;
  entries: readonly ReplayEntry[];
  /** `--max-requests`: past it, the rest is not sent. */
  budget?: RequestBudget;
}): Promise<ReplayResult[]> {
  const results: ReplayResult[] = [];
  const budget = options.budget ?? requestBudget();
  for (const entry of options.entries) {
    const { request, expect } = entry.replay;
    const head = { operationId: request.operationId, label: request.label, check: entry.check };
    const op = options.model.operations.find((o) => o.operationId === request.operationId);
    const context = op ? operationContext(options, op) : 'the document has no such operation';
    if (typeof context === 'string') {
      results.push({ ...head, verdict: 'skipped', reason: context, findings: [] });
      continue;
    }
    const sent = await sendCase({ engines: options.engines, budget }, context, request);
    if ('unsent' in sent) {
      results.push({ ...head, verdict: 'skipped', reason: sent.unsent === 'no call' ? 'this request cannot be made for it' : sent.reason, findings: [] });
      continue;
    }
    const answer = sent.exchange;
    const { findings } = judge({ ...options.judging, context }, expect, answer);
    results.push({
      ...head,
      verdict: findings.length > 0 ? 'fail' : 'pass',
      ...(answer.request ? { request: answer.request } : {}),
      ...(answer.answered ? { status: answer.status } : {}),
      findings,
    });
  }
  return results;
}
