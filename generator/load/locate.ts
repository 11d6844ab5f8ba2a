import { getLineColLocation, type Source } from '@redocly/openapi-core';
import { jsonLocator, type JsonLocator } from './json-locate.js';

/**
 * 1-based line and column of the node a JSON pointer names in a source (of its key, unless
 * `onKey` is false), or undefined if absent. A JSON source is searched as text (json-locate.ts);
 * any other gets redocly's YAML AST.
 */
export function locatePointer(source: Source, pointer: string, onKey = true): { line: number; col: number } | undefined {
  if (parsedAsJson(source)) {
    let locator = jsonLocators.get(source);
    if (locator === undefined) jsonLocators.set(source, (locator = jsonLocator(source.body)));
    return locator.locate(pointer, onKey);
  }
  try {
    const found = getLineColLocation({ source, pointer, reportOnKey: onKey });
    return { line: found.start.line, col: found.start.col };
  } catch {
    return undefined;
  }
}

const jsonLocators = new WeakMap<Source, JsonLocator>();

/** A pointer short enough for a one-line message (a problem's `pointer` keeps it whole). */
export function shortPointer(pointer: string): string {
  return pointer.length <= 120 ? pointer : `${pointer.slice(0, 72)}…${pointer.slice(-40)}`;
}

/** The path as a user should read it: relative to cwd with forward slashes, or the URL unchanged. */
export function displayPath(absoluteRef: string, cwd: string): string {
  if (/^https?:\/\//i.test(absoluteRef)) return absoluteRef;
  const normalizedCwd = cwd.replace(/\\/g, '/').replace(/\/$/, '');
  const file = absoluteRef.replace(/\\/g, '/');
  if (file.startsWith(`${normalizedCwd}/`)) return file.slice(normalizedCwd.length + 1);
  return relativePosix(normalizedCwd, file);
}

function relativePosix(from: string, to: string): string {
  const a = from.split('/').filter(Boolean);
  const b = to.split('/').filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/');
}

/** Whether the resolver parses this source with JSON.parse (and nothing else): a `.json` name or a JSON media type. */
export function parsedAsJson(source: Source): boolean {
  const name = /^https?:/i.test(source.absoluteRef) ? new URL(source.absoluteRef).pathname : source.absoluteRef;
  return /\.json$/i.test(name) || /\bjson\b/i.test(source.mimeType ?? '');
}
