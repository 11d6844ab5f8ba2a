/**
 * Line and column of JSON-pointer places in a JSON text, without parsing the whole text again.
 * redocly finds a place by building a YAML AST of the whole source first, which for a large JSON
 * document costs more than the rest of the run's reporting (bench/RESULTS.md). Here each object or
 * array on a pointer's way is indexed once (where each member starts), skipping member values as
 * text, so that a run's many places cost about one pass over the parts of the text they lie in.
 */

import { CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, OPEN_ARRAY, OPEN_OBJECT, QUOTE, stringEnd } from './json-codes.js';

/** Member name (object) or index (array) -> offset of the member's key (object) and value. */
interface Container {
  members: Map<string, { key: number; value: number }>;
}

export interface JsonLocator {
  /**
   * 1-based line and column of the member's key (`onKey`) or value; of the nearest enclosing
   * member when the pointer names nothing; undefined when it is not a pointer.
   */
  locate(pointer: string, onKey: boolean): { line: number; col: number } | undefined;
}

export function jsonLocator(text: string): JsonLocator {
  const containers = new Map<number, Container>();
  let lineStarts: number[] | undefined;

  const containerAt = (offset: number): Container | undefined => {
    let container = containers.get(offset);
    if (container === undefined) {
      const code = text.charCodeAt(offset);
      if (code !== OPEN_OBJECT && code !== OPEN_ARRAY) return undefined;
      container = code === OPEN_OBJECT ? indexObject(text, offset) : indexArray(text, offset);
      containers.set(offset, container);
    }
    return container;
  };

  const place = (offset: number) => {
    lineStarts ??= newlineOffsets(text);
    // The last line start at or before the offset.
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, col: offset - (lineStarts[low] as number) + 1 };
  };

  return {
    locate(pointer, onKey) {
      const tokens = pointerTokens(pointer);
      if (tokens === undefined) return undefined;
      let value = skipSpace(text, 0);
      let key = value;
      for (const token of tokens) {
        const member = containerAt(value)?.members.get(token);
        // As redocly does: a place that is not in the text is reported at its nearest enclosing one.
        if (member === undefined) break;
        ({ key, value } = member);
      }
      return place(onKey ? key : value);
    },
  };
}

/** The tokens of `#/a/b~1c` (or `/a/b~1c`), decoded as redocly decodes them; undefined when it is no pointer. */
function pointerTokens(pointer: string): string[] | undefined {
  const path = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (path === '' || path === '/') return [];
  if (!path.startsWith('/')) return undefined;
  return path
    .slice(1)
    .split('/')
    .map((token) => {
      const unescaped = token.replace(/~1/g, '/').replace(/~0/g, '~');
      try {
        return decodeURIComponent(unescaped);
      } catch {
        return unescaped;
      }
    });
}

function indexObject(text: string, open: number): Container {
  const members = new Map<string, { key: number; value: number }>();
  let at = skipSpace(text, open + 1);
  if (text.charCodeAt(at) === CLOSE_OBJECT) return { members };
  for (;;) {
    const key = at;
    const keyEnd = skipString(text, key);
    const raw = text.slice(key + 1, keyEnd - 1);
    const name = raw.includes('\\') ? (JSON.parse(text.slice(key, keyEnd)) as string) : raw;
    at = skipSpace(text, keyEnd);
    if (text.charCodeAt(at) !== COLON) return { members };
    const value = skipSpace(text, at + 1);
    // JSON.parse keeps the last of duplicate keys; so does this.
    members.set(name, { key, value });
    at = skipSpace(text, skipValue(text, value));
    if (text.charCodeAt(at) !== COMMA) return { members };
    at = skipSpace(text, at + 1);
  }
}

function indexArray(text: string, open: number): Container {
  const members = new Map<string, { key: number; value: number }>();
  let at = skipSpace(text, open + 1);
  if (text.charCodeAt(at) === CLOSE_ARRAY) return { members };
  for (let index = 0; ; index++) {
    members.set(String(index), { key: at, value: at });
    at = skipSpace(text, skipValue(text, at));
    if (text.charCodeAt(at) !== COMMA) return { members };
    at = skipSpace(text, at + 1);
  }
}

function skipSpace(text: string, at: number): number {
  for (;;) {
    const code = text.charCodeAt(at);
    if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) at++;
    else return at;
  }
}

/** The offset just after the string that opens at `at`. */
function skipString(text: string, at: number): number {
  return Math.min(stringEnd(text, at) + 1, text.length);
}

/** The offset just after the value that starts at `at`. */
function skipValue(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code === QUOTE) return skipString(text, at);
  if (code !== OPEN_OBJECT && code !== OPEN_ARRAY) {
    // A number, true, false or null ends at the next delimiter.
    let end = at;
    for (;;) {
      const c = text.charCodeAt(end);
      if (Number.isNaN(c) || c === COMMA || c === CLOSE_OBJECT || c === CLOSE_ARRAY || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) return end;
      end++;
    }
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = skipString(text, i) - 1;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && --depth === 0) return i + 1;
  }
  return text.length;
}

function newlineOffsets(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}
