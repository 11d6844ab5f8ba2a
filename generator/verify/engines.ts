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
  /** Why a token request was not sent, once the run asked too often (the server refuses the tokens it issues). */
  grantRefusal(): string | undefined;
}

/** Grants asked for before the token held is due (after a 401 threw it away): a few, then none. */
export const EARLY_GRANTS = 2;

/** Options of {@link runEngines}. */
export interface EngineSetup {
  model: Pick<ApiModel, 'securitySchemes'>;
  generated: GeneratedApi;
  base: Omit<EngineOptions, 'onRequest' | 'onResponse' | 'fetch'>;
  apiKey?: string;
  auth?: Record<string, unknown>;
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
    // The wrong credential is no secret, but the engine that sent it redacts it alike: nothing of it is hidden.
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
 * a 401 threw a token away); past those the run asks no more, and says why.
 */
function grantKeeper(setup: EngineSetup): { fetch: typeof fetch; refusal(): string | undefined } {
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
  let refused: string | undefined;
  const run: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!tokenUrls.has(url) || (init?.method ?? 'GET').toUpperCase() !== 'POST') return globalThis.fetch(input, init);
    const isEarly = granted > 0 && Date.now() < dueAt;
    if (isEarly && early >= EARLY_GRANTS) {
      refused = `the run asked the token endpoint ${granted} times and the server refused the tokens it issued: no more are asked for`;
      throw new Error(refused);
    }
    granted++;
    if (isEarly) early++;
    const response = await globalThis.fetch(input, init);
    const life = await lifeMs(response.clone());
    // Due as the engine asks again: half its life early, at most a minute.
    dueAt = Date.now() + life - Math.min(60_000, life / 2);
    return response;
  };
  return { fetch: run, refusal: () => refused };
}

/** The largest token answer read for its `expires_in`. */
const MAX_TOKEN_BYTES = 64 * 1024;

/** A token's life as its answer gives it (`expires_in`), in milliseconds; a day where it gives none, 0 where it is unreadable. */
async function lifeMs(response: Response): Promise<number> {
  const reader = response.body?.getReader();
  if (!reader) return 0;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
      size += read.value.length;
      if (size > MAX_TOKEN_BYTES) return 0;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { expires_in?: unknown };
    const seconds = Number(body?.expires_in);
    return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 86_400_000;
  } catch {
    return 0;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
