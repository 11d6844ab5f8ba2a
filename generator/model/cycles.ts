/**
 * The names on some cycle of `edges` (a name that refers to itself included), by a depth-first
 * search from each: the model's recursive schemas, and the types' components that reach themselves
 * with no object type between.
 */
export function namesOnCycles(edges: ReadonlyMap<string, Iterable<string>>): Set<string> {
  const reaches = (from: string, target: string): boolean => {
    const seen = new Set<string>();
    const stack = [...(edges.get(from) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop() as string;
      if (next === target) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
    return false;
  };
  return new Set([...edges.keys()].filter((name) => reaches(name, name)));
}
