/**
 * `podcast-gen verify` as a library: checks a live server against the document, operation by
 * operation, a few at a time, each through the generated client's engine and judged by the
 * generated validators. Writes are sent only when asked; no credential reaches the report.
 */
import type { ApiModel, OperationModel } from '../model/types.js';
import { modelResolver } from '../synthesis/build-fixture.js';
import type { Problem } from '../problems.js';
import { runEngines } from './engines.js';
import type { GeneratedApi } from './generated-api.js';
import { redactReport, summarize, type OperationResult, type VerifyReport } from './report.js';
import { verifyOperation, type OperationRun } from './verify-operation.js';

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
  /** Send writes too (every method besides GET, HEAD, OPTIONS and QUERY). Default false. */
  unsafe?: boolean;
  /** Also send a request without its credential and one breaking a declared constraint. Default false. */
  negative?: boolean;
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

/** Verifies the server at `baseUrl`; resolves to the report (never rejects for what the server does). */
export async function verifyServer(options: VerifyOptions): Promise<VerifyReport> {
  const started = performance.now();
  const { model, generated } = options;
  const chosen = model.operations.filter((op) => options.select?.(op) ?? true);
  // Only an operation that needs a credential one can send asks for one.
  const needed = chosen.filter((op) => op.security.kind === 'credential');
  const auth = options.auth && Object.keys(options.auth).length > 0 ? options.auth : undefined;
  if (needed.length > 0 && !options.credential && !auth)
    throw new Error(
      `${needed
        .map((op) => op.operationId)
        .slice(0, 3)
        .join(
          ', ',
        )}${needed.length > 3 ? ' and more' : ''} need a credential: set ${options.credentialVariable ?? [...new Set(needed.flatMap((op) => op.security.variables))].join(' or ')}`,
    );
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = {
    baseUrl: options.baseUrl,
    timeoutMs,
    maxRetryWaitMs: timeoutMs,
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
  };
  const engines = runEngines({ model, generated, base, ...(options.credential ? { apiKey: options.credential } : {}), ...(auth ? { auth } : {}) });
  const run: OperationRun = {
    model,
    generated,
    engines,
    ...(options.credentialVariable && needed.length > 0 ? { credentialVariable: options.credentialVariable } : {}),
    unsafe: options.unsafe ?? false,
    negative: options.negative ?? false,
    ...(options.maxTimeMs === undefined ? {} : { maxTimeMs: options.maxTimeMs }),
    fixtureProblems: fixtureProblems(options.problems ?? []),
    resolve: modelResolver(model),
  };
  const operations = await pool(chosen, options.concurrency ?? DEFAULT_CONCURRENCY, (op) => verifyOperation(run, op));
  const report: VerifyReport = {
    baseUrl: options.baseUrl,
    api: { title: model.title, version: model.version },
    operations,
    summary: summarize(operations, performance.now() - started),
  };
  // The engine's own redaction: the credentials as sent, re-cased, encoded, and every token the run obtained; nothing else.
  return redactReport(report, (text) => engines.redact(text));
}

/** Runs `work` over `items`, at most `limit` at once; the results in the items' order. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(Math.floor(limit), items.length)) }, worker));
  return results;
}

/** The first `fixtures/unsatisfiable` message of each operation, by its pointer. */
function fixtureProblems(problems: readonly Problem[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const problem of problems)
    if (problem.code === 'fixtures/unsatisfiable' && problem.pointer && !found.has(problem.pointer)) found.set(problem.pointer, problem.message);
  return found;
}

export type { OperationResult, VerifyReport };
