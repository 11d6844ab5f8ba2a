/**
 * Credentials: what the options give, by the document's security scheme names, and the ones an
 * operation sends, had at call time (a function called, a client-credentials token reused or asked
 * for). Every value had is handed to the {@link Redactor} before it is sent.
 */
import { CredentialError } from '../errors.js';
import type { CoreOptions } from '../core/options.js';
import type { AuthSpec, OperationSpec, SchemeSpec } from '../spec.js';
import { base64, isRecord } from '../values.js';
import { bounded } from '../waits.js';
import type { Redactor } from './redaction.js';
import { TokenCache } from './tokens.js';

/**
 * A credential, or a function that gives it when a request needs it (sync or async): it is called
 * for every request that sends it, so it may return a token it has refreshed.
 */
export type Credential<T> = T | (() => T | Promise<T>);

/** HTTP basic credentials: `user:password`, or the two apart. */
export type BasicCredential = string | { username: string; password: string };

/**
 * OAuth 2.0 client credentials (RFC 6749, 4.4): the client asks the token endpoint for a token,
 * sends it as a bearer token, and asks for a new one shortly before it expires. One request is in
 * flight at a time, shared by concurrent calls; a failed one is not repeated until a call needs it.
 */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /** Scopes asked for; none: the authorization server's default. */
  scopes?: readonly string[];
  /** The token endpoint, where the document gives none or another; a relative one is read against `baseUrl`. */
  tokenUrl?: string;
  /** How the client proves itself to the token endpoint: HTTP basic (the default, RFC 6749 2.3.1), or `client_id` and `client_secret` in the form. */
  clientAuth?: 'basic' | 'body';
}

/** The credentials a client sends, by the document's security scheme names. */
export type Credentials = Record<string, Credential<BasicCredential> | ClientCredentials | undefined>;

/** The credentials of one attempt, by where they go. */
export interface AppliedCredentials {
  /** The schemes sent. */
  schemes: string[];
  /** Header name, value, and the scheme it is of. */
  headers: [string, string, string][];
  query: [string, string][];
  cookies: string[];
  /** The client-credentials tokens sent, by scheme: the ones a 401 may expire. */
  tokens: [string, string][];
}

/** A failure of one scheme's credential, as the {@link CredentialError} the call throws. */
type Fail = (reason: string, more?: { status?: number; cause?: unknown }) => CredentialError;

/** The credentials a client was given, and how an operation's are had. */
export class Authenticator {
  readonly #options: CoreOptions;
  readonly #auth: AuthSpec;
  readonly #redactor: Redactor;
  /** The credentials given, by scheme name. */
  readonly #given: Map<string, Credential<BasicCredential> | ClientCredentials>;
  readonly #tokens = new TokenCache();

  /** Reads the credentials of `options`; throws a TypeError for one that cannot be used, or none where one is required. */
  constructor(options: CoreOptions, auth: AuthSpec, redactor: Redactor) {
    this.#options = options;
    this.#auth = auth;
    this.#redactor = redactor;
    this.#given = givenCredentials(options, auth);
    // A key given is redacted wherever it shows, even where the document declares no credential.
    if (typeof options.apiKey === 'string') redactor.add(options.apiKey, true);
    for (const credential of this.#given.values()) for (const secret of fixedSecrets(credential)) redactor.add(secret, true);
  }

  /**
   * The credentials of the operation's first alternative whose credentials are all given (none
   * where it needs none), each had now: a function called, a client-credentials token reused or
   * asked for. Bounded by the attempt's time limit and the caller's signal.
   */
  async credentials(spec: OperationSpec, timeoutMs: number, signal: AbortSignal | undefined): Promise<AppliedCredentials> {
    const applied: AppliedCredentials = { schemes: [], headers: [], query: [], cookies: [], tokens: [] };
    const requirements = spec.security ?? this.#auth.security;
    if ('unsatisfiable' in requirements)
      throw new CredentialError({
        operationId: spec.operationId,
        message: `${spec.operationId} cannot be called by this client: ${requirements.unsatisfiable}`,
      });
    if (requirements.length === 0) return applied;
    const chosen = requirements.find((alternative) => alternative.every((name) => this.#given.has(name)));
    if (!chosen)
      throw new CredentialError({ operationId: spec.operationId, message: `${spec.operationId} needs a credential: ${this.#describe(requirements)}` });
    for (const name of chosen) {
      const scheme = this.#auth.schemes[name] as SchemeSpec;
      const fail: Fail = (reason, more = {}) =>
        new CredentialError({
          operationId: spec.operationId,
          scheme: name,
          message: this.#redactor.redact(`${spec.operationId}: security scheme ${name}: ${reason}`),
          ...more,
        });
      // A token request keeps its own time limit (it may be another call's); a function is held to the attempt's.
      const granted = isClientCredentials(this.#given.get(name));
      const limit = granted ? undefined : timeoutMs;
      const value = await bounded(this.#credential(name, scheme, fail, timeoutMs), {
        timeoutMs: limit,
        signal,
        operationId: spec.operationId,
        timedOut: () => fail(`no credential within ${timeoutMs} ms`),
      });
      this.#redactor.add(value, false);
      applied.schemes.push(name);
      if (granted) applied.tokens.push([name, value]);
      if (scheme.kind === 'apiKey' && scheme.in === 'header') applied.headers.push([scheme.name, value, name]);
      else if (scheme.kind === 'apiKey' && scheme.in === 'query') applied.query.push([scheme.name, value]);
      else if (scheme.kind === 'apiKey') applied.cookies.push(`${scheme.name}=${encodeURIComponent(value)}`);
      // RFC 7617: the user-pass is UTF-8 (btoa alone would throw on characters past U+00FF).
      else if (scheme.kind === 'basic') applied.headers.push(['authorization', `Basic ${base64(new TextEncoder().encode(value))}`, name]);
      else applied.headers.push(['authorization', `Bearer ${value}`, name]);
    }
    return applied;
  }

  /**
   * A 401 to a request that carried `applied`: each client-credentials token it carried is forgotten
   * (unless another call has had a new one since, which is kept), so that the next attempt has a
   * fresh one, one request shared by every call that met the 401. True when it carried such a token:
   * the request may then be worth one more attempt; a credential given as it is has no fresher one.
   */
  rejected(applied: AppliedCredentials): boolean {
    for (const [name, token] of applied.tokens) this.#tokens.expire(name, token);
    return applied.tokens.length > 0;
  }

  /** One scheme's credential as text (basic's as `user:password`). */
  async #credential(name: string, scheme: SchemeSpec, fail: Fail, timeoutMs: number): Promise<string> {
    const given = this.#given.get(name);
    if (isClientCredentials(given)) return this.#token(name, scheme, given, fail, timeoutMs);
    let value: unknown;
    try {
      value = typeof given === 'function' ? await given() : given;
    } catch (error) {
      throw fail('its credential function failed', { cause: error });
    }
    if (isRecord(value) && typeof value['username'] === 'string' && typeof value['password'] === 'string') {
      this.#redactor.add(value['password'], false);
      value = `${value['username']}:${value['password']}`;
    }
    if (typeof value !== 'string' || value === '') throw fail(`its credential is ${typeof value === 'string' ? 'empty' : 'not text'}`);
    return value;
  }

  /** A client-credentials token: the one held while it is fresh, else the one request in flight, else a new request. */
  async #token(name: string, scheme: SchemeSpec, given: ClientCredentials, fail: Fail, timeoutMs: number): Promise<string> {
    const tokenUrl = given.tokenUrl ?? (scheme.kind === 'oauth2' ? scheme.tokenUrl : undefined);
    const request = this.#auth.requestToken;
    if (!tokenUrl || !request) throw fail('no token URL: the document gives none, give clientCredentials.tokenUrl');
    const outcome = await this.#tokens.token(name, () =>
      request({ tokenUrl: new URL(tokenUrl, this.#options.baseUrl).href, credentials: given, fetch: this.#options.fetch ?? globalThis.fetch, timeoutMs }),
    );
    if ('token' in outcome) return outcome.token;
    throw fail(`the token endpoint ${outcome.failure}`, outcome.status === undefined ? {} : { status: outcome.status });
  }

  /** The alternatives of a requirement as the options that fill them: `auth.A (or apiKey)`, `auth.B with auth.C`. */
  #describe(requirements: readonly (readonly string[])[]): string {
    const option = (name: string) => `auth.${name}${name === this.#auth.apiKey ? ' (or apiKey)' : ''}`;
    return requirements.map((alternative) => alternative.map(option).join(' with ')).join(', or ');
  }
}

/** A table of the shape clients generated before per-scheme credentials held (one scheme, or `none`), as today's. */
export function currentAuth(auth: AuthSpec | SchemeSpec | { kind: 'none' }): AuthSpec {
  if ('schemes' in auth) return auth;
  if (auth.kind === 'none') return { schemes: {}, security: [] };
  return { schemes: { apiKey: auth }, security: [['apiKey']], apiKey: 'apiKey', required: true };
}

function isClientCredentials(value: unknown): value is ClientCredentials {
  return isRecord(value) && 'clientId' in value;
}

/** The credentials the options give, by scheme name (`apiKey` for its scheme); refuses what cannot be used. */
function givenCredentials(options: CoreOptions, auth: AuthSpec): Map<string, Credential<BasicCredential> | ClientCredentials> {
  const given = new Map<string, Credential<BasicCredential> | ClientCredentials>();
  const declared = Object.keys(auth.schemes);
  for (const [name, credential] of Object.entries(options.auth ?? {})) {
    if (credential === undefined) continue;
    const scheme = auth.schemes[name];
    if (!scheme || !Object.hasOwn(auth.schemes, name))
      throw new TypeError(`auth.${name}: the document declares no such security scheme${declared.length > 0 ? ` (it declares ${declared.join(', ')})` : ''}`);
    if (credential === '') throw new TypeError(`auth.${name} is empty`);
    if (isClientCredentials(credential)) {
      if (scheme.kind !== 'oauth2') throw new TypeError(`auth.${name}: client credentials are for an OAuth 2.0 scheme`);
      if (typeof credential.clientId !== 'string' || typeof credential.clientSecret !== 'string' || credential.clientId === '')
        throw new TypeError(`auth.${name}: clientId and clientSecret are text`);
      if (!credential.tokenUrl && !scheme.tokenUrl) throw new TypeError(`auth.${name}: the document gives no token URL: give clientCredentials' tokenUrl`);
    }
    given.set(name, credential);
  }
  const apiKey = options.apiKey;
  if (auth.apiKey && apiKey !== undefined && apiKey !== '' && !given.has(auth.apiKey)) given.set(auth.apiKey, apiKey);
  if (auth.required && given.size === 0) {
    const others = declared.filter((name) => name !== auth.apiKey).map((name) => `auth.${name}`);
    throw new TypeError(
      auth.apiKey ? `apiKey is required${others.length > 0 ? ` (or ${others.join(', ')})` : ''}` : `a credential is required: ${others.join(', or ')}`,
    );
  }
  return given;
}

/** The secrets a credential holds that are known now: a value, basic's password, a client secret. */
function fixedSecrets(credential: Credential<BasicCredential> | ClientCredentials): string[] {
  if (typeof credential === 'string') return [credential, ...(credential.includes(':') ? [credential.slice(credential.indexOf(':') + 1)] : [])];
  if (isClientCredentials(credential)) return [credential.clientSecret];
  if (isRecord(credential) && typeof credential.password === 'string') return [credential.password, `${String(credential.username)}:${credential.password}`];
  return [];
}
