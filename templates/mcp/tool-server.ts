/**
 * What every generated MCP server shares, whatever its document: the tool catalog (each tool's
 * schemas with the definitions they reach), scope checks, argument checking with the operation's
 * validators, calls through the client, and results shaped for an agent (errors as `isError`
 * results, secrets redacted). `server.ts` beside it holds the document's own tools and bindings.
 */
import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import {
  ApiError,
  ClientError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  type RequestOptions,
  type ValidationIssue,
} from '../runtime.js';
import { callDynamicTool, DYNAMIC_TOOLS_THRESHOLD, dynamicToolList, type DynamicSource } from './dynamic-tools.js';
import { searchIndex, type SearchIndex } from './tool-search.js';
import { selects, selectTools, type ToolSelection } from './tool-selection.js';

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

/** How a tool reaches its operation. */
export interface ToolBinding {
  operationId: string;
  /** The client method that calls it. */
  method: string;
  /** True when the method takes input (its first argument), checked first with the operation's `params` validator. */
  input: boolean;
  /** Every scope the tool needs. */
  scopes: readonly string[];
  /** True when the payload is not an object: `structuredContent` is then `{ data }`. */
  wrapData: boolean;
  /** The operation's tags: the toolsets it belongs to. */
  tags?: readonly string[];
}

/** An issue of a failed check, as zod reports it. */
interface CheckIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** What the server needs of a zod validator: `safeParse`. */
export interface ArgumentsValidator {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: readonly CheckIssue[] } };
}

/** An operation's validators, as `schemas.ts` exports them by operationId: only `params` is read here. */
export interface OperationValidators {
  params?: ArgumentsValidator | undefined;
}

/**
 * Options of a generated server's `create...McpServer`. The selection (`tools`, `toolsets`,
 * `readOnly`) chooses the tools first; `scopes` then narrow them; `dynamic` says how they are offered.
 */
export interface ToolServerOptions extends ToolSelection {
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
  const granted = options.scopes === undefined ? undefined : new Set(options.scopes);
  const redact = redactor(options.redact ?? []);
  const selected = selectedTools(spec, options);
  const isSelected = (name: string): boolean => selected === undefined || selected.has(name);
  const offered = Object.keys(spec.bindings).filter((name) => isSelected(name) && refusal(spec.bindings, name, granted) === undefined);
  const offeredNames = new Set(offered);
  const dynamic = options.dynamic ?? offered.length > DYNAMIC_TOOLS_THRESHOLD;

  /** A call of a tool by its name, as a direct call makes it: undefined for a name that is no tool. */
  const call = async (name: string, args: unknown, signal?: AbortSignal): Promise<CallToolResult | undefined> => {
    const tool = spec.catalog.get(name);
    const binding = bindingOf(spec.bindings, name);
    if (!tool || !binding) return undefined;
    const refused = refusedCall(name, binding, isSelected(name), refusal(spec.bindings, name, granted), granted);
    const result = refused ?? (await callTool({ client, binding, validators: spec.validators, args, ...(signal ? { signal } : {}) }));
    return server.projectCallToolResult(redact(result), tool.outputSchema);
  };

  let listed: Tool[] | undefined;
  server.setRequestHandler('tools/list', () => ({
    tools: (listed ??= dynamic ? dynamicToolList(dynamicSource(spec, offered, call)) : spec.catalog.all().filter((tool) => offeredNames.has(tool.name))),
  }));
  let source: DynamicSource | undefined;
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const name = request.params.name;
    const args = request.params.arguments ?? {};
    if (dynamic) {
      const result = await callDynamicTool(name, args, (source ??= dynamicSource(spec, offered, call)), ctx.mcpReq.signal);
      if (result) return redact(result);
    }
    const result = await call(name, args, ctx.mcpReq.signal);
    if (!result) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
    return result;
  });
  return server;
}

/** The names `options` select (undefined: every tool); throws a ToolSelectionError naming a tool or tag that is not there. */
function selectedTools(spec: ToolServerSpec, options: ToolSelection): Set<string> | undefined {
  if (!selects(options)) return undefined;
  const tools = spec.catalog.summaries().map((summary) => ({
    name: summary.name,
    readOnly: summary.readOnly,
    tags: bindingOf(spec.bindings, summary.name)?.tags ?? [],
  }));
  return selectTools(tools, options);
}

/** The result of a call the server refuses (a tool its selection leaves out, or one the scopes refuse), or undefined. */
function refusedCall(
  name: string,
  binding: ToolBinding,
  selected: boolean,
  refused: string | undefined,
  granted: ReadonlySet<string> | undefined,
): CallToolResult | undefined {
  if (!selected)
    return failure(`${name} is not offered: this server was started with a tool selection (tools, toolsets or read-only) that leaves it out.`, {
      kind: 'not_selected',
      tool: name,
    });
  return refused === undefined ? undefined : failure(refused, { kind: 'scope', tool: name, missingScopes: missingScopes(binding, granted) });
}

/** Search indexes by catalog: every server of a process (one per HTTP session) shares its catalog's. */
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

/** The binding of a tool name a caller sent (an own key only: `toString` is no tool). */
function bindingOf(bindings: Readonly<Record<string, ToolBinding>>, name: string): ToolBinding | undefined {
  return Object.hasOwn(bindings, name) ? bindings[name] : undefined;
}

/**
 * Why a tool is not offered to a caller with the `granted` scopes, or undefined when it is: every
 * scope it needs must be granted, so a tool that needs none is offered to every caller.
 */
export function refusal(bindings: Readonly<Record<string, ToolBinding>>, name: string, granted: ReadonlySet<string> | undefined): string | undefined {
  const binding = bindingOf(bindings, name);
  if (granted === undefined || !binding) return undefined;
  const missing = missingScopes(binding, granted);
  if (missing.length === 0) return undefined;
  return `${name} is refused: it needs the OAuth scope ${missing.join(', ')}, which this server was not granted (granted: ${[...granted].join(', ') || 'none'}).`;
}

function missingScopes(binding: ToolBinding, granted: ReadonlySet<string> | undefined): string[] {
  return granted === undefined ? [] : binding.scopes.filter((scope) => !granted.has(scope));
}

/** One tool call: its arguments checked, the client method called, the answer or the error as a result. */
export async function callTool(call: {
  client: object;
  binding: ToolBinding;
  validators: Readonly<Record<string, OperationValidators>>;
  args: unknown;
  signal?: AbortSignal;
}): Promise<CallToolResult> {
  const { client, binding, validators } = call;
  let input: unknown = call.args;
  const params = binding.input && Object.hasOwn(validators, binding.operationId) ? validators[binding.operationId]?.params : undefined;
  if (params) {
    const parsed = params.safeParse(call.args);
    if (!parsed.success)
      return invalid(
        binding.operationId,
        parsed.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'number' ? p : String(p))), message: i.message })),
      );
    input = parsed.data;
  }
  try {
    const method = (client as Record<string, unknown>)[binding.method];
    if (typeof method !== 'function') throw new Error(`the client has no method ${binding.method}`);
    const options: RequestOptions = call.signal === undefined ? {} : { signal: call.signal };
    const answer: unknown = await (binding.input ? method.call(client, input, options) : method.call(client, options));
    // A streamed payload (OpenAPI 3.2 itemSchema) is answered with its first items.
    const data = isAsyncIterable(answer) ? await firstItems(answer) : answer;
    const structured: unknown = binding.wrapData ? { data: data ?? null } : data;
    if (!isRecord(structured))
      return failure(`${binding.operationId} answered with a payload that is not an object.`, { kind: 'response', operationId: binding.operationId });
    return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
  } catch (error) {
    return errorResult(binding.operationId, error);
  }
}

/** A thrown client error as a tool result: what an agent needs to decide what to do next. */
export function errorResult(operationId: string, error: unknown): CallToolResult {
  if (error instanceof RateLimitError) {
    const wait = error.retryAfter === undefined ? 'later' : `after ${error.retryAfter} s`;
    return failure(`Rate limited (HTTP 429): ${error.msg ?? 'too many requests'}. Retry ${wait}.`, {
      kind: 'rate_limit',
      operationId,
      status: error.status,
      code: error.code,
      msg: error.msg,
      rid: error.rid,
      retryAfter: error.retryAfter,
    });
  }
  if (error instanceof ApiError) {
    return failure(error.message, { kind: 'api', operationId, status: error.status, code: error.code, msg: error.msg, cause: error.cause, rid: error.rid });
  }
  if (error instanceof RequestValidationError) return invalid(operationId, error.issues);
  if (error instanceof ResponseValidationError) return failure(error.message, { kind: 'response', operationId, status: error.status, issues: error.issues });
  if (error instanceof ClientError) return failure(error.message, { kind: error.name, operationId });
  return failure(`${operationId} failed: ${error instanceof Error ? error.message : String(error)}`, { kind: 'internal', operationId });
}

function invalid(operationId: string, issues: readonly ValidationIssue[]): CallToolResult {
  const text = issues.map((i) => `${i.path.length > 0 ? i.path.join('.') : '(root)'}: ${i.message}`).join('; ');
  return failure(`Invalid arguments for ${operationId}: ${text}`, { kind: 'validation', operationId, issues: [...issues] });
}

function failure(text: string, error: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: { error: JSON.parse(JSON.stringify(error)) as Record<string, unknown> }, isError: true };
}

/**
 * Replaces every secret in a result's strings (and keys) by `[redacted]`. Defence in depth: the client
 * never puts its key in an error. Secrets under 4 characters are left alone (they would mangle text), as in the client.
 */
export function redactor(secrets: readonly string[]): (result: CallToolResult) => CallToolResult {
  const needles = secrets.filter((s) => s.length >= 4);
  if (needles.length === 0) return (result) => result;
  const text = (value: string): string => needles.reduce((t, needle) => t.split(needle).join('[redacted]'), value);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [text(k), walk(v)]));
    return value;
  };
  return (result) => walk(result) as CallToolResult;
}

/** How many items of a streamed payload a tool answers with: a stream may never end. */
export const MAX_STREAM_ITEMS = 100;

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

async function firstItems(items: AsyncIterable<unknown>): Promise<unknown[]> {
  const taken: unknown[] = [];
  for await (const item of items) {
    taken.push(item);
    if (taken.length >= MAX_STREAM_ITEMS) break;
  }
  return taken;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
