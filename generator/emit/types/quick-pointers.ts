/**
 * Faster equivalents of the JSON-pointer functions openapi-typescript calls while it builds types:
 * `parseRef` and `escapePointer` of its own @redocly/openapi-core (1.x `lib/ref-utils.js`), and its
 * own `createRef` (`lib/utils.cjs`). It calls them for every reference and every path it makes, and
 * `createRef` parses the path it extends (`#/paths/~1a/get/responses/200`) into parts and escapes
 * each part again, for every child of every node: redocly's versions run two regular expressions
 * and `decodeURIComponent` on every part, most of which holds none of `~`, `%` or `/`. On GitHub's
 * document they took 0.38 s of the 1.7 s the types take, on 5,000 operations 0.43 s.
 *
 * Each function here returns what the original returns, for any input: a part that needs escaping
 * or unescaping, and any input that is not a string, is handed to the original, so its result
 * (or its error, for a malformed `%` sequence) is the original's (test/unit/quick-pointers.test.ts
 * checks them on generated strings, and the printed types against `openapiTS()`).
 */
import { escapesAsWritten } from '../../json-pointer.js';

/** The part of redocly's `lib/ref-utils.js` these replace and call. */
export interface RefUtils {
  parseRef(ref: string): { uri: string | null; pointer: string[] };
  escapePointer<T extends string | number>(fragment: T): T;
  unescapePointer(fragment: string): string;
}

/** openapi-typescript's `createRef`: joins parts into a `#/...` pointer (see {@link quickCreateRef}). */
export type CreateRef = (parts: unknown[]) => string;

/** `parseRef` and `escapePointer`, each as the original, faster on parts with nothing to escape. */
export function quickPointerFunctions(original: RefUtils): Pick<RefUtils, 'parseRef' | 'escapePointer'> {
  const { parseRef, escapePointer, unescapePointer } = original;
  const unescape = (part: string) => (part.includes('~') || part.includes('%') ? unescapePointer(part) : part);
  return {
    parseRef(ref) {
      if (typeof ref !== 'string') return parseRef(ref);
      // The original splits at every `#/` and keeps the first two pieces: the text before the first
      // and the text between the first and the second.
      const hash = ref.indexOf('#/');
      const uri = hash === -1 ? ref : ref.slice(0, hash);
      const pointer: string[] = [];
      if (hash !== -1) {
        const next = ref.indexOf('#/', hash + 2);
        for (const part of ref.slice(hash + 2, next === -1 ? ref.length : next).split('/')) {
          const key = unescape(part);
          if (key) pointer.push(key);
        }
      }
      return { uri: (uri.endsWith('#') ? uri.slice(0, -1) : uri) || null, pointer };
    },
    escapePointer(fragment) {
      return typeof fragment === 'string' && !fragment.includes('~') && !fragment.includes('/') ? fragment : escapePointer(fragment);
    },
  };
}

/**
 * `createRef` as the original (`lib/utils.cjs`), which skips an empty part, escapes a plain one, and
 * splits a part holding `#/` with `parseRef` and escapes each of its parts again. A part that is a
 * pointer this could have made (see {@link isPlainPointer}) comes out as it went in, so it is
 * appended as it is; anything else (`%`, `//`, `~` before another character, a part neither string
 * nor number) is the original's to join.
 */
export function quickCreateRef(createRef: CreateRef, escapePointer: RefUtils['escapePointer']): CreateRef {
  return (parts) => {
    let pointer = '#';
    for (const part of parts) {
      if (part === undefined || part === null || part === '') continue;
      if (typeof part === 'number') pointer += `/${part}`;
      else if (typeof part !== 'string') return createRef(parts);
      else if (!part.includes('#/')) pointer += `/${escapePointer(part)}`;
      else if (isPlainPointer(part)) pointer += part.slice(1);
      else return createRef(parts);
    }
    return pointer;
  };
}

/**
 * A `#/a/b~1c` whose parts `parseRef` gives back unchanged once escaped again: none is empty (the
 * original drops those), none holds `%` (it is decoded) or a `~` other than `~0` and `~1`, and no
 * second `#/` cuts it short.
 */
function isPlainPointer(text: string): boolean {
  if (!text.startsWith('#/') || text.length === 2 || text[2] === '/' || text.endsWith('/')) return false;
  return !text.includes('//') && !text.includes('%') && text.indexOf('#/', 2) === -1 && escapesAsWritten(text);
}

/** The functions put in place in the modules' exports: the originals they replaced, and how to put those back. */
export interface QuickPointers {
  original: Pick<RefUtils, 'parseRef' | 'escapePointer'> & { createRef?: CreateRef };
  restore(): void;
}

/**
 * Puts the quick functions in place of the originals in `refUtils` (ref-utils.js's exports object)
 * and, when given, `createRef` in `utils` (openapi-typescript's `lib/utils.cjs`): openapi-typescript
 * reads them from those objects at each call (`refUtils_js.parseRef(...)`, `utils.createRef(...)`),
 * so it calls the quick ones from then on. Returns undefined, changing nothing, when `refUtils` does
 * not have the shape these were made for; `utils` without a `createRef` keeps its own.
 */
export function installQuickPointers(refUtils: Record<string, unknown>, utils?: Record<string, unknown>): QuickPointers | undefined {
  // Loaded twice in one process (tests load the printer modules in several files): installed once.
  const installed = installedIn.get(refUtils);
  if (installed) return installed;
  const { parseRef, escapePointer, unescapePointer } = refUtils;
  if (typeof parseRef !== 'function' || typeof escapePointer !== 'function' || typeof unescapePointer !== 'function') return undefined;
  const original: QuickPointers['original'] = { parseRef, escapePointer } as QuickPointers['original'];
  const quick = quickPointerFunctions({ ...original, unescapePointer } as RefUtils);
  Object.assign(refUtils, quick);
  const createRef = utils?.createRef;
  if (utils && typeof createRef === 'function') {
    original.createRef = createRef as CreateRef;
    utils.createRef = quickCreateRef(original.createRef, quick.escapePointer);
  }
  const handle: QuickPointers = {
    original,
    restore: () => {
      const { createRef: ownCreateRef, ...pointers } = original;
      Object.assign(refUtils, pointers);
      if (utils && ownCreateRef) utils.createRef = ownCreateRef;
      installedIn.delete(refUtils);
    },
  };
  installedIn.set(refUtils, handle);
  return handle;
}

const installedIn = new WeakMap<object, QuickPointers>();
