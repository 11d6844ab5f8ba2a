import { escapeToken } from '../json-pointer.js';
import { CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, OPEN_ARRAY, OPEN_OBJECT, QUOTE, stringEnd } from './json-codes.js';

/** Where a text nests too deep: the first value past the limit, as a pointer and an offset into the text. */
export interface TooDeep {
  pointer: string;
  offset: number;
}

/** 1 at the character codes this scan acts on. */
const STRUCTURAL = new Uint8Array(CLOSE_OBJECT + 1);
for (const c of [QUOTE, OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY, COMMA, COLON]) STRUCTURAL[c] = 1;

/**
 * The first value of a JSON text nested more than `maxDepth` values deep (the root is 1 deep), in
 * one pass over the text, before it is parsed: JSON.parse accepts any depth, slowly, and a place
 * found in the text has the line and column that redocly's locator, which recurses, cannot find in
 * such a text. A text that is not JSON gives a wrong place or none; it fails to parse next.
 */
export function findTooDeepJson(text: string, maxDepth: number): TooDeep | undefined {
  // The open objects and arrays, outermost first: an array's current index, or where an object's
  // current key is written (its opening quote), -1 before the first.
  const inArray: boolean[] = [];
  const at: number[] = [];
  let depth = 0;
  let keyNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Most of a text outside its strings is indentation, digits and letters: skipped first.
    if (c >= STRUCTURAL.length || STRUCTURAL[c] === 0) continue;
    if (c === QUOTE) {
      if (keyNext) {
        at[depth - 1] = i;
        keyNext = false;
      }
      i = stringEnd(text, i);
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      inArray[depth] = c === OPEN_ARRAY;
      at[depth] = c === OPEN_ARRAY ? 0 : -1;
      depth++;
      keyNext = c === OPEN_OBJECT;
      if (depth === maxDepth) {
        const next = nextSignificant(text, i + 1);
        const close = text.charCodeAt(next);
        if (next < text.length && close !== CLOSE_OBJECT && close !== CLOSE_ARRAY) {
          if (keyNext) at[depth - 1] = next;
          return { pointer: pointerOf(text, inArray, at, depth), offset: next };
        }
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
      keyNext = false;
    } else if (c === COMMA && depth > 0) {
      if (inArray[depth - 1]) (at[depth - 1] as number)++;
      else keyNext = true;
    } else if (c === COLON) {
      keyNext = false;
    }
  }
  return undefined;
}

function nextSignificant(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text.charAt(i))) i++;
  return i;
}

function pointerOf(text: string, inArray: readonly boolean[], at: readonly number[], depth: number): string {
  let pointer = '#';
  for (let level = 0; level < depth; level++) {
    const where = at[level] as number;
    pointer += `/${inArray[level] ? where : escapeToken(keyAt(text, where))}`;
  }
  return pointer;
}

function keyAt(text: string, quote: number): string {
  const raw = text.slice(quote, stringEnd(text, quote) + 1);
  try {
    return String(JSON.parse(raw));
  } catch {
    return raw.slice(1, -1);
  }
}
