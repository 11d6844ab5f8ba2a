/**
 * Where the MSW handlers listen: an operation's path in MSW's syntax (path-to-regexp's: `:name`
 * parameters, `\` before a character it reads), and the base address they answer on by default.
 */
import { compareConcreteness, pathConcreteness } from '../../../templates/mock/match.js';
import { requestPath } from '../../model/path-fragment.js';
import type { ServerModel } from '../../model/types.js';

/**
 * Characters path-to-regexp reads in a path (a parameter, a group, a modifier, an escape): written
 * with `\` before them. Not `*`: MSW reads every `*` as a wildcard, escaped or not (an escaped one
 * breaks the pattern), so a literal one matches as a wildcard.
 */
const PATTERN_CHARACTERS = /[\\(){}:+?]/g;

/**
 * `/catalogs/{kind}` -> `/catalogs/:kind`. The path a request is routed by (without fragment or a
 * query part written into the template); a parameter's name is kept to `[A-Za-z0-9_]`, the letters
 * path-to-regexp takes; a parameter right after another (`{id}{ext}`), which it cannot tell apart,
 * is matched by the first.
 */
export function mswPath(path: string): string {
  const template = requestPath(path);
  const parts: string[] = [];
  let last = 0;
  for (const match of template.matchAll(/\{([^{}]*)\}/g)) {
    const literal = template.slice(last, match.index);
    if (literal !== '' || last === 0) parts.push(escaped(literal), `:${parameterName(match[1] as string)}`);
    last = match.index + match[0].length;
  }
  parts.push(escaped(template.slice(last)));
  return parts.join('');
}

function escaped(literal: string): string {
  return literal.replace(PATTERN_CHARACTERS, (c) => `\\${c}`);
}

function parameterName(name: string): string {
  const safe = name.replace(/\W/g, '_');
  return safe === '' ? '_' : safe;
}

/**
 * Items in the order their handlers go: the more concrete path first, by the mock's own rule
 * (`pathConcreteness` of templates/mock/match.ts: `/books/{id}.{ext}` before `/books/{bookId}`,
 * `/users/me` before `/users/{id}`); else the document's order. MSW answers with the first handler
 * that matches, so the order is theirs to keep.
 */
export function concreteFirst<T>(items: readonly T[], pathOf: (item: T) => string): T[] {
  const levels = new Map(items.map((item) => [item, pathConcreteness(requestPath(pathOf(item)))]));
  return [...items].sort((a, b) => compareConcreteness(levels.get(a) as readonly number[], levels.get(b) as readonly number[]));
}

/**
 * The base address of the document's first server, its variables at their defaults, without a
 * trailing `/`. A relative one (`/api/v3`), or none, is answered on any origin (`*` before the
 * path, or alone): in Node a relative path matches nothing, and in a browser the page's origin is one of any.
 */
export function defaultBaseUrl(servers: readonly ServerModel[]): string {
  const [server] = servers;
  if (!server) return '*';
  const url = server.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => server.variables.find((v) => v.name === name)?.default ?? whole).replace(/\/+$/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  return `*${url.startsWith('/') || url === '' ? '' : '/'}${url}`;
}
