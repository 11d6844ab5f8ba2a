/**
 * The client side of the end-to-end OAuth test: an OAuth client provider for the MCP SDK's client
 * (it registers dynamically, keeps its tokens in memory, and hands the authorization URL to the
 * test instead of a browser), a browser that signs in at oidc-provider's developer pages, and a
 * transcript of every request either makes (method, address and status; codes, states and tokens elided).
 */
import type { OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState, OAuthTokens, StoredOAuthClientInformation } from '@modelcontextprotocol/client';

/** Where the authorization server sends the browser back; nothing listens there, the test reads the code from the redirect. */
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** One line a request of the flow: `GET http://…/.well-known/… -> 200`, with what must not be shown elided. */
export class Transcript {
  readonly lines: string[] = [];
  note(text: string): void {
    this.lines.push(`# ${text}`);
  }
  record(method: string, url: string, status: number, detail = ''): void {
    this.lines.push(`${method} ${elided(url)} -> ${status}${detail ? ` ${detail}` : ''}`);
  }
  /** A fetch that records each exchange (and the challenge of a 401 or 403). */
  fetch(): typeof fetch {
    return async (input, init) => {
      const request = new Request(input, init);
      const response = await fetch(request);
      const challenge = response.status === 401 || response.status === 403 ? (response.headers.get('www-authenticate') ?? '') : '';
      this.record(request.method, request.url, response.status, challenge ? `WWW-Authenticate: ${challenge}` : '');
      return response;
    };
  }
}

/** Query values and challenge parts that carry secrets or one-time values. */
function elided(url: string): string {
  const parsed = new URL(url);
  for (const key of ['code', 'code_challenge', 'state', 'client_id']) if (parsed.searchParams.has(key)) parsed.searchParams.set(key, '…');
  return parsed.href.replace(/%E2%80%A6/g, '…');
}

/** An in-memory OAuth client provider: what a desktop MCP client keeps in its keychain. */
export class MemoryOAuthProvider implements OAuthClientProvider {
  private info: StoredOAuthClientInformation | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = '';
  private discovered: OAuthDiscoveryState | undefined;
  /** The last authorization URL the SDK asked to send the user to. */
  authorizationUrl: URL | undefined;

  get redirectUrl(): string {
    return REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'podcast-gen end-to-end test',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation(): StoredOAuthClientInformation | undefined {
    return this.info;
  }
  saveClientInformation(info: StoredOAuthClientInformation): void {
    this.info = info;
  }
  tokens(): OAuthTokens | undefined {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovered = state;
  }
  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovered;
  }
}

/**
 * Signs in as `login` in oidc-provider's developer pages, from the authorization URL to the redirect
 * back: follows redirects, submits the login form and then the consent form, keeping the cookies.
 * Resolves with the redirect's query (the code).
 */
export async function signIn(authorizationUrl: URL, login: string, transcript: Transcript): Promise<URLSearchParams> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let init: RequestInit = { method: 'GET' };
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    transcript.record(init.method ?? 'GET', url.href, response.status);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.href.startsWith(REDIRECT_URI)) return next.searchParams;
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || !prompt) throw new Error(`sign-in stopped at ${url.href} (HTTP ${response.status}): ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any password' } : {}) });
    url = new URL(action, url);
    init = { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('sign-in did not come back within 20 steps');
}
