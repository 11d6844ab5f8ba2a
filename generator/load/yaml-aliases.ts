import { pointerJoin } from '../json-pointer.js';

/** What YAML aliases made of a parsed document that no later stage could walk. */
export type AliasProblem =
  /** A node that aliases expand to more than `maxValues` values. */
  | { kind: 'expansion'; pointer: string }
  /** An alias inside the node it names (`at` holds an alias of `of`). */
  | { kind: 'loop'; pointer: string; of: string }
  /** The first place past `maxDepth` values deep (through aliases). */
  | { kind: 'depth'; pointer: string };

/** One object or array being walked: its place, and what its children add up to so far. */
interface Frame {
  node: object;
  keys: readonly string[];
  next: number;
  /** The deepest child (1 for a scalar). */
  height: number;
  /** Values below and including the node, each alias counted as what it names. */
  count: number;
}

/**
 * Walks a parsed YAML document as its readers will: an alias is a copy of the node it names. The
 * parser shares that node instead of copying it, so a document of a few hundred bytes can name
 * billions of values (a "billion laughs"), or be infinitely deep (an alias inside the node it
 * names); every later stage (the hash, lint, the model) walks the copies. The walk visits each
 * shared node once and remembers its height and size, so it takes time in proportion to the text.
 * The depth counts values from the root (1) down, as the YAML parser's own limit of the text does.
 */
export function findAliasProblem(document: unknown, limits: { maxDepth: number; maxValues: number }): AliasProblem | undefined {
  if (!document || typeof document !== 'object' || withinAsTree(document, limits.maxDepth, Math.min(limits.maxValues, TREE_WALK_VALUES))) return undefined;
  const done = new Map<object, { height: number; count: number }>();
  const open = new Map<object, number>();
  const stack: Frame[] = [];
  /** The place the first `length` frames lead to, each by the key it is at. */
  const place = (length: number) => pointerJoin('#', ...stack.slice(0, length).map((frame) => frame.keys[frame.next - 1] as string));
  const enter = (node: object) => {
    open.set(node, stack.length);
    stack.push({ node, keys: Object.keys(node), next: 0, height: 0, count: 1 });
  };
  enter(document);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.next < frame.keys.length) {
      const key = frame.keys[frame.next++] as string;
      const child = (frame.node as Record<string, unknown>)[key];
      // The child is `stack.length + 1` values deep.
      if (stack.length + 1 > limits.maxDepth) return { kind: 'depth', pointer: place(stack.length) };
      if (!child || typeof child !== 'object') {
        frame.height = Math.max(frame.height, 1);
        frame.count++;
        continue;
      }
      const shared = done.get(child);
      if (shared) {
        if (stack.length + shared.height > limits.maxDepth) return { kind: 'depth', pointer: place(stack.length) };
        frame.height = Math.max(frame.height, shared.height);
        frame.count += shared.count;
        continue;
      }
      const holder = open.get(child);
      if (holder !== undefined) return { kind: 'loop', pointer: place(stack.length), of: place(holder) };
      enter(child);
      continue;
    }
    stack.pop();
    open.delete(frame.node);
    const measured = { height: frame.height + 1, count: frame.count };
    if (measured.count > limits.maxValues) return { kind: 'expansion', pointer: place(stack.length) };
    done.set(frame.node, measured);
    const parent = stack[stack.length - 1];
    if (parent) {
      parent.height = Math.max(parent.height, measured.height);
      parent.count += measured.count;
    }
  }
  return undefined;
}

/** How many values the walk as a tree (no node remembered) may visit before the walk that remembers takes over. */
const TREE_WALK_VALUES = 1_000_000;

/**
 * Whether the document, walked as a tree (a shared node once per place), stays within `maxDepth`
 * and `maxValues`: true for almost every document, at a fraction of the cost of remembering each
 * node; false also for a document within the limits whose copies are many, which the other walk
 * then measures.
 */
function withinAsTree(document: object, maxDepth: number, maxValues: number): boolean {
  const nodes: object[] = [document];
  const depths: number[] = [1];
  let values = 1;
  while (nodes.length > 0) {
    const node = nodes.pop() as object;
    const depth = (depths.pop() as number) + 1;
    if (Array.isArray(node)) {
      values += node.length;
      if (node.length > 0 && depth > maxDepth) return false;
      for (const item of node as unknown[]) {
        if (item && typeof item === 'object') {
          nodes.push(item);
          depths.push(depth);
        }
      }
    } else {
      for (const key in node) {
        values++;
        if (depth > maxDepth) return false;
        const value = (node as Record<string, unknown>)[key];
        if (value && typeof value === 'object') {
          nodes.push(value);
          depths.push(depth);
        }
      }
    }
    if (values > maxValues) return false;
  }
  return true;
}
