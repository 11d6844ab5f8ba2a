/**
 * Sends one request through the generated client's engine (its wire rules, credential, retries
 * with Retry-After obeyed, timeouts, redirects) and keeps what came back: the final answer,
 * whatever its status, or why there was none, and the request as it went out (the credential
 * shown as `[redacted]`), for a replay. The engine validates nothing here: verify judges.
 */
import type { CredentialKind, RunEngines } from './engines.js';
import type { EngineCallOptions, GeneratedOperationSpec, GeneratedSchemas } from './generated-api.js';
import type { SentRequest } from './report.js';

/** The final answer of a call (after the client's retries), or the cause of no answer. */
export type Exchange = (
  | {
      answered: true;
      status: number;
      headers: Record<string, string>;
      body: unknown;
      durationMs: number;
      attempts: number;
      /** A redirect the client did not follow, and why (only its status is known). */
      redirect?: string;
    }
  | {
      answered: false;
      cause: string;
      /**
       * `credential`: the engine had no credential to send (a token that could not be had);
       * `budget`: the request budget was spent on the way (a token request it needed); else the connection.
       */
      kind: 'connection' | 'credential' | 'budget';
    }
) & {
  /** The request of the last attempt, as sent. */
  request?: SentRequest;
};

/** What a send needs: the run's engines, which credential, the operation, its input and the call's options. */
export interface SendRequest {
  engines: RunEngines;
  credential: CredentialKind;
  spec: GeneratedOperationSpec;
  input: Record<string, unknown> | undefined;
  validators: GeneratedSchemas;
  /** A fresh idempotency key, for an operation that declares one; headers of the call. */
  options?: Pick<EngineCallOptions, 'idempotencyKey' | 'headers'>;
}

/** The names of the runtime's errors that carry an answer (`ApiError` and `RateLimitError`). */
const ANSWERED_ERRORS = new Set(['ApiError', 'RateLimitError']);

/** Sends `request` once (with the client's retries) and resolves to what came back; never rejects. */
export async function send(request: SendRequest): Promise<Exchange> {
  const { engines } = request;
  const engine = engines.engine(request.credential);
  if (!engine) return { answered: false, cause: 'no wrong credential can be made for this run', kind: 'credential' };
  let durationMs = 0;
  let sent: SentRequest | undefined;
  const observer = {
    onRequest: (event: { method: string; url: string; headers: Record<string, string>; body: unknown }) => {
      sent = { method: event.method, url: event.url, headers: event.headers, ...(event.body === undefined ? {} : { body: event.body }) };
    },
    onResponse: (event: { durationMs: number }) => {
      durationMs = event.durationMs;
    },
  };
  const withRequest = <T extends object>(exchange: T): T & { request?: SentRequest } => (sent ? { ...exchange, request: sent } : exchange);
  try {
    const result = await engines.observe(observer, () =>
      engine.request(request.spec, request.input, request.validators, { validate: 'off', ...request.options }).withResponse(),
    );
    return withRequest({ answered: true, status: result.status, headers: result.headers, body: result.body, durationMs, attempts: result.attempts });
  } catch (error) {
    const failure = error as { name?: unknown; status?: unknown; headers?: unknown; body?: unknown; message?: unknown };
    // A redirect the client does not follow to another origin is the server's answer all the same:
    // its status is judged. One within the origin it stopped following (a loop) is no answer.
    const target = (error as { targetOrigin?: unknown }).targetOrigin;
    const home = sent && URL.canParse(sent.url) ? new URL(sent.url).origin : undefined;
    if (failure.name === 'RedirectError' && typeof failure.status === 'number' && failure.status > 0 && (target === undefined || target !== home))
      return withRequest({
        answered: true,
        status: failure.status,
        headers: {},
        body: undefined,
        durationMs,
        attempts: 0,
        redirect: afterOperation(failure.message),
      });
    if (typeof failure.name === 'string' && ANSWERED_ERRORS.has(failure.name) && typeof failure.status === 'number') {
      const headers = typeof failure.headers === 'object' && failure.headers !== null ? (failure.headers as Record<string, string>) : {};
      return withRequest({ answered: true, status: failure.status, headers, body: failure.body, durationMs, attempts: 0 });
    }
    // The engine's errors say what happened (connection refused, TLS, timed out, redirect) with the credential redacted.
    const message = error instanceof Error ? error.message : String(error);
    const refusal = failure.name === 'CredentialError' ? engines.grantRefusal() : undefined;
    // A token request the run did not send: the engine's message would say the endpoint could not be reached.
    const cause = engines.redact(refusal ? refusal.reason : message);
    return withRequest({ answered: false, cause, kind: refusal?.budget ? 'budget' : failure.name === 'CredentialError' ? 'credential' : 'connection' });
  }
}

/** An engine error's message without the operation it starts with (`quotaSummary: redirect not followed ...`). */
function afterOperation(message: unknown): string {
  const text = String(message ?? '');
  const at = text.indexOf(': ');
  return at < 0 ? text : text.slice(at + 2);
}
