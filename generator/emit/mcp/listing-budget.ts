/**
 * A tool's schema as listed, within a budget of bytes. A tool whose schema reaches a large part of a
 * large document (Microsoft Graph's `microsoft.graph.user` reaches most of its 6,000 schemas) would
 * list megabytes: more than a model's context can use, and over all tools more text than Node.js
 * holds. Over the budget, the definitions nearest the root are listed while they fit, and a
 * reference to one left out becomes a note saying so. The server still validates the whole
 * schema. `server.ts` applies the same `leftOut` names when it lists (mcp-server.ts.hbs). Pure.
 */
import { decodeToken } from '../../json-pointer.js';
import { localRefs, withDefs, type JsonSchema } from './json-schema.js';

/** The listed schema, and the definitions left out of it (sorted; empty when it fits). */
export interface Listed {
  schema: JsonSchema;
  leftOut: string[];
}

/** `root` with the definitions it reaches as `$defs`, as many as fit in `maxBytes` of JSON text. */
export function listedWithin(root: JsonSchema, components: ReadonlyMap<string, JsonSchema>, maxBytes: number): Listed {
  const definition = (name: string) => components.get(name) as JsonSchema;
  let total = textSize(root);
  for (const name of reachedFrom(root, definition)) total += textSize(definition(name));
  if (total <= maxBytes) return { schema: withDefs(root, components), leftOut: [] };

  // Breadth first from the root, each level's new names in sorted order, so that what is left out
  // is what lies farthest from the root; a definition left out is not followed.
  const kept: string[] = [];
  const leftOut: string[] = [];
  const queue = sortedNames(localRefs(root));
  const seen = new Set(queue);
  let used = textSize(root);
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const size = textSize(definition(name));
    if (used + size > maxBytes) {
      leftOut.push(name);
      continue;
    }
    used += size;
    kept.push(name);
    for (const next of sortedNames(localRefs(definition(name)))) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return { schema: withLeftOut(root, definition, new Set(leftOut)), leftOut: leftOut.sort(byText) };
}

/**
 * `root` with every definition it reaches without passing through a left-out one as `$defs`
 * (sorted by name), and each reference to a left-out one replaced by a note naming it.
 */
export function withLeftOut(root: JsonSchema, definition: (name: string) => JsonSchema, leftOut: ReadonlySet<string>): JsonSchema {
  const reached = reachedFrom(root, definition, leftOut);
  const defs = [...reached].sort(byText).map((name) => [name, noted(definition(name), leftOut)] as const);
  return { ...(noted(root, leftOut) as JsonSchema), ...(defs.length > 0 ? { $defs: Object.fromEntries(defs) } : {}) };
}

/** What a reference to a left-out definition becomes: any value, with a note for the model that reads the listing. */
export function leftOutNote(name: string, description: unknown): JsonSchema {
  const note = `(${name}: its schema is left out of this listing to keep it short; the server checks it in full)`;
  return { description: typeof description === 'string' && description !== '' ? `${description} ${note}` : note };
}

function noted(node: unknown, leftOut: ReadonlySet<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => noted(item, leftOut));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as JsonSchema;
  if (typeof $ref === 'string' && $ref.startsWith('#/$defs/')) {
    const name = decodeToken($ref.slice('#/$defs/'.length));
    if (leftOut.has(name)) return { ...rest, ...leftOutNote(name, rest.description) };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, noted(value, leftOut)]));
}

/** Every definition name reached from `root`, not following `leftOut` ones. */
function reachedFrom(root: JsonSchema, definition: (name: string) => JsonSchema, leftOut: ReadonlySet<string> = new Set()): Set<string> {
  const reached = new Set<string>();
  const stack = [...localRefs(root)].map(nameOf);
  for (let name = stack.pop(); name !== undefined; name = stack.pop()) {
    if (reached.has(name) || leftOut.has(name)) continue;
    reached.add(name);
    for (const ref of localRefs(definition(name))) stack.push(nameOf(ref));
  }
  return reached;
}

function sortedNames(refs: readonly string[]): string[] {
  return [...new Set(refs.map(nameOf))].sort(byText);
}

function nameOf(ref: string): string {
  return decodeToken(ref.slice('#/$defs/'.length));
}

/** The length of a schema's JSON text, found once per schema object (every tool reaches the same definitions). */
function textSize(schema: JsonSchema): number {
  let size = sizes.get(schema);
  if (size === undefined) sizes.set(schema, (size = JSON.stringify(schema).length));
  return size;
}

const sizes = new WeakMap<JsonSchema, number>();

function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
