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
export function inlinePathRefs<T>(document: T, { owned = false }: { owned?: boolean } = {}): T {
  // Most documents have none: the caller's own document as it is (`owned`), else a native clone,
  // several times faster than the copy below.
  if (!hasPartRef(document)) return owned ? document : structuredClone(document);
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

/** True when some `$ref` in the document points into part of a path item. */
function hasPartRef(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(hasPartRef);
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' ? typeof value === 'string' && isPartRef(value) : hasPartRef(value)) return true;
  }
  return false;
}
