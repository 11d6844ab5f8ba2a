/**
 * A path written with a fragment: some documents give each operation that shares a path a key of
 * its own, `/#X-Target=Service.Create` (a header the operation sends) or `/#Action=DeleteAlarms`
 * (a query parameter), or only a name,
 * `/tags/{resourceArn}#tagKeys`. A URL's fragment is never sent: the client requests the path
 * before it, and the mock tells such operations apart by the `name=value` pairs.
 */
export function requestTemplate(path: string): string {
  const at = path.indexOf('#');
  return at < 0 ? path : path.slice(0, at) || '/';
}

/**
 * The path a request is routed by: without fragment, and without a query part some documents write
 * into the template (`/alerts?lat={lat}&lon={lon}`, whose `lat` and `lon` are declared path
 * parameters: test/fixtures-mock/query-in-path.test.ts). The client sends that part as the query
 * string's first pairs.
 */
export function requestPath(path: string): string {
  const template = requestTemplate(path);
  const at = template.indexOf('?');
  return at < 0 ? template : template.slice(0, at) || '/';
}

/** The `name=value` pairs of a query part written into a path template (`?lat={lat}&units=M`), values as written. */
export function templateQueryPairs(path: string): [string, string][] {
  const template = requestTemplate(path);
  const at = template.indexOf('?');
  return at < 0 ? [] : pairsOf(template.slice(at + 1), (value) => value);
}

/** The `name=value` pairs of a path's fragment (`#Action=DeleteAlarms&Version=2010-08-01`), if any. */
export function fragmentPairs(path: string): [string, string][] {
  const at = path.indexOf('#');
  if (at < 0) return [];
  return pairsOf(path.slice(at + 1), decodeURIComponent);
}

function pairsOf(text: string, value: (text: string) => string): [string, string][] {
  return text.split('&').flatMap((pair) => {
    const eq = pair.indexOf('=');
    return eq > 0 ? [[decodeURIComponent(pair.slice(0, eq)), value(pair.slice(eq + 1))] as [string, string]] : [];
  });
}
