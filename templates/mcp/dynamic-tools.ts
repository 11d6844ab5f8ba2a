/**
 * The dynamic mode of a generated MCP server, for an API of many tools: `tools/list` offers three
 * tools instead of every one, and an agent finds (`search_tools`), reads (`describe_tool`) and calls
 * (`call_tool`) the others through them. A host that sends a model every listed tool then sends three.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';

/**
 * Above this many tools (those left after the selection and the scopes) a server is dynamic unless
 * told otherwise: models choose tools less well past a few dozen, and hosts cap what they pass on.
 */
export const DYNAMIC_TOOLS_THRESHOLD = 50;

/** How many tools `search_tools` answers with, unless asked for fewer or more (up to `max`). */
export const SEARCH_LIMIT = { default: 10, max: 50 } as const;

/** How much of a tool's description a search result carries; `describe_tool` gives all of it. */
export const SEARCH_DESCRIPTION_CHARS = 300;

/** The three tools' names. */
export const DYNAMIC_TOOL_NAMES = { search: 'search_tools', describe: 'describe_tool', call: 'call_tool' } as const;

/** What the three tools read: only the tools the server offers (its selection and scopes applied). */
export interface DynamicSource {
  /** The offered tools' names. */
  names: readonly string[];
  /** Their tags, sorted. */
  tags: readonly string[];
  /** Offered tools matching `query`, best first. */
  search(query: string, limit: number): { name: string; title?: string | undefined; description?: string | undefined }[];
  /** An offered tool as it would be listed, or undefined. */
  describe(name: string): Tool | undefined;
  /** The result a direct call of `name` gives, or undefined when the server has no tool of that name to call. */
  call(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult | undefined>;
}

/** The three tools as `tools/list` lists them in the dynamic mode. */
export function dynamicToolList(source: Pick<DynamicSource, 'names' | 'tags'>): Tool[] {
  const tags = source.tags.length > 0 ? ` Their tags: ${shortened(source.tags.join(', '), 1200)}.` : '';
  const resultTool = {
    type: 'object',
    properties: { name: { type: 'string' }, title: { type: 'string' }, description: { type: 'string' } },
    required: ['name'],
  };
  return [
    {
      name: DYNAMIC_TOOL_NAMES.search,
      title: 'Search the tools',
      description: `Finds, among the ${source.names.length} tools of this server, those that match what you want to do (words of their names, titles, descriptions, tags and paths), best first. Then call describe_tool for a tool's input schema and call_tool to call it.${tags}`,
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', minLength: 1, description: 'What you want to do, in a few words ("create a comment on an issue").' },
          limit: { type: 'integer', minimum: 1, maximum: SEARCH_LIMIT.max, default: SEARCH_LIMIT.default, description: 'How many tools to answer with.' },
        },
        required: ['query'],
        additionalProperties: false,
      },
      outputSchema: { type: 'object', properties: { tools: { type: 'array', items: resultTool } }, required: ['tools'] },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: DYNAMIC_TOOL_NAMES.describe,
      title: 'Describe a tool',
      description: "Gives a tool's title, description, input schema (the arguments call_tool takes for it), output schema and annotations.",
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 1, description: 'The tool, as search_tools names it.' } },
        required: ['name'],
        additionalProperties: false,
      },
      outputSchema: {
        type: 'object',
        properties: { name: { type: 'string' }, inputSchema: { type: 'object' }, outputSchema: { type: 'object' } },
        required: ['name', 'inputSchema'],
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: DYNAMIC_TOOL_NAMES.call,
      title: 'Call a tool',
      description: 'Calls a tool with its arguments (as describe_tool gives its input schema) and answers what the tool answers.',
      inputSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1, description: 'The tool, as search_tools names it.' },
          arguments: { type: 'object', description: "The tool's arguments." },
        },
        required: ['name'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    },
  ];
}

/**
 * A call of one of the three tools, or undefined when `name` is none of them. Bad arguments and
 * unknown tools are tool results with `isError`, as a direct call's are.
 */
export async function callDynamicTool(
  name: string,
  args: Record<string, unknown>,
  source: DynamicSource,
  signal?: AbortSignal,
): Promise<CallToolResult | undefined> {
  if (name === DYNAMIC_TOOL_NAMES.search) {
    const query = args['query'];
    const limit = args['limit'] ?? SEARCH_LIMIT.default;
    if (typeof query !== 'string' || query.trim() === '') return invalid(name, 'query', 'a non-empty string is required');
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > SEARCH_LIMIT.max)
      return invalid(name, 'limit', `a whole number from 1 to ${SEARCH_LIMIT.max} is required`);
    const tools = source.search(query, limit).map((tool) => ({
      name: tool.name,
      ...(tool.title ? { title: tool.title } : {}),
      ...(tool.description ? { description: shortened(tool.description, SEARCH_DESCRIPTION_CHARS) } : {}),
    }));
    return answer({ tools });
  }
  if (name === DYNAMIC_TOOL_NAMES.describe) {
    const tool = args['name'];
    if (typeof tool !== 'string' || tool === '') return invalid(name, 'name', 'a tool name is required');
    const described = source.describe(tool);
    return described ? answer(described as unknown as Record<string, unknown>) : unknownTool(tool, source);
  }
  if (name === DYNAMIC_TOOL_NAMES.call) {
    const tool = args['name'];
    const toolArgs = args['arguments'] ?? {};
    if (typeof tool !== 'string' || tool === '') return invalid(name, 'name', 'a tool name is required');
    if (typeof toolArgs !== 'object' || toolArgs === null || Array.isArray(toolArgs)) return invalid(name, 'arguments', 'an object is required');
    return (await source.call(tool, toolArgs as Record<string, unknown>, signal)) ?? unknownTool(tool, source);
  }
  return undefined;
}

/** Up to three offered names: those a few typing slips away first, then the best search results for the name's words. */
function closestNames(name: string, source: DynamicSource): string[] {
  const slips = Math.max(2, Math.floor(name.length / 5));
  const typed = source.names
    .map((candidate) => ({ candidate, distance: editDistance(name.toLowerCase(), candidate.toLowerCase(), slips) }))
    .filter(({ distance }) => distance <= slips)
    .sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : 1))
    .map(({ candidate }) => candidate);
  return [...new Set([...typed, ...source.search(name, 3).map((tool) => tool.name)])].slice(0, 3);
}

/** Levenshtein distance, given up (as `max + 1`) once it must exceed `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...row) > max) return max + 1;
    previous = row;
  }
  return previous[b.length] ?? max + 1;
}

function answer(structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

function invalid(tool: string, argument: string, message: string): CallToolResult {
  return toolError(`Invalid arguments for ${tool}: ${argument}: ${message}`, { kind: 'validation', tool, issues: [{ path: [argument], message }] });
}

/** An unknown name, with the offered tools closest to it: an agent's next try. */
function unknownTool(name: string, source: DynamicSource): CallToolResult {
  const near = closestNames(name, source);
  const hint = near.length > 0 ? ` Closest: ${near.join(', ')}.` : ' Find one with search_tools.';
  return toolError(`Unknown tool: ${name}.${hint}`, { kind: 'unknown_tool', tool: name, suggestions: near });
}

function toolError(text: string, error: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: { error }, isError: true };
}

/** `text` cut at a word boundary to at most `max` characters, marked with an ellipsis when cut. */
function shortened(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
