import { escapeToken, getByPointer, pointerJoin } from '../json-pointer.js';

/**
 * The longest chain of `$ref`s, each naming another `$ref`, that a document may hold. redocly
 * (bundle and lint) follows a chain to its end for every `$ref` on it, checking each link against
 * those before it, so its time grows with the cube of the chain's length; real documents chain a
 * few at most.
 */
export const MAX_REF_CHAIN = 100;

/** A chain of `$ref`s that comes back to itself, or one longer than the limit. */
export type RefChainProblem = { kind: 'cycle'; chain: string[] } | { kind: 'long'; from: string; length: number };

/**
 * The first chain of internal `$ref`-only nodes that loops (as pointers, the first repeated at the
 * end), if any, starting from each component schema in turn.
 */
export function findRefCycle(document: unknown): string[] | undefined {
  const chains = new RefChains(document);
  for (const [pointer, node] of componentSchemas(document)) {
    const found = chains.follow(node, () => pointer);
    if (typeof found !== 'number') return found;
  }
  return undefined;
}

/**
 * The first chain of `$ref`s that loops or is longer than `maxLength`: from each component schema
 * in turn (so that a loop of schemas is named as {@link findRefCycle} names it), then from every
 * other `$ref` of the document, in document order. `fromJson`: no node sits in two places.
 */
export function findRefChainProblem(document: unknown, options: { fromJson: boolean; maxLength: number }): RefChainProblem | undefined {
  const chains = new RefChains(document);
  const check = (node: unknown, pointer: () => string): RefChainProblem | undefined => {
    const found = chains.follow(node, pointer);
    if (typeof found !== 'number') return { kind: 'cycle', chain: found };
    return found > options.maxLength ? { kind: 'long', from: pointer(), length: found } : undefined;
  };
  for (const [pointer, node] of componentSchemas(document)) {
    const problem = check(node, () => pointer);
    if (problem) return problem;
  }
  if (!document || typeof document !== 'object') return undefined;
  for (const node of refNodes(document, options.fromJson)) {
    const problem = check(node, () => placeOf(document, node));
    if (problem) return problem;
  }
  return undefined;
}

/** Every object of the document with an internal `$ref`, each once. `fromJson`: no node sits in two places. */
function refNodes(document: object, fromJson: boolean): object[] {
  const found: object[] = [];
  const seen = fromJson ? undefined : new Set<object>();
  const stack: object[] = [document];
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object' || seen?.has(value)) return;
    seen?.add(value);
    stack.push(value);
  };
  // Children go on the stack last first, so that the `$ref`s are found in document order.
  while (stack.length > 0) {
    const node = stack.pop() as object;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) visit(node[i]);
      continue;
    }
    if (refOf(node) !== undefined) found.push(node);
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) visit((node as Record<string, unknown>)[keys[i] as string]);
  }
  return found;
}

/** The pointer of the first place `target` sits at (only for a problem's message: a walk that keeps paths). */
function placeOf(document: object, target: object): string {
  const stack: { node: object; keys: string[]; next: number }[] = [{ node: document, keys: Object.keys(document), next: 0 }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    if (frame.node === target) break;
    if (frame.next === frame.keys.length) {
      stack.pop();
      continue;
    }
    const child = (frame.node as Record<string, unknown>)[frame.keys[frame.next++] as string];
    if (!child || typeof child !== 'object' || seen.has(child)) continue;
    seen.add(child);
    stack.push({ node: child, keys: Object.keys(child), next: 0 });
  }
  return pointerJoin('#', ...stack.slice(0, -1).map((frame) => frame.keys[frame.next - 1] as string));
}

const OPEN = -1;

/**
 * Follows chains of `$ref`s, remembering how long the chain from each node it met is, so that
 * following every chain of a document takes time in proportion to the number of `$ref`s.
 */
class RefChains {
  /** The `$ref`s of each node met: the length of its chain, or OPEN while it is being followed. */
  private readonly lengths = new Map<object, number>();
  private readonly targets = new Map<string, unknown>();

  constructor(private readonly document: unknown) {}

  /** How many `$ref`s there are in a row from `node` on, or the pointers of the loop it leads into. */
  follow(node: unknown, pointerOfStart: () => string): number | string[] {
    // Most `$ref`s name a schema, not another `$ref`: nothing to remember.
    const first = refOf(node);
    if (first === undefined) return 0;
    if (refOf(this.target(first)) === undefined) return 1;
    const path: { node: object; pointer: string | undefined }[] = [];
    let current = node;
    let pointer: string | undefined;
    let rest = 0;
    for (let ref = refOf(current); ref !== undefined; ref = refOf(current)) {
      const here = current as object;
      const known = this.lengths.get(here);
      if (known === OPEN) {
        const from = path.findIndex((link) => link.node === here);
        return [...path.slice(from).map((link) => link.pointer ?? pointerOfStart()), pointer ?? pointerOfStart()];
      }
      if (known !== undefined) {
        rest = known;
        break;
      }
      this.lengths.set(here, OPEN);
      path.push({ node: here, pointer });
      pointer = ref;
      current = this.target(ref);
    }
    for (let i = path.length - 1; i >= 0; i--) this.lengths.set((path[i] as (typeof path)[number]).node, rest + path.length - i);
    return rest + path.length;
  }

  private target(ref: string): unknown {
    if (!this.targets.has(ref)) this.targets.set(ref, getByPointer(this.document, ref));
    return this.targets.get(ref);
  }
}

function componentSchemas(document: unknown): [string, unknown][] {
  const schemas = (document as { components?: { schemas?: unknown } } | undefined)?.components?.schemas;
  if (!schemas || typeof schemas !== 'object') return [];
  return Object.entries(schemas).map(([name, node]) => [`#/components/schemas/${escapeToken(name)}`, node]);
}

/** An internal `$ref` of an object, if it has one. */
function refOf(node: unknown): string | undefined {
  const ref = node && typeof node === 'object' ? (node as { $ref?: unknown }).$ref : undefined;
  return typeof ref === 'string' && ref.startsWith('#/') ? ref : undefined;
}
