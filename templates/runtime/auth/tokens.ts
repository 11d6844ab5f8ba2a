/**
 * OAuth 2.0 client credentials (RFC 6749, 4.4): the token request, and the tokens a client holds,
 * one request in flight per scheme, shared by concurrent calls.
 */
import { ResponseTooLargeError } from '../errors.js';
import { base64, isRecord } from '../values.js';
import { parseBody, readCapped } from '../wire/response.js';
import type { ClientCredentials } from './credentials.js';

/** What a token request gives: a token and its life in seconds, or why there is none. */
export type TokenOutcome = { token: string; expiresIn?: number } | { failure: string; status?: number };

/** The largest token endpoint answer read. */
const MAX_TOKEN_RESPONSE_BYTES = 64 * 1024;

/**
 * Asks an OAuth 2.0 token endpoint for a token by the client-credentials grant (RFC 6749, 4.4): one
 * POST, no retry, no redirect followed, within `timeoutMs`. Never throws: a failure is described
 * without the endpoint's body (which may quote a secret), only its status and RFC 6749 error code.
 */
export async function requestToken(init: { tokenUrl: string; credentials: ClientCredentials; fetch: typeof fetch; timeoutMs: number }): Promise<TokenOutcome> {
  const { credentials } = init;
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (credentials.scopes && credentials.scopes.length > 0) form.set('scope', credentials.scopes.join(' '));
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' };
  if (credentials.clientAuth === 'body') {
    form.set('client_id', credentials.clientId);
    form.set('client_secret', credentials.clientSecret);
  } else {
    const pair = `${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`;
    headers['authorization'] = `Basic ${base64(new TextEncoder().encode(pair))}`;
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), init.timeoutMs);
  try {
    const response = await init.fetch(init.tokenUrl, { method: 'POST', headers, body: form.toString(), redirect: 'manual', signal: controller.signal });
    const text = new TextDecoder().decode(await (await readCapped(response, MAX_TOKEN_RESPONSE_BYTES, 'token', controller)).arrayBuffer());
    const body = parseBody(text);
    const code = isRecord(body) && typeof body['error'] === 'string' && /^[\w.-]{1,64}$/.test(body['error']) ? ` (${body['error']})` : '';
    if (!response.ok) return { failure: `answered ${response.status}${code}`, status: response.status };
    if (!isRecord(body)) return { failure: `answered ${response.status} without a JSON object`, status: response.status };
    const token = body['access_token'];
    if (typeof token !== 'string' || token === '') return { failure: `answered ${response.status} without an access_token`, status: response.status };
    const type = body['token_type'];
    if (typeof type === 'string' && type.toLowerCase() !== 'bearer')
      return { failure: `answered a token of type ${/^[\w-]{1,32}$/.test(type) ? type : '(unreadable)'}, not Bearer`, status: response.status };
    const expiresIn = Number(body['expires_in']);
    return Number.isFinite(expiresIn) && expiresIn > 0 ? { token, expiresIn } : { token };
  } catch (error) {
    if (controller.signal.aborted && !(error instanceof ResponseTooLargeError)) return { failure: `did not answer within ${init.timeoutMs} ms` };
    if (error instanceof ResponseTooLargeError) return { failure: `answered more than ${MAX_TOKEN_RESPONSE_BYTES} bytes`, status: error.status };
    return { failure: 'could not be reached' };
  } finally {
    clearTimeout(timer);
  }
}

/** A client-credentials token held, and the request for a new one while it is in flight. */
interface TokenState {
  token: string | undefined;
  /** When it is asked for again (ms since the epoch). */
  refreshAt: number;
  pending: Promise<TokenOutcome> | undefined;
}

/** The tokens a client holds, by scheme name. */
export class TokenCache {
  readonly #states = new Map<string, TokenState>();

  /**
   * The token of scheme `name`: the one held while it is fresh, else the one request in flight,
   * else a new request (`ask`), whose token is kept until half its life or a minute is left.
   */
  token(name: string, ask: () => Promise<TokenOutcome>): Promise<TokenOutcome> {
    const state = this.#states.get(name) ?? { token: undefined, refreshAt: 0, pending: undefined };
    this.#states.set(name, state);
    if (state.token !== undefined && Date.now() < state.refreshAt) return Promise.resolve({ token: state.token });
    state.pending ??= ask()
      .then((outcome) => {
        if (!('token' in outcome)) return outcome;
        state.token = outcome.token;
        // Asked for again before it expires: half its life early, at most a minute.
        state.refreshAt =
          outcome.expiresIn === undefined ? Number.POSITIVE_INFINITY : Date.now() + outcome.expiresIn * 1000 - Math.min(60_000, (outcome.expiresIn * 1000) / 2);
        return outcome;
      })
      .finally(() => {
        state.pending = undefined;
      });
    return state.pending;
  }

  /**
   * Forgets the token held for `name` if it is `sent`, the one a request carried that the API refused:
   * the next call asks for another. A token had since (another call's refresh) is kept.
   */
  expire(name: string, sent: string): void {
    const state = this.#states.get(name);
    if (state?.token === sent) state.token = undefined;
  }
}
