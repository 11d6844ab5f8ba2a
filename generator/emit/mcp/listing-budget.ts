/**
 * A tool's schema as listed, within a budget of bytes. A tool whose schema reaches a large part of a
 * large document (test/mcp/listing-budget.test.ts) would list megabytes: more than a model's context can use, and over all tools more text than Node.js
 * holds. Over the budget, the definitions nearest the root are listed while they fit, and a
 * reference to one left out becomes a note saying so. The server still validates the whole
 * schema. `server.ts` applies the same `leftOut` names when it lists (mcp-server.ts.hbs). Pure.
 */
import { localRefs, reachedDefinitions, refName, withReachedDefs, type JsonSchema } from './json-schema.js';

/** The listed schema, and the definitions left out of it (sorted; empty when it fits). */
export interface Listed {
  schema: JsonSchema;
  leftOut: string[];
}

/** `root` with the definitions it reaches as `$defs`, as many as fit in `maxBytes` of JSON text. */
export function listedWithin(root: JsonSchema, components: ReadonlyMap<string, JsonSchema>, maxBytes: number): Listed {
  const reached = reachedDefinitions(root, components);
  let total = textSize(root);
  for (const def of reached.values()) total += textSize(def);
  if (total <= maxBytes) return { schema: withReachedDefs(root, reached), leftOut: [] };
  const definition = (name: string) => components.get(name) as JsonSchema;

  // Breadth first from the root, each level's new names in sorted order, so that what is left out
  // is what lies farthest from the root; a definition left out is not followed.
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
    for (const next of sortedNames(localRefs(definition(name)))) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return { schema: withLeftOut(root, components, new Set(leftOut)), leftOut: leftOut.sort(byText) };
}

/**
 * `root` with every definition it reaches without passing through a left-out one as `$defs`
 * (sorted by name), and each reference to a left-out one replaced by a note naming it.
 */
function withLeftOut(root: JsonSchema, components: ReadonlyMap<string, JsonSchema>, leftOut: ReadonlySet<string>): JsonSchema {
  const reached = reachedDefinitions(root, components, leftOut);
  const noted = new Map([...reached].map(([name, def]) => [name, withNotes(def, leftOut) as JsonSchema]));
  return withReachedDefs(withNotes(root, leftOut) as JsonSchema, noted);
}

/** What a reference to a left-out definition becomes: any value, with a note for the model that reads the listing. */
function leftOutNote(name: string, description: unknown): JsonSchema {
  const note = `(${name}: its schema is left out of this listing to keep it short; the server checks it in full)`;
  return { description: typeof description === 'string' && description !== '' ? `${description} ${note}` : note };
}

function withNotes(node: unknown, leftOut: ReadonlySet<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => withNotes(item, leftOut));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as JsonSchema;
  if (typeof $ref === 'string' && $ref.startsWith('#/$defs/')) {
    const name = refName($ref);
    if (leftOut.has(name)) return { ...rest, ...leftOutNote(name, rest.description) };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withNotes(value, leftOut)]));
}

function sortedNames(refs: readonly string[]): string[] {
  return [...new Set(refs.map(refName))].sort(byText);
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
