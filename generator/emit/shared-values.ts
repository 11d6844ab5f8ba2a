/**
 * JSON data with each value written once: the form of a large document's data modules
 * (data-module.ts), which `templates/shared-values.ts` reads back in the user's program. The same
 * component value, key list or schema recurs across thousands of operations; here every object or
 * array that occurs twice is written once and referred to by number, and so is every repeated string
 * or number, and each object's keys are written once per set of keys. Pure.
 *
 * The text is `{"shapes":[[key, ...], ...],"values":[definition, ...],"root":encoded}`:
 * - an encoded value is a string, `true`, `false` or `null` (itself); a number n (the n-th
 *   definition); or an array: `[-1, ...items]` (an array), `[-2, n]` (the number n, written where it
 *   occurs once), `[s, ...values]` (an object with the keys of `shapes[s]`, in order);
 * - a definition is a number (itself) or an encoded value.
 * Read back, the value equals what `JSON.stringify` then `JSON.parse` make of the input.
 */

/** The form's text of `value`, in pieces of at most about `pieceSize` characters (cut between definitions). */
export function sharedJsonPieces(value: unknown, pieceSize = 16_384): string[] {
  const interned = interning();
  return writtenPieces(interned.table, interned.root(value), pieceSize);
}

/**
 * An object written in the form one key at a time: each value is taken in (its distinct parts
 * kept, the value itself not) as it is set, so that the values of thousands of operations need
 * not all be held at once.
 */
export interface SharedObject {
  /** Adds `key` (the keys of the object in the order set; a key set again keeps its first place). */
  set(key: string, value: unknown): void;
  /** The form's text of the object, in pieces. */
  pieces(pieceSize?: number): string[];
}

/** A {@link SharedObject}, empty. */
export function sharedObject(): SharedObject {
  const interned = interning();
  const children = new Map<string, number>();
  return {
    set(key, value) {
      const child = interned.intern(value, false);
      if (child === undefined) children.delete(key);
      else children.set(key, child);
    },
    pieces(pieceSize = 16_384) {
      return writtenPieces(interned.table, interned.rootObject([...children.keys()], [...children.values()]), pieceSize);
    },
  };
}

function writtenPieces(table: Table, root: number, pieceSize: number): string[] {
  const order = pooledOrder(table);
  const ids = new Int32Array(table.kinds.length).fill(-1);
  order.forEach((index, id) => {
    ids[index] = id;
  });
  const encode = (index: number): string => {
    const id = ids[index] as number;
    if (id >= 0) return String(id);
    return written(index);
  };
  // Text is joined from lists, not added to piece by piece: V8 keeps a string made by `+=` as a tree
  // of its parts, several times the size of its characters, until it is flattened.
  const written = (index: number): string => {
    const kind = table.kinds[index] as Kind;
    if (kind === Kind.Literal) return table.texts[index] as string;
    if (kind === Kind.Number) return `[-2,${table.texts[index]}]`;
    const children = table.children[index] as number[];
    const parts = [String(kind === Kind.Array ? -1 : (table.shapeOf[index] as number))];
    for (const child of children) parts.push(encode(child));
    return `[${parts.join(',')}]`;
  };
  const pieces: string[] = [];
  const chunked = (open: string, items: Iterable<string>, close: string, separator = ',') => {
    let parts = [open];
    let length = open.length;
    let first = true;
    for (const item of items) {
      if (length > pieceSize) {
        pieces.push(parts.join(''));
        parts = [];
        length = 0;
      }
      if (!first) {
        parts.push(separator);
        length += separator.length;
      }
      parts.push(item);
      length += item.length;
      first = false;
    }
    parts.push(close);
    pieces.push(parts.join(''));
  };
  chunked('{"shapes":[', table.shapes, '],');
  chunked(
    '"values":[',
    order.map((index) => (table.kinds[index] === Kind.Number ? (table.texts[index] as string) : written(index))),
    '],',
  );
  // The root (a table of operations, say) is written in pieces too, one of its values after another.
  const rootKind = table.kinds[root] as Kind;
  if ((ids[root] as number) >= 0 || (rootKind !== Kind.Array && rootKind !== Kind.Object)) pieces.push(`"root":${encode(root)}}`);
  else {
    const head = rootKind === Kind.Array ? -1 : (table.shapeOf[root] as number);
    chunked(
      `"root":[${head}`,
      (table.children[root] as number[]).map((child) => `,${encode(child)}`),
      ']}',
      '',
    );
  }
  return pieces;
}

/** What a distinct value is: a string, boolean or null (its JSON text), a number, an array or an object. */
const Kind = { Literal: 0, Number: 1, Array: 2, Object: 3 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

/** Every distinct value of the input, children first, with how often the written form uses each. */
interface Table {
  kinds: Kind[];
  /** JSON text of a literal or number. */
  texts: (string | undefined)[];
  children: (number[] | undefined)[];
  shapeOf: (number | undefined)[];
  /** Times the written form names the value: each distinct parent names its children once. */
  uses: number[];
  /** JSON text of each key list (the `shapes` array's items). */
  shapes: string[];
}

/** Takes values in, each distinct part once; `root` marks the value written as the root. */
function interning(): {
  table: Table;
  intern(node: unknown, inArray: boolean): number | undefined;
  root(value: unknown): number;
  rootObject(keys: readonly string[], children: number[]): number;
} {
  const table: Table = { kinds: [], texts: [], children: [], shapeOf: [], uses: [], shapes: [] };
  // Found by what they are: strings and numbers by value (no text made for one met before), an
  // object or array by its kind, its keys and its children's numbers.
  const strings = new Map<string, number>();
  const numbers = new Map<number, number>();
  // Objects and arrays by a hash of their kind and children, each hash's values compared in full.
  const composites = new Map<number, number | number[]>();
  // Key lists as a trie of their keys: a list met before costs no text.
  const shapes: ShapeNode = { next: new Map() };
  const add = (kind: Kind, text: string | undefined, children: number[] | undefined, shape: number | undefined): number => {
    const index = table.kinds.length;
    table.kinds.push(kind);
    table.texts.push(text);
    table.children.push(children);
    table.shapeOf.push(shape);
    table.uses.push(0);
    // A new composite's children are named once, in its one written form.
    if (children) for (const child of children) (table.uses[child] as number)++;
    return index;
  };
  const NULL = add(Kind.Literal, 'null', undefined, undefined);
  const TRUE = add(Kind.Literal, 'true', undefined, undefined);
  const FALSE = add(Kind.Literal, 'false', undefined, undefined);
  const same = (index: number, kind: Kind, children: readonly number[], shape: number | undefined): boolean => {
    const other = table.children[index];
    if (table.kinds[index] !== kind || table.shapeOf[index] !== shape || !other || other.length !== children.length) return false;
    for (let i = 0; i < children.length; i++) if (other[i] !== children[i]) return false;
    return true;
  };
  const composite = (kind: Kind, children: number[], shape: number | undefined): number => {
    let hash = shape === undefined ? -1 : shape;
    for (const child of children) hash = Math.imul(hash ^ child, 0x9e3779b1) + 0x7f4a7c15;
    hash |= 0;
    const found = composites.get(hash);
    if (found === undefined) {
      const index = add(kind, undefined, children, shape);
      composites.set(hash, index);
      return index;
    }
    if (typeof found === 'number') {
      if (same(found, kind, children, shape)) return found;
      const index = add(kind, undefined, children, shape);
      composites.set(hash, [found, index]);
      return index;
    }
    for (const candidate of found) if (same(candidate, kind, children, shape)) return candidate;
    const index = add(kind, undefined, children, shape);
    found.push(index);
    return index;
  };
  const shapeOf = (keys: readonly string[]): number => {
    let node = shapes;
    for (const key of keys) {
      let next = node.next.get(key);
      if (!next) node.next.set(key, (next = { next: new Map() }));
      node = next;
    }
    if (node.id === undefined) {
      node.id = table.shapes.length;
      table.shapes.push(JSON.stringify(keys));
    }
    return node.id;
  };
  const intern = (node: unknown, inArray: boolean): number | undefined => {
    switch (typeof node) {
      case 'string': {
        let index = strings.get(node);
        if (index === undefined) strings.set(node, (index = add(Kind.Literal, JSON.stringify(node), undefined, undefined)));
        return index;
      }
      case 'number': {
        if (!Number.isFinite(node)) return NULL;
        let index = numbers.get(node);
        if (index === undefined) numbers.set(node, (index = add(Kind.Number, JSON.stringify(node), undefined, undefined)));
        return index;
      }
      case 'boolean':
        return node ? TRUE : FALSE;
      case 'object': {
        if (node === null) return NULL;
        const toJson = (node as { toJSON?: unknown }).toJSON;
        if (typeof toJson === 'function') return intern((toJson as () => unknown).call(node), inArray);
        if (Array.isArray(node)) {
          const children = new Array<number>(node.length);
          for (let i = 0; i < node.length; i++) children[i] = intern(node[i], true) as number;
          return composite(Kind.Array, children, undefined);
        }
        const keys: string[] = [];
        const children: number[] = [];
        for (const key of Object.keys(node)) {
          const child = intern((node as Record<string, unknown>)[key], false);
          if (child === undefined) continue;
          keys.push(key);
          children.push(child);
        }
        return composite(Kind.Object, children, shapeOf(keys));
      }
      default:
        // undefined, a function or a symbol: left out of an object, null in an array, as JSON.stringify does.
        return inArray ? NULL : undefined;
    }
  };
  const asRoot = (index: number): number => {
    (table.uses[index] as number)++;
    return index;
  };
  return {
    table,
    intern,
    root: (value) => asRoot(intern(value, true) as number),
    rootObject: (keys, children) => asRoot(composite(Kind.Object, children, shapeOf(keys))),
  };
}

/** A step of the trie of key lists: the list that ends here has number `id`. */
interface ShapeNode {
  id?: number;
  next: Map<string, ShapeNode>;
}

/**
 * The values written once as definitions, most used first (their numbers are then the shortest):
 * every object, array or number named twice or more, and a string where writing it once costs
 * less than writing it at each use.
 */
function pooledOrder(table: Table): number[] {
  const referenceLength = String(table.kinds.length).length;
  const pooled: number[] = [];
  for (let index = 0; index < table.kinds.length; index++) {
    const uses = table.uses[index] as number;
    if (uses < 2) continue;
    const kind = table.kinds[index] as Kind;
    if (kind === Kind.Literal) {
      const length = (table.texts[index] as string).length;
      if (!(table.texts[index] as string).startsWith('"') || (uses - 1) * length <= uses * referenceLength + 1) continue;
    }
    pooled.push(index);
  }
  return pooled.sort((a, b) => (table.uses[b] as number) - (table.uses[a] as number) || a - b);
}
