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

/** Whether the resolver parses this source with JSON.parse (and nothing else): a `.json` name or a JSON media type. */
export function parsedAsJson(source: Source): boolean {
  const name = /^https?:/i.test(source.absoluteRef) ? new URL(source.absoluteRef).pathname : source.absoluteRef;
  return /\.json$/i.test(name) || /\bjson\b/i.test(source.mimeType ?? '');
}
