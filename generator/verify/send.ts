/**
 * Sends one request through the generated client's engine (its wire rules, credential, retries
 * with Retry-After obeyed, timeouts, redirects) and keeps what came back: the final answer,
 * whatever its status, or why there was none. The engine validates nothing here: verify judges.
 */
import type { Engine, EngineOptions, GeneratedOperationSpec, GeneratedSchemas } from './generated-api.js';

/** The final answer of a call (after the client's retries), or the cause of no answer. */
export type Exchange =
  | {
      answered: true;
      status: number;
      headers: Record<string, string>;
      body: unknown;
      durationMs: number;
      attempts: number;
      /** A redirect the client did not follow: only its status is known. */
      redirect?: boolean;
    }
  | { answered: false; cause: string };

/** What a send needs: a way to make the engine (with the hook that times the answer) and the call. */
export interface SendRequest {
  engine(options: Pick<EngineOptions, 'onResponse'>): Engine;
  spec: GeneratedOperationSpec;
  input: Record<string, unknown> | undefined;
  validators: GeneratedSchemas;
  /** A fresh idempotency key, for an operation that declares one. */
  idempotencyKey?: string;
}

/** The names of the runtime's errors that carry an answer (`ApiError` and `RateLimitError`). */
const ANSWERED_ERRORS = new Set(['ApiError', 'RateLimitError']);

/** Sends `request` once (with the client's retries) and resolves to what came back; never rejects. */
export async function send(request: SendRequest): Promise<Exchange> {
  let durationMs = 0;
  const engine = request.engine({
    onResponse: (event) => {
      durationMs = event.durationMs;
    },
  });
  try {
    const result = await engine
      .request(request.spec, request.input, request.validators, {
        validate: 'off',
        ...(request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : {}),
      })
      .withResponse();
    return { answered: true, status: result.status, headers: result.headers, body: result.body, durationMs, attempts: result.attempts };
  } catch (error) {
    const failure = error as { name?: unknown; status?: unknown; headers?: unknown; body?: unknown; message?: unknown };
    // A redirect the client does not follow (to another origin) is the server's answer all the same: its status is judged.
    if (failure.name === 'RedirectError' && typeof failure.status === 'number' && failure.status > 0)
      return { answered: true, status: failure.status, headers: {}, body: undefined, durationMs, attempts: 0, redirect: true };
    if (typeof failure.name === 'string' && ANSWERED_ERRORS.has(failure.name) && typeof failure.status === 'number') {
      const headers = typeof failure.headers === 'object' && failure.headers !== null ? (failure.headers as Record<string, string>) : {};
      return { answered: true, status: failure.status, headers, body: failure.body, durationMs, attempts: 0 };
    }
    // The engine's errors say what happened (connection refused, TLS, timed out, redirect) with the credential redacted.
    const message = error instanceof Error ? error.message : String(error);
    return { answered: false, cause: engine.redact(message) };
  }
}
