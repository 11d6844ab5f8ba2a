/**
 * Which operation a request is for: its method and path against every route's path template, the
 * more concrete path first, as OpenAPI asks; and which methods a path answers (RFC 9110's `Allow`).
 */
import type { MockRoute } from './wire.js';

/**
 * The route of a request and its path parameters, as sent (still percent-escaped: a styled value is
 * split on its delimiters before it is decoded); `methodMismatch` when only the path matches, with
 * the methods the path does answer.
 */
export function matchRoute(
  routes: readonly MockRoute[],
  method: string,
  pathname: string,
  carries: (name: string, value?: string) => boolean = () => true,
  bodyKind?: MockRoute['bodyKind'],
): RouteMatch | MethodMismatch | undefined {
  const parts = pathname.split('/');
  const methods = new Set<string>();
  // Operations told apart only by their path's fragment: the one whose pairs the request carries,
  // else the first (its validation then names the header or parameter that is missing).
  let first: RouteMatch | undefined;
  let best: RouteMatch | undefined;
  for (const route of routes) {
    const pathParams = matchSegments(route.path.split('/'), parts, route.choices);
    if (!pathParams) continue;
    methods.add(route.method);
    if (route.method !== method) continue;
    // The pairs of its fragment, and the keys of the query part of its template
    // (`/current?city={city}` beside `/current?lat={lat}&lon={lon}`), are the request's to carry.
    const carried = (route.fragment ?? []).every(([name, value]) => carries(name, value)) && (route.queryParameters ?? []).every(([key]) => carries(key));
    if (!carried) first ??= { route, pathParams, alike: [] };
    else if (!best || moreConcrete(route, best.route, bodyKind)) best = { route, pathParams, alike: [] };
    else if (!moreConcrete(best.route, route, bodyKind)) best.alike.push({ route, pathParams });
  }
  return best ?? first ?? (methods.size > 0 ? { methodMismatch: true, allowed: allowedMethods(methods) } : undefined);
}

/** A path whose operations are all of other methods than the request's. */
export interface MethodMismatch {
  methodMismatch: true;
  /** The methods the path answers, for `Allow` (RFC 9110 10.2.1). */
  allowed: string[];
}

/**
 * The methods a path answers: its operations', HEAD where it has a GET (answered as the GET
 * without its body, RFC 9110 9.3.2), and OPTIONS (answered with `Allow`).
 */
export function allowedMethods(methods: ReadonlySet<string>): string[] {
  const allowed = [...methods];
  if (methods.has('GET') && !methods.has('HEAD')) allowed.push('HEAD');
  if (!methods.has('OPTIONS')) allowed.push('OPTIONS');
  return allowed;
}

/** A request's route; `alike`: the later routes the request matches just as well (the server takes the first whose input it holds). */
export interface RouteMatch {
  route: MockRoute;
  pathParams: Record<string, string>;
  alike: { route: MockRoute; pathParams: Record<string, string> }[];
}

/**
 * How concrete a path template is, per segment: 2 all literal, 1 a parameter with literal text
 * beside it, 0 a parameter alone. OpenAPI matches concrete paths before templated ones
 * (`/commits/{sha}.{diffType}` before `/commits/{sha}`, which `abc.diff` matches too; `/users/me`
 * before `/users/{id}`): the mock takes the more concrete route of those a request matches, and the
 * MSW handlers go in that order (generator/emit/msw reads this very rule).
 */
export function pathConcreteness(path: string): readonly number[] {
  return path.split('/').map((segment) => (!segment.includes('{') ? 2 : /^\{[^}]*\}$/.test(segment) ? 0 : 1));
}

/** Negative where `a` is the more concrete at the first segment both have where they differ, positive where `b` is, else 0. */
export function compareConcreteness(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (b[i] as number) - (a[i] as number);
  return 0;
}

/** Each route's concreteness, worked out once per route. */
const levelsOf = new WeakMap<MockRoute, readonly number[]>();

function concreteness(route: MockRoute): readonly number[] {
  let levels = levelsOf.get(route);
  if (!levels) {
    levels = pathConcreteness(route.path);
    levelsOf.set(route, levels);
  }
  return levels;
}

/**
 * Of the routes a path matches, the one more literal at the first segment where they differ; of
 * alike paths, the one with the more fragment pairs the request carries, then the one whose body is
 * of the request's kind; the document's order decides the rest.
 */
function moreConcrete(route: MockRoute, than: MockRoute, bodyKind: MockRoute['bodyKind']): boolean {
  const order = compareConcreteness(concreteness(route), concreteness(than));
  if (order !== 0) return order < 0;
  // Alike paths: the one whose fragment the request carries is the more particular
  // (`/files/{path}#op=STATUS` beside `/files/{path}`).
  const pairs = (route.fragment?.length ?? 0) + (route.queryParameters?.length ?? 0) - (than.fragment?.length ?? 0) - (than.queryParameters?.length ?? 0);
  if (pairs !== 0) return pairs > 0;
  // Then the one whose body is of the request's kind (`/analyze` takes JSON, and
  // `/analyze#overload=stream` an image's bytes).
  return bodyKind !== undefined && route.bodyKind === bodyKind && than.bodyKind !== bodyKind;
}

function matchSegments(segments: readonly string[], parts: readonly string[], choices: MockRoute['choices']): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const part = parts[i] as string;
    if (!segment.includes('{')) {
      if (segment !== part) return undefined;
      continue;
    }
    // `{name}` captures a non-empty piece of one segment; text around it must match literally.
    const names: string[] = [];
    const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const source = segment.replace(/\{([^}]+)\}|[^{]+/g, (text, name?: string) => {
      if (name === undefined) return escapeRegExp(text);
      names.push(name);
      // A parameter with an enum beside another in the segment ends where one of its values does
      // (`{id}{extension}` with the extensions `.json` and `.xml`).
      const values = choices?.[name];
      if (values) return `(${values.map(escapeRegExp).join('|')})`;
      // Greedy: of two parameters in a segment, the first takes all but the last separator's part
      // (`{maxLat}.{format}` reads `52.52.json` as 52.52 and json).
      return '([^/]+)';
    });
    const match = new RegExp(`^${source}$`).exec(part);
    if (!match) return undefined;
    names.forEach((name, index) => {
      params[name] = match[index + 1] as string;
    });
  }
  return params;
}
