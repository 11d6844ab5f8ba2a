/**
 * The engines of one run, each made once: with the run's credentials, without any, and with a
 * wrong one. One engine holds one client-credentials token for the whole run (the engine reuses it
 * until it expires), and everything it obtained is redacted by it. The engine's hooks are shared
 * by every call, so each call's events reach that call's observer through the async context.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ApiModel } from '../model/types.js';
import type { Engine, EngineOptions, EngineRequestEvent, EngineResponseEvent, GeneratedApi } from './generated-api.js';

/** Which credential a request carries: the run's, none, or one the server must refuse. */
export type CredentialKind = 'given' | 'none' | 'wrong';

/** What one call sees of its own exchange. */
export interface CallObserver {
  onRequest?(event: EngineRequestEvent): void;
  onResponse?(event: EngineResponseEvent): void;
}

/** The engines of a run. */
export interface RunEngines {
  /** The engine of `kind` (undefined: `wrong` for a run whose credentials cannot be faked). */
  engine(kind: CredentialKind): Engine | undefined;
  /** Runs `call` with `observer` receiving its request and response events. */
  observe<T>(observer: CallObserver, call: () => Promise<T>): Promise<T>;
  /** Every credential of the run and every token it obtained, replaced by `[redacted]`. */
  redact(text: string): string;
  /**
   * Why a token request was not sent: the run asked too often (the endpoint gave no token, or the
   * server refuses the tokens it issues), or the request budget is spent (`budget`).
   */
  grantRefusal(): { reason: string; budget: boolean } | undefined;
}

/**
 * Grants asked for besides those that are due (the first, and one when the token held is about to
 * expire): after a 401 threw a token away, or after a grant that gave no token. A few, then none.
 */
export const EARLY_GRANTS = 2;

/** Options of {@link runEngines}. */
export interface EngineSetup {
  model: Pick<ApiModel, 'securitySchemes'>;
  generated: GeneratedApi;
  base: Omit<EngineOptions, 'onRequest' | 'onResponse' | 'fetch'>;
  apiKey?: string;
  auth?: Record<string, unknown>;
  /** The run's request budget (`--max-requests`): each token request takes one. */
  budget?: { take(): boolean; limit?: number };
}

/** Makes the run's engines. */
export function runEngines(setup: EngineSetup): RunEngines {
  const calls = new AsyncLocalStorage<CallObserver>();
  const grants = grantKeeper(setup);
  const hooks: Pick<EngineOptions, 'onRequest' | 'onResponse' | 'fetch'> = {
    onRequest: (event) => calls.getStore()?.onRequest?.(event),
    onResponse: (event) => calls.getStore()?.onResponse?.(event),
    fetch: grants.fetch,
  };
  const credentials = { ...(setup.apiKey ? { apiKey: setup.apiKey } : {}), ...(setup.auth ? { auth: setup.auth } : {}) };
  const given = setup.generated.createCore({ ...setup.base, ...hooks, ...credentials });
  const none = setup.generated.createAnonymousCore({ ...setup.base, ...hooks });
  const fake = wrongCredentials(setup);
  const wrong = fake ? setup.generated.createCore({ ...setup.base, ...hooks, ...fake }) : undefined;
  return {
    engine: (kind) => (kind === 'given' ? given : kind === 'none' ? none : wrong),
    observe: (observer, call) => calls.run(observer, call),
    // The run's credentials and tokens. The wrong credential is no secret: its engine shows it as
    // `[redacted]` in the headers it sent, as every credential, but a server's echo of it is left as it is.
    redact: (text) => given.redact(text),
    grantRefusal: grants.refusal,
  };
}

/**
 * A credential of the same kind as each one given, which no server issued: an API key, a bearer
 * token, a user and password; an OAuth 2.0 scheme gets a token of its own (no grant is asked for).
 */
function wrongCredentials(setup: EngineSetup): { auth: Record<string, unknown>; apiKey?: string } | undefined {
  const schemes = [...Object.keys(setup.auth ?? {}), ...(setup.apiKey ? ['apiKey'] : [])];
  if (schemes.length === 0) return undefined;
  const auth: Record<string, unknown> = {};
  const basic = new Set(setup.model.securitySchemes.filter((s) => s.kind === 'basic').map((s) => s.name));
  for (const name of Object.keys(setup.auth ?? {})) auth[name] = basic.has(name) ? 'podcast-gen-verify:wrong-password' : WRONG_CREDENTIAL;
  return { auth, ...(setup.apiKey ? { apiKey: WRONG_CREDENTIAL } : {}) };
}

/** The wrong credential: of a key's and a token's usual characters, and issued by no server. */
export const WRONG_CREDENTIAL = 'podcast-gen-verify-wrong-credential-0000';

/**
 * The run's `fetch`: the global one, except that a token request is sent only while grants are
 * due: the first, one when the token held is about to expire, and {@link EARLY_GRANTS} more (after
 * a 401 threw a token away, or after an answer that held no token or no answer at all); past those
 * the run asks no more, and says why. Each token request takes one of the run's request budget.
 */
function grantKeeper(setup: EngineSetup): { fetch: typeof fetch; refusal(): { reason: string; budget: boolean } | undefined } {
  const base = setup.base.baseUrl;
  const tokenUrls = new Set(
    setup.model.securitySchemes.flatMap((scheme) =>
      scheme.kind === 'oauth2' && scheme.tokenUrl && URL.canParse(scheme.tokenUrl, base) ? [new URL(scheme.tokenUrl, base).href] : [],
    ),
  );
  for (const credential of Object.values(setup.auth ?? {})) {
    const url = typeof credential === 'object' && credential !== null ? (credential as { tokenUrl?: unknown }).tokenUrl : undefined;
    if (typeof url === 'string' && URL.canParse(url, base)) tokenUrls.add(new URL(url, base).href);
  }
  let granted = 0;
  let early = 0;
  let dueAt = 0;
  // What the last grant's answer was, where it held no readable token: no later grant is due.
  let unread: string | undefined;
  let refused: { reason: string; budget: boolean } | undefined;
  const refuse = (reason: string, budget: boolean): never => {
    refused = { reason, budget };
    throw new Error(reason);
  };
  const run: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!tokenUrls.has(url) || (init?.method ?? 'GET').toUpperCase() !== 'POST') return globalThis.fetch(input, init);
    const isEarly = granted > 0 && (unread !== undefined || Date.now() < dueAt);
    if (isEarly && early >= EARLY_GRANTS)
      refuse(
        unread === undefined
          ? `the run asked the token endpoint ${granted} times and the server refused the tokens it issued: no more are asked for`
          : `the token endpoint gave no token ${granted} times (the last time it ${unread}): no more are asked for`,
        false,
      );
    if (setup.budget && !setup.budget.take()) refuse(`no token asked for: --max-requests ${setup.budget.limit} reached`, true);
    granted++;
    if (isEarly) early++;
    let response: Response;
    try {
      response = await globalThis.fetch(input, init);
    } catch (error) {
      unread = 'could not be reached';
      throw error;
    }
    const life = response.ok ? await lifeMs(response.clone()) : undefined;
    unread = life === undefined ? `answered ${response.status}${response.ok ? ' without a JSON object' : ''}` : undefined;
    // Due as the engine asks again: half its life early, at most a minute.
    if (life !== undefined) dueAt = Date.now() + life - Math.min(60_000, life / 2);
    return response;
  };
  return { fetch: run, refusal: () => refused };
}

/** The largest token answer read for its `expires_in`. */
const MAX_TOKEN_BYTES = 64 * 1024;

/** A token's life as its answer gives it (`expires_in`), in milliseconds; a day where it gives none; undefined where the answer is no JSON object. */
async function lifeMs(response: Response): Promise<number | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
      size += read.value.length;
      if (size > MAX_TOKEN_BYTES) return undefined;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const seconds = Number((body as { expires_in?: unknown }).expires_in);
    return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 86_400_000;
  } catch {
    return undefined;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
