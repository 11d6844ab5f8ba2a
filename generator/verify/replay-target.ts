/**
 * Where `podcast-gen verify --replay` sends a report's requests: the server this run names with
 * `--base-url`, never the one the report names. A report can come from CI, a colleague or a pull
 * request, and its requests go out with this run's credentials (an API key, a token, and a relative
 * token URL's client secret), so the report may say where it was made, not where to send them.
 */

/** The base URL to replay against, or why there is none (a usage error: its message and hint). */
export function replayBaseUrl(given: string | undefined, reported: string | undefined): { baseUrl: string } | { message: string; hint: string } {
  if (given !== undefined) return { baseUrl: given };
  const shown = shownOrigin(reported);
  return {
    message: `--replay sends its requests with this run's credentials, so only where --base-url says${shown ? `: the report was made against ${shown}` : ''}`,
    hint: shown
      ? `pass --base-url ${shown} to send them there again (if you trust that server with your credentials), or the address of another server`
      : 'pass --base-url with the address of the server to send them to',
  };
}

/**
 * A report's base URL as it may be printed: an http(s) URL's origin and path, without user
 * information, query or fragment (a report could carry a password in it); undefined for anything else.
 */
function shownOrigin(reported: string | undefined): string | undefined {
  if (reported === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(reported);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return `${url.origin}${url.pathname === '/' ? '' : url.pathname}`;
}
