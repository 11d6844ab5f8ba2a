/**
 * What every generated MCP server shares, whatever its document, in three rooms: the catalogue
 * (tool-catalog.ts: each tool's schemas with the definitions they reach), the gate (tool-gate.ts:
 * selection, scopes, redaction) and the call (tool-call.ts: arguments checked, the client called,
 * results and errors shaped for an agent). This module puts them together as an MCP server and
 * re-exports them. `server.ts` beside it holds the document's own tools and bindings.
 */
import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { callDynamicTool, DYNAMIC_TOOLS_THRESHOLD, dynamicToolList, type DynamicSource } from './dynamic-tools.js';
import type { ToolCatalog } from './tool-catalog.js';
import { callTool, type ListedTool, type OperationValidators, type ToolBinding } from './tool-call.js';
import { bindingOf, redactor, toolGate, type GateOptions } from './tool-gate.js';
import { searchIndex, type SearchIndex } from './tool-search.js';

export { toolCatalog, type JsonSchema, type ToolCatalog, type ToolData, type ToolEntry, type ToolSummary } from './tool-catalog.js';
export { DEFAULT_RESULT_BUDGET } from './result-budget.js';
export { callTool, errorResult, MAX_STREAM_ITEMS, RESULT_META_KEY, type ArgumentsValidator, type OperationValidators, type ToolBinding } from './tool-call.js';
export { redactor, refusal } from './tool-gate.js';

/**
 * Options of a generated server's `create...McpServer`. The selection (`tools`, `toolsets`,
 * `readOnly`) chooses the tools first; `scopes` then narrow them; `dynamic` says how they are offered.
 */
export interface ToolServerOptions extends GateOptions {
  /**
   * OAuth scopes granted to the caller. When given, only the tools whose scopes are all granted are
   * listed or callable (a call to another is refused with `isError`); a tool that needs no scope (an
   * API key's, say) needs nothing granted and is offered. Absent: every tool.
   */
  scopes?: readonly string[];
  /** Strings that must never appear in a tool result (the API key); each is replaced by `[redacted]`. */
  redact?: readonly string[];
  /**
   * List three tools (`search_tools`, `describe_tool`, `call_tool`) instead of every tool. Default:
   * when more than `DYNAMIC_TOOLS_THRESHOLD` tools are offered (after the selection and the scopes).
   */
  dynamic?: boolean;
  /**
   * Characters of JSON a tool's structured result may take; a larger one is cut at an item boundary
   * and says so. Default `DEFAULT_RESULT_BUDGET` of `result-budget.ts`; `Infinity` for none.
   */
  resultBudget?: number;
  /** The budget of particular tools, by name, over `resultBudget`. */
  resultBudgets?: Readonly<Record<string, number>>;
  /** How long a tool whose answer is a stream waits for its items, in all, before it answers with those that came. Default: the client's default time limit. */
  streamWaitMs?: number;
}

/** How many tools one `tools/list` page holds; the next page is asked for with the page's `nextCursor`. */
export const TOOLS_PAGE_SIZE = 100;

/** What {@link createToolServer} serves. */
export interface ToolServerSpec {
  info: { name: string; title: string; version: string };
  /** How long a client may keep the `tools/list` result, and for whom. */
  listing: { ttlMs: number; cacheScope: 'private' };
  catalog: ToolCatalog;
  bindings: Readonly<Record<string, ToolBinding>>;
  /** Every operation's validators, by operationId. */
  validators: Readonly<Record<string, OperationValidators>>;
}

/**
 * An MCP server of the catalog's tools, each call made with `client` (the generated client: a
 * tool's binding names its method). Failures (API errors, invalid arguments, rate limits, refused
 * scopes) are tool results with `isError: true`; a name that is no tool is a protocol error.
 */
export function createToolServer(spec: ToolServerSpec, client: object, options: ToolServerOptions = {}): Server {
  const server = new Server(spec.info, {
    capabilities: { tools: { listChanged: false } },
    cacheHints: { 'tools/list': { ttlMs: spec.listing.ttlMs, cacheScope: spec.listing.cacheScope } },
  });
  const redact = redactor(options.redact ?? []);
  const gate = toolGate(spec, options);
  const offeredNames = new Set(gate.offered);
  const dynamic = options.dynamic ?? gate.offered.length > DYNAMIC_TOOLS_THRESHOLD;

  /** A call of a tool by its name, as a direct call makes it: undefined for a name that is no tool. */
  const call = async (name: string, args: unknown, signal?: AbortSignal): Promise<CallToolResult | undefined> => {
    const tool = spec.catalog.get(name);
    const binding = bindingOf(spec.bindings, name);
    if (!tool || !binding) return undefined;
    const budget = (options.resultBudgets && Object.hasOwn(options.resultBudgets, name) ? options.resultBudgets[name] : undefined) ?? options.resultBudget;
    const result =
      gate.refuse(name) ??
      (await callTool({
        client,
        binding,
        validators: spec.validators,
        args,
        tool: tool as ListedTool,
        ...(budget !== undefined ? { budget } : {}),
        ...(options.streamWaitMs !== undefined ? { streamWaitMs: options.streamWaitMs } : {}),
        ...(signal ? { signal } : {}),
      }));
    return server.projectCallToolResult(redact(result), tool.outputSchema);
  };

  let listed: Tool[] | undefined;
  server.setRequestHandler('tools/list', (request) => {
    listed ??= dynamic ? dynamicToolList(dynamicSource(spec, gate.offered, call)) : spec.catalog.all().filter((tool) => offeredNames.has(tool.name));
    const start = pageStart(request.params?.cursor, listed.length);
    const end = start + TOOLS_PAGE_SIZE;
    return { tools: listed.slice(start, end), ...(end < listed.length ? { nextCursor: cursorOf(end) } : {}) };
  });
  let source: DynamicSource | undefined;
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const name = request.params.name;
    const args = request.params.arguments ?? {};
    if (dynamic) {
      const result = await callDynamicTool(name, args, (source ??= dynamicSource(spec, gate.offered, call)), ctx.mcpReq.signal);
      if (result) return redact(result);
    }
    const result = await call(name, args, ctx.mcpReq.signal);
    if (!result) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
    return result;
  });
  return server;
}

/** The cursor of the page that starts at `index`: opaque to clients, the same from any instance. */
function cursorOf(index: number): string {
  return btoa(`tools:${index}`);
}

/** Where the page of `cursor` starts (0 without one); a cursor this server did not give is a protocol error. */
function pageStart(cursor: string | undefined, length: number): number {
  if (cursor === undefined) return 0;
  let index = Number.NaN;
  try {
    const match = /^tools:(\d+)$/.exec(atob(cursor));
    if (match) index = Number(match[1]);
  } catch {
    // Not base64: not a cursor of this server.
  }
  if (!Number.isSafeInteger(index) || index <= 0 || index >= length) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
  return index;
}

/** Search indexes by catalog: every server of a process (one per HTTP request) shares its catalog's. */
const indexes = new WeakMap<ToolCatalog, SearchIndex>();

/** What the dynamic mode's three tools read: the `offered` tools only. */
function dynamicSource(spec: ToolServerSpec, offered: readonly string[], call: DynamicSource['call']): DynamicSource {
  const names = new Set(offered);
  const tags = [...new Set(offered.flatMap((name) => bindingOf(spec.bindings, name)?.tags ?? []))].sort();
  const index = (): SearchIndex => {
    let found = indexes.get(spec.catalog);
    if (!found) {
      const documents = spec.catalog.summaries().map((summary) => ({ ...summary, tags: bindingOf(spec.bindings, summary.name)?.tags ?? [] }));
      indexes.set(spec.catalog, (found = searchIndex(documents)));
    }
    return found;
  };
  return {
    names: offered,
    tags,
    search: (query, limit) => index().search(query, { limit, accept: (name) => names.has(name) }),
    describe: (name) => (names.has(name) ? spec.catalog.get(name) : undefined),
    // Any tool of the catalog, as a direct call: one left out by the selection or the scopes is refused the same way.
    call,
  };
}
