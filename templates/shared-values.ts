/**
 * Reads the data of a large document's data modules (`fixtures-data.js`, `server-data.js`,
 * `routes-data.js`): JSON in which each value that recurs (a component's example, a key list, a
 * schema) is written once and referred to by number wherever it occurs. Every place gets its own
 * copy: a change to one value read back changes no other.
 */

/** A value as written: itself, a definition's number, or an array (see {@link readSharedJson}). */
type Written = string | number | boolean | null | Written[];

/** The text's parts. */
interface SharedJson {
  /** The keys of each kind of object, in order. */
  shapes: string[][];
  /** The values written once: a number stands for itself, anything else is written as in `root`. */
  values: Written[];
  root: Written;
}

/**
 * The value the text holds. A written value is a string, boolean or null (itself), a number n (the
 * n-th of `values`), or an array: `[-1, ...items]` an array, `[-2, n]` the number n, `[s, ...values]`
 * an object with the keys of `shapes[s]`.
 */
export function readSharedJson(text: string): unknown {
  const { shapes, values, root } = JSON.parse(text) as SharedJson;
  const read = (written: Written): unknown => {
    if (typeof written === 'number') {
      const value = values[written] as Written;
      return typeof value === 'number' ? value : read(value);
    }
    if (!Array.isArray(written)) return written;
    const head = written[0] as number;
    if (head === -2) return written[1];
    if (head === -1) {
      const items: unknown[] = new Array(written.length - 1);
      for (let i = 1; i < written.length; i++) items[i - 1] = read(written[i] as Written);
      return items;
    }
    const keys = shapes[head] as string[];
    const object: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const value = read(written[i + 1] as Written);
      // A key `__proto__` is an own property, as JSON.parse makes it, not the object's prototype.
      if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      else object[key] = value;
    }
    return object;
  };
  return read(root);
}
