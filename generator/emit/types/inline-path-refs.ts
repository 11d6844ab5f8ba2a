import { getByPointer } from '../../json-pointer.js';

/**
 * A copy of the document in which every `$ref` into a part of a path item (`#/paths/~1a/post/...`) is
 * replaced by what it points at. openapi-typescript prints such a ref as an index into `paths[...]`,
 * and through an optional part (`requestBody?`) that index does not compile; the target itself
 * (usually a `$ref` into components) does. A ref to a whole path item (the same operations served at
 * a second path) stays: inlined, its operations would be printed twice. A ref met again inside its
 * own target is left as it is (that cycle cannot be inlined). `owned`: the caller may have the
 * document itself back when nothing is to be inlined (nobody else reads it).
 */
export function inlinePathRefs<T>(document: T, { owned = false, facts = printingFacts(document) }: { owned?: boolean; facts?: PrintingFacts } = {}): T {
  // Most documents have none: the caller's own document as it is (`owned`, or nothing will write
  // into it), else a native clone, several times faster than the copy below.
  if (!facts.partRefs) return owned || !facts.discriminators ? document : structuredClone(document);
  const copy = (node: unknown, inlining: ReadonlySet<string>): unknown => {
    if (Array.isArray(node)) return node.map((item) => copy(item, inlining));
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && isPartRef(ref) && !inlining.has(ref)) {
      const target = getByPointer(document, ref);
      if (target !== undefined) return copy(target, new Set([...inlining, ref]));
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, copy(value, inlining)]));
  };
  return copy(document, new Set()) as T;
}

/** A ref into part of a path item (`#/paths/~1a/post/...`), not to a whole path item. */
function isPartRef(ref: string): boolean {
  return /^#\/paths\/[^/]+\/./.test(ref);
}

/** What printing a document depends on, found in one walk of it. */
export interface PrintingFacts {
  /** Some `$ref` points into part of a path item (the copy inlines it). */
  partRefs: boolean;
  /**
   * Some object has a `discriminator`: only then does openapi-typescript write into the document it
   * prints (the discriminator enums of `scanDiscriminators`), and only then does that scan, a walk of
   * the whole document, find anything (0.2 s on 5,000 operations).
   */
  discriminators: boolean;
}

/** Walks the document once for {@link PrintingFacts}. */
export function printingFacts(document: unknown): PrintingFacts {
  const facts: PrintingFacts = { partRefs: false, discriminators: false };
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    for (const key of Object.keys(node)) {
      const value = (node as Record<string, unknown>)[key];
      if (key === '$ref' && typeof value === 'string' && isPartRef(value)) facts.partRefs = true;
      else if (key === 'discriminator') facts.discriminators = true;
      walk(value);
    }
  };
  walk(document);
  return facts;
}
