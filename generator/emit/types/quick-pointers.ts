/**
 * Faster equivalents of the two JSON-pointer functions openapi-typescript calls while it builds
 * types: `parseRef` and `escapePointer` of its own @redocly/openapi-core (1.x `lib/ref-utils.js`).
 * openapi-typescript calls them for every reference and every path it makes (`createRef` parses
 * and re-escapes each part of the path it is given), and redocly's versions run two regular
 * expressions and `decodeURIComponent` on every part, most of which holds none of `~`, `%` or `/`:
 * on GitHub's document 0.38 s of the 1.7 s the types take, on 5,000 operations 0.43 s.
 *
 * Each function here returns what the original returns, for any input: a part that needs escaping
 * or unescaping, and any input that is not a string, is handed to the original, so its result
 * (or its error, for a malformed `%` sequence) is the original's (test/unit/quick-pointers.test.ts
 * checks both on generated strings, and the printed types against `openapiTS()`).
 */

/** The part of redocly's `lib/ref-utils.js` these replace and call. */
export interface RefUtils {
  parseRef(ref: string): { uri: string | null; pointer: string[] };
  escapePointer<T extends string | number>(fragment: T): T;
  unescapePointer(fragment: string): string;
}

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

/** The functions put in place in a module's exports: the originals they replaced, and how to put those back. */
export interface QuickPointers {
  original: Pick<RefUtils, 'parseRef' | 'escapePointer'>;
  restore(): void;
}

/**
 * Puts the quick functions in place of the originals in `refUtils` (the module's exports object):
 * openapi-typescript reads them from that object at each call (`refUtils_js.parseRef(...)`), so it
 * calls the quick ones from then on. Returns undefined, changing nothing, when the module does not
 * have the shape these were made for.
 */
export function installQuickPointers(refUtils: Record<string, unknown>): QuickPointers | undefined {
  // Loaded twice in one process (tests load the printer modules in several files): installed once.
  const installed = installedIn.get(refUtils);
  if (installed) return installed;
  const { parseRef, escapePointer, unescapePointer } = refUtils;
  if (typeof parseRef !== 'function' || typeof escapePointer !== 'function' || typeof unescapePointer !== 'function') return undefined;
  const original = { parseRef, escapePointer } as QuickPointers['original'];
  Object.assign(refUtils, quickPointerFunctions({ ...original, unescapePointer } as RefUtils));
  const handle: QuickPointers = {
    original,
    restore: () => {
      Object.assign(refUtils, original);
      installedIn.delete(refUtils);
    },
  };
  installedIn.set(refUtils, handle);
  return handle;
}

const installedIn = new WeakMap<object, QuickPointers>();
