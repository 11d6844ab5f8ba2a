/**
 * The catalogue room of a generated MCP server: what tools there are, each with its schemas (built
 * with the shared definitions they reach, as `$defs`), title and description. It knows nothing of
 * who may call a tool (tool-gate.ts) or how a call is made (tool-call.ts).
 */
import type { Tool } from '@modelcontextprotocol/server';

/** A JSON Schema (2020-12) as plain JSON. */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * A tool as the catalog holds it: its schemas reference the shared definitions (`#/$defs/<name>`)
 * without holding them, and an `outputSchema` given as a string is that response definition.
 */
export interface ToolEntry {
  name: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema | string;
  /** Definitions each schema leaves out of the listing (over the generator's budget); not listed itself. */
  leftOut?: { inputSchema?: string[]; outputSchema?: string[] };
  [key: string]: unknown;
}

/**
 * Every tool and the definitions they share: `defs` as requests read them, `responseDefs` those
 * that read differently in responses (readOnly and writeOnly properties), `tools` sorted by name.
 */
export interface ToolData {
  defs: Record<string, JsonSchema>;
  responseDefs: Record<string, JsonSchema>;
  tools: ToolEntry[];
}

/** The tools of a document, each built (with its `$defs`) when first listed or called. */
export interface ToolCatalog {
  /** Every tool as listed, sorted by name. */
  all(): Tool[];
  /** A tool as listed, or undefined for a name that is no tool. */
  get(name: string): Tool | undefined;
  /** Every tool's name, title, description, path and read-only hint, without building its schemas. */
  summaries(): ToolSummary[];
}

/** What selecting and searching a tool read of it. */
export interface ToolSummary {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  /** The operation's path, from the tool's `_meta`. */
  path?: string | undefined;
  readOnly: boolean;
}

/**
 * The catalog of `data`, read on first use (`load` runs once). Each tool is built when first listed
 * or called: its schemas with every definition they reach as `$defs`.
 */
export function toolCatalog(load: () => ToolData): ToolCatalog {
  let data: { defs: Record<string, JsonSchema>; responseDefs: Record<string, JsonSchema>; entries: Map<string, ToolEntry> } | undefined;
  const tools = new Map<string, Tool>();
  const refs = new WeakMap<JsonSchema, readonly string[]>();
  let all: Tool[] | undefined;

  const read = (): NonNullable<typeof data> => {
    if (data) return data;
    const { defs, responseDefs, tools: entries } = load();
    data = { defs, responseDefs, entries: new Map(entries.map((entry) => [entry.name, entry])) };
    return data;
  };

  /** A shared definition, read for requests or for responses (only readOnly and writeOnly properties make them differ). */
  const definition = (name: string, direction: 'request' | 'response'): JsonSchema => {
    const { defs, responseDefs } = read();
    const found = direction === 'response' && Object.hasOwn(responseDefs, name) ? responseDefs[name] : Object.hasOwn(defs, name) ? defs[name] : undefined;
    if (!found) throw new Error(`no shared definition ${name}`);
    return found;
  };

  /** The definitions a schema references itself (found once per schema: every tool reaches the same definitions). */
  const refsOf = (schema: JsonSchema): readonly string[] => {
    let found = refs.get(schema);
    if (!found) refs.set(schema, (found = collectRefs(schema, [])));
    return found;
  };

  /**
   * `schema` with every definition it reaches, directly or through others, as its `$defs` (sorted by
   * name). A definition `leftOut` (the listing's budget) is neither listed nor followed: each
   * reference to it becomes a note naming it.
   */
  const withDefs = (schema: JsonSchema, direction: 'request' | 'response', leftOut: readonly string[] = []): JsonSchema => {
    const skipped = new Set(leftOut);
    const reached = new Set<string>();
    const reach = (names: readonly string[]): void => {
      for (const name of names) {
        if (reached.has(name) || skipped.has(name)) continue;
        reached.add(name);
        reach(refsOf(definition(name, direction)));
      }
    };
    reach(refsOf(schema));
    const noted = (node: JsonSchema): JsonSchema => (skipped.size === 0 ? node : (withNotes(node, skipped) as JsonSchema));
    if (reached.size === 0) return noted(schema);
    const names = [...reached].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return { ...noted(schema), $defs: Object.fromEntries(names.map((name) => [name, noted(definition(name, direction))])) };
  };

  const get = (name: string): Tool | undefined => {
    const built = tools.get(name);
    if (built) return built;
    const entry = read().entries.get(name);
    if (!entry) return undefined;
    const { leftOut, ...listed } = entry;
    const tool = Object.fromEntries(
      Object.entries(listed).map(([key, value]) => {
        if (key === 'inputSchema') return [key, withDefs(value as JsonSchema, 'request', leftOut?.inputSchema)];
        if (key !== 'outputSchema') return [key, value];
        // An outputSchema's root is an object (MCP): a response definition may leave its type implicit.
        const root = typeof value === 'string' ? definition(value, 'response') : (value as JsonSchema);
        return [key, withDefs(root['type'] === 'object' ? root : { type: 'object', ...root }, 'response', leftOut?.outputSchema)];
      }),
    ) as Tool;
    tools.set(name, tool);
    return tool;
  };

  return {
    all: () => (all ??= [...read().entries.keys()].map((name) => get(name) as Tool)),
    get,
    summaries: () => [...read().entries.values()].map(summaryOf),
  };
}

/** A tool's summary, read from its entry. */
function summaryOf(entry: ToolEntry): ToolSummary {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const annotations = entry['annotations'];
  const meta = Object.values(isRecord(entry['_meta']) ? entry['_meta'] : {}).find((value) => isRecord(value) && typeof value['path'] === 'string');
  return {
    name: entry.name,
    title: text(entry['title']),
    description: text(entry['description']),
    path: isRecord(meta) ? text(meta['path']) : undefined,
    readOnly: isRecord(annotations) && annotations['readOnlyHint'] === true,
  };
}

/** A copy of `node` with each reference to a left-out definition replaced by a note naming it. */
function withNotes(node: unknown, leftOut: ReadonlySet<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => withNotes(item, leftOut));
  if (!isRecord(node)) return node;
  const { $ref, ...rest } = node;
  if (typeof $ref === 'string' && $ref.startsWith('#/$defs/') && leftOut.has(definitionName($ref.slice('#/$defs/'.length)))) {
    const name = definitionName($ref.slice('#/$defs/'.length));
    const note = `(${name}: its schema is left out of this listing to keep it short; the server checks it in full)`;
    const description = rest['description'];
    return { ...rest, description: typeof description === 'string' && description !== '' ? `${description} ${note}` : note };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withNotes(value, leftOut)]));
}

function collectRefs(node: unknown, into: string[]): string[] {
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(item, into);
  } else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) into.push(definitionName(value.slice('#/$defs/'.length)));
      else collectRefs(value, into);
    }
  }
  return into;
}

/** A `$defs` name from its reference token (percent-decoded, then `~1` is `/` and `~0` is `~`). */
function definitionName(token: string): string {
  let text = token;
  try {
    text = decodeURIComponent(token);
  } catch {
    // Not percent-encoded: as written.
  }
  return text.replace(/~1/g, '/').replace(/~0/g, '~');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
