/**
 * `podcast-gen verify` as a library: checks a live server against the document, operation by
 * operation, a few at a time, each through the generated client's engine and judged by the
 * generated validators; then, with `stateful`, the resources it makes, followed by their links.
 * Writes are sent only when asked; no credential reaches the report.
 */
import { isSafeMethod } from '../model/method-semantics.js';
import type { ApiModel, OperationModel } from '../model/types.js';
import type { Problem } from '../problems.js';
import { modelResolver } from '../synthesis/build-fixture.js';
import { runEngines } from './engines.js';
import type { GeneratedApi } from './generated-api.js';
import { requestBudget } from './send-case.js';
import { redactStrings, summarize, type OperationResult, type VerifyReport } from './report.js';
import { pool } from './pool.js';
import { runStateful } from './stateful.js';
import { settled, type UndeclaredMethod, verifyOperation, type OperationRun } from './verify-operation.js';

/** Options of {@link verifyServer}. */
export interface VerifyOptions {
  model: ApiModel;
  /** The run's generated code (`generatedApiOf`). */
  generated: GeneratedApi;
  /** The server's base address (an http(s) URL). */
  baseUrl: string;
  /** An API key, for the client's `apiKey` option (the scheme it fills: `model.auth`). */
  credential?: string;
  /** The client's `auth` option, the credentials by security scheme (`readCredential`). One of the two is required where an operation verified needs a credential. */
  auth?: Record<string, unknown>;
  /** Where they were read from (`PODCAST_API_KEY`), named in findings. */
  credentialVariable?: string;
  /** Send writes too (every method that does not only read: `OperationModel.safeMethod`). Default false. */
  unsafe?: boolean;
  /** Also send requests that must be refused: without the credential, with a wrong one, breaking each kind of constraint, an undeclared method. Default false. */
  negative?: boolean;
  /** Valid requests per operation, its fixture's first. Default {@link DEFAULT_CASES}. */
  cases?: number;
  /** Which draw of values: the same draw sends the same requests. Default {@link DEFAULT_DRAW}. */
  draw?: number;
  /** Make resources and follow them by their links (needs `unsafe`). Default false. */
  stateful?: boolean;
  /** Requests the run sends at most (each with the client's retries); past it, nothing more is sent and the report says what was not. */
  maxRequests?: number;
  /** Operations verified at once. Default {@link DEFAULT_CONCURRENCY}. */
  concurrency?: number;
  /** Time limit of each request (each attempt), in milliseconds; also the longest wait before a retry. Default {@link DEFAULT_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Retries after a first attempt, as the client retries (429, a declared 503, a lost connection). Default 2, the client's. */
  maxRetries?: number;
  /** An answer slower than this (its last attempt, in milliseconds) fails the `time` check. */
  maxTimeMs?: number;
  /** Which operations to verify (default: every one). */
  select?(op: OperationModel): boolean;
  /** The run's problems: a `fixtures/unsatisfiable` warning says why an operation has no fixture. */
  problems?: readonly Problem[];
}

/** Operations verified at once unless told otherwise: few, so a verification never floods a server. */
export const DEFAULT_CONCURRENCY = 4;
/** The time limit of each request unless told otherwise. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Valid requests per operation unless told otherwise: the fixture's and a few at the edges. */
export const DEFAULT_CASES = 5;
/** The draw of values unless told otherwise: a run is the same as the last unless asked for another. */
export const DEFAULT_DRAW = 1;
/** The largest answer body read; a larger one ends its request as a failure (the client stops reading). */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** Verifies the server at `baseUrl`; resolves to the report (never rejects for what the server does). */
/** How every request of a run is sent: to `baseUrl`, each attempt and each wait before a retry bounded by the time limit, the answer by its size. */
export function requestBase(options: { baseUrl: string; timeoutMs?: number | undefined; maxRetries?: number | undefined }) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    baseUrl: options.baseUrl,
    timeoutMs,
    maxRetryWaitMs: timeoutMs,
    maxResponseBytes: MAX_RESPONSE_BYTES,
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
  };
}

export async function verifyServer(options: VerifyOptions): Promise<VerifyReport> {
  const started = performance.now();
  const { model, generated } = options;
  const chosen = model.operations.filter((op) => options.select?.(op) ?? true);
  // Only an operation that needs a credential one can send asks for one.
  const needed = chosen.filter((op) => op.security.kind === 'credential');
  const auth = options.auth && Object.keys(options.auth).length > 0 ? options.auth : undefined;
  if (needed.length > 0 && !options.credential && !auth) {
    const names = needed.map((op) => op.operationId);
    const variables = options.credentialVariable ?? [...new Set(needed.flatMap((op) => op.security.variables))].join(' or ');
    throw new Error(`${names.slice(0, 3).join(', ')}${names.length > 3 ? ' and more' : ''} need a credential: set ${variables}`);
  }
  const base = requestBase(options);
  const settings = {
    cases: Math.max(1, Math.floor(options.cases ?? DEFAULT_CASES)),
    draw: Math.floor(options.draw ?? DEFAULT_DRAW),
    unsafe: options.unsafe ?? false,
    negative: options.negative ?? false,
    stateful: (options.stateful ?? false) && (options.unsafe ?? false),
    ...(options.maxRequests === undefined ? {} : { maxRequests: options.maxRequests }),
  };
  const budget = requestBudget(options.maxRequests);
  const engines = runEngines({ model, generated, base, budget, ...(options.credential ? { apiKey: options.credential } : {}), ...(auth ? { auth } : {}) });
  const run: OperationRun = {
    baseUrl: options.baseUrl,
    model,
    generated,
    engines,
    budget,
    resolve: modelResolver(model),
    judging: {
      ...(options.credentialVariable && needed.length > 0 ? { credentialVariable: options.credentialVariable } : {}),
      ...(options.maxTimeMs === undefined ? {} : { maxTimeMs: options.maxTimeMs }),
    },
    unsafe: settings.unsafe,
    negative: settings.negative,
    cases: settings.cases,
    draw: settings.draw,
    fixtureProblems: fixtureProblems(options.problems ?? []),
    undeclaredMethod: undeclaredMethods(model, chosen, settings.unsafe),
  };
  const checked = await pool(chosen, options.concurrency ?? DEFAULT_CONCURRENCY, (op) => verifyOperation(run, op));
  const leftOver = settings.stateful ? await runStateful(run, chosen, checked, options.concurrency ?? DEFAULT_CONCURRENCY) : [];
  const operations: OperationResult[] = checked.map(settled);
  const report: VerifyReport = {
    baseUrl: options.baseUrl,
    api: { title: model.title, version: model.version },
    settings,
    operations,
    ...(leftOver.length > 0 ? { leftOver } : {}),
    summary: summarize(operations, performance.now() - started, budget.taken()),
  };
  // The engine's own redaction: the credentials as sent, re-cased, encoded, and every token the run obtained; nothing else.
  return redactStrings(report, (text) => engines.redact(text));
}

/** Methods tried where a path does not declare them, safest first. */
const UNDECLARED_CANDIDATES = ['GET', 'PUT', 'PATCH', 'DELETE', 'POST'];

/**
 * For each path, the method it does not declare that the first chosen operation of that path to be sent sends
 * (GET where it is free; a write only with `unsafe`), with the methods it declares; or why none.
 */
function undeclaredMethods(model: ApiModel, chosen: readonly OperationModel[], unsafe: boolean): (op: OperationModel) => UndeclaredMethod | undefined {
  // The first operation of each path that is sent: a write is not without `unsafe`.
  const first = new Map<string, OperationModel>();
  for (const op of chosen) if (!first.has(op.path) && (unsafe || op.safeMethod) && op.security.kind !== 'unsatisfiable') first.set(op.path, op);
  return (op) => {
    if (first.get(op.path) !== op) return undefined;
    // The whole document's: a method of an operation the project leaves out is declared all the same.
    const declared = model.pathMethods[op.path] ?? [];
    // A server answers HEAD where it answers GET (RFC 9110, 9.3.2).
    const allowed = declared.includes('GET') ? [...declared, 'HEAD'] : declared;
    const free = UNDECLARED_CANDIDATES.filter((method) => !allowed.includes(method));
    const method = free.find((m) => unsafe || isSafeMethod(m.toLowerCase()));
    if (method) return { method, declared: allowed };
    return {
      reason: free.length > 0 ? `each method it does not declare is a write (${free.join(', ')}): sent only with --unsafe` : 'it declares each method tried',
    };
  };
}

/** The first `fixtures/unsatisfiable` message of each operation, by its pointer. */
function fixtureProblems(problems: readonly Problem[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const problem of problems)
    if (problem.code === 'fixtures/unsatisfiable' && problem.pointer && !found.has(problem.pointer)) found.set(problem.pointer, problem.message);
  return found;
}

export type { OperationResult, VerifyReport };
