/**
 * A tool's schema as listed, within a budget of bytes. A tool whose schema reaches a large part of a
 * large document (test/mcp/listing-budget.test.ts) would list megabytes: more than a model's context can use, and over all tools more text than Node.js
 * holds. Over the budget, the definitions nearest the root are listed while they fit, and a
 * reference to one left out becomes a note saying so. The server still validates the whole
 * schema. `server.ts` applies the same `leftOut` names when it lists (mcp-server.ts.hbs). Pure.
 */
import { localNames, reachedDefinitions, refName, sortedDefs, type JsonSchema } from './json-schema.js';
import { byCodeUnits } from '../../text-order.js';

/** The listed schema, and the definitions left out of it (sorted; empty when it fits). */
export interface Listed {
  schema: JsonSchema;
  leftOut: string[];
}

/** Lists a schema (its root and the definitions it reaches) within the budget: {@link schemaLister}. */
export type SchemaLister = (root: JsonSchema) => Listed;

/**
 * Lists roots over one table of definitions within `maxBytes` of JSON text each: a root with the
 * definitions it reaches as `$defs`, as many as fit. What a root reaches and what is left out of it
 * depend only on the definitions it names (and, over the budget, on its own size): on a large
 * document many tools name the same few, so each such listing is worked out once and shared.
 */
export function schemaLister(components: ReadonlyMap<string, JsonSchema>, maxBytes: number): SchemaLister {
  const reaching = new Map<string, Reach>();
  const trimmed = new Map<string, Trim>();
  return (root) => {
    const names = localNames(root);
    const key = JSON.stringify(names);
    let reach = reaching.get(key);
    if (!reach) reaching.set(key, (reach = reachOf(names, components)));
    const rootSize = textSize(root);
    if (rootSize + reach.size <= maxBytes) {
      // Made on the first root that fits: most of what a large document's roots reach does not.
      reach.whole ??= { defs: sortedDefs(reachedDefinitions(names, components)) };
      const { defs } = reach.whole;
      return { schema: defs ? { ...root, $defs: defs } : root, leftOut: [] };
    }
    const trimKey = `${rootSize} ${key}`;
    let trim = trimmed.get(trimKey);
    if (!trim) trimmed.set(trimKey, (trim = trimOf(names, rootSize, components, maxBytes)));
    const noted = withNotes(root, trim.leftOutSet) as JsonSchema;
    return { schema: trim.defs ? { ...noted, $defs: trim.defs } : noted, leftOut: [...trim.leftOut] };
  };
}

/** The definitions a root reaches, all of them: their JSON text's size, and their `$defs` where listed whole. */
interface Reach {
  size: number;
  whole?: { defs: JsonSchema | undefined };
}

function reachOf(names: readonly string[], components: ReadonlyMap<string, JsonSchema>): Reach {
  let size = 0;
  for (const def of reachedDefinitions(names, components).values()) size += textSize(def);
  return { size };
}

/** What is listed of the definitions a root over the budget reaches: those left out (sorted), and the others with their notes. */
interface Trim {
  leftOut: string[];
  leftOutSet: ReadonlySet<string>;
  defs: JsonSchema | undefined;
}

/**
 * Breadth first from the root's names, each level's new names in sorted order, so that what is
 * left out is what lies farthest from the root; a definition left out is not followed.
 */
function trimOf(names: readonly string[], rootSize: number, components: ReadonlyMap<string, JsonSchema>, maxBytes: number): Trim {
  const definition = (name: string) => components.get(name) as JsonSchema;
  const leftOut: string[] = [];
  const queue = [...names];
  const seen = new Set(queue);
  let used = rootSize;
  for (let at = 0; at < queue.length; at++) {
    const name = queue[at] as string;
    const size = textSize(definition(name));
    if (used + size > maxBytes) {
      leftOut.push(name);
      continue;
    }
    used += size;
    for (const next of localNames(definition(name))) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  const leftOutSet = new Set(leftOut);
  return { leftOut: leftOut.sort(byCodeUnits), leftOutSet, defs: sortedDefs(withLeftOut(names, components, leftOutSet)) };
}

/**
 * Every definition the root's `names` reach without passing through a left-out one, each reference
 * to a left-out one replaced by a note naming it.
 */
function withLeftOut(names: readonly string[], components: ReadonlyMap<string, JsonSchema>, leftOut: ReadonlySet<string>): Map<string, JsonSchema> {
  const reached = reachedDefinitions(names, components, leftOut);
  return new Map([...reached].map(([name, def]) => [name, withNotes(def, leftOut) as JsonSchema]));
}

/** What a reference to a left-out definition becomes: any value, with a note for the model that reads the listing. */
function leftOutNote(name: string, description: unknown): JsonSchema {
  const note = `(${name}: its schema is left out of this listing to keep it short; the server checks it in full)`;
  return { description: typeof description === 'string' && description !== '' ? `${description} ${note}` : note };
}

/** `node` with each reference to a left-out definition replaced by its note; a part holding none is returned as it is. */
function withNotes(node: unknown, leftOut: ReadonlySet<string>): unknown {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < node.length; i++) {
      const item = withNotes(node[i], leftOut);
      if (item !== node[i]) (copy ??= [...node])[i] = item;
    }
    return copy ?? node;
  }
  const $ref = (node as JsonSchema).$ref;
  if (typeof $ref === 'string' && $ref.startsWith('#/$defs/') && leftOut.has(refName($ref))) {
    const { $ref: _, ...rest } = node as JsonSchema;
    return { ...rest, ...leftOutNote(refName($ref), rest.description) };
  }
  let copy: JsonSchema | undefined;
  for (const [key, value] of Object.entries(node)) {
    const noted = withNotes(value, leftOut);
    if (noted !== value) (copy ??= Object.fromEntries(Object.entries(node)))[key] = noted;
  }
  return copy ?? node;
}

/** The length of a schema's JSON text, found once per schema object (every tool reaches the same definitions). */
function textSize(schema: JsonSchema): number {
  let size = sizes.get(schema);
  if (size === undefined) sizes.set(schema, (size = JSON.stringify(schema).length));
  return size;
}

const sizes = new WeakMap<JsonSchema, number>();
