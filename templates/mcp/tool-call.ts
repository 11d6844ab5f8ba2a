/**
 * The call room of a generated MCP server: a tool's arguments checked with its operation's
 * validators, the generated client's method called, and the answer or the error shaped as a tool
 * result an agent can read. Who may call is the gate's (tool-gate.ts), which tools exist the
 * catalogue's (tool-catalog.ts).
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import {
  ApiError,
  ClientError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  type RequestOptions,
  type ValidationIssue,
} from '../runtime.js';
import { DEFAULT_TIMEOUT_MS } from '../runtime/core/options.js';
import { type Cut, cutNote, DEFAULT_RESULT_BUDGET, fitToBudget, minItemsOf, nextCall, type Paging } from './result-budget.js';
import { FIELDS_ARGUMENT, type Projection, project, projectableFields, takeFields } from './result-fields.js';

/** The key of a result's `_meta` that says what the server did to it (a cut to the budget). */
export const RESULT_META_KEY = 'dev.podcast-gen/result';

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
  /** `binary` when the operation answers bytes: an image or audio content block, else an embedded resource. */
  result?: 'binary';
  /** How the operation pages (its pagination, as result-budget.ts reads it), to say how to get what a cut left out. */
  paging?: Paging;
  /** Where the tool's `fields` argument projects: the object it answers, or each item of `data`. */
  fields?: Projection;
}

/** The tool as listed, for what a call reads of it: the names `fields` accepts, the `minItems` of its lists. */
export interface ListedTool {
  name: string;
  inputSchema?: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
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
 * One tool call: its arguments checked (and `fields` taken out), the client method called, the
 * answer projected to `fields` and kept within `budget` characters of JSON, or the error, as a result.
 */
export async function callTool(call: {
  client: object;
  binding: ToolBinding;
  validators: Readonly<Record<string, OperationValidators>>;
  args: unknown;
  signal?: AbortSignal;
  /** The tool as listed (absent: no `fields`, no `minItems` known). */
  tool?: ListedTool;
  /** Characters of JSON the structured result may take. Default {@link DEFAULT_RESULT_BUDGET}. */
  budget?: number;
  /** How long a streamed answer's items are waited for, in all (a stream may stay open forever). Default: the client's default time limit. */
  streamWaitMs?: number;
}): Promise<CallToolResult> {
  const { client, binding, validators } = call;
  const budget = call.budget ?? DEFAULT_RESULT_BUDGET;
  let args: unknown = call.args;
  let fields: string[] | undefined;
  if (binding.fields && isRecord(args)) {
    const taken = takeFields(args, projectableFields(call.tool?.inputSchema) ?? []);
    if ('problem' in taken) return invalid(binding.operationId, [{ path: [FIELDS_ARGUMENT], message: taken.problem }]);
    args = taken.args;
    fields = taken.fields;
  }
  let input: unknown = args;
  const params = binding.input && Object.hasOwn(validators, binding.operationId) ? validators[binding.operationId]?.params : undefined;
  if (params) {
    const parsed = params.safeParse(args);
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
    // The call's own stop, besides the caller's: a stream still open when its wait is over is closed.
    const stop = new AbortController();
    const signal = call.signal === undefined ? stop.signal : AbortSignal.any([call.signal, stop.signal]);
    const options: RequestOptions = { signal };
    const answer: unknown = await (binding.input ? method.call(client, input, options) : method.call(client, options));
    if (binding.result === 'binary') return await binaryResult(answer, binding.operationId, budget);
    // A streamed payload (OpenAPI 3.2 itemSchema) is answered with its first items, or those that came within the wait.
    const waitMs = call.streamWaitMs ?? DEFAULT_TIMEOUT_MS;
    const streamed = isAsyncIterable(answer) ? await firstItems(answer, waitMs, stop) : undefined;
    const data = streamed ? streamed.items : answer;
    const structured: unknown = binding.wrapData ? { data: data ?? null } : data;
    if (!isRecord(structured))
      return toolError(`${binding.operationId} answered with a payload that is not an object.`, { kind: 'response', operationId: binding.operationId });
    const projected = fields && binding.fields ? project(structured, fields, binding.fields) : structured;
    // The call that gets what a cut left out asks for the same fields.
    const again = { ...(isRecord(args) ? args : {}), ...(fields && binding.fields ? { [FIELDS_ARGUMENT]: fields } : {}) };
    const result = withinBudget(projected, { budget, binding, args: again, tool: call.tool });
    if (!streamed?.open) return result;
    const count = streamed.items.length;
    const text = `${binding.operationId} streamed ${count} item${count === 1 ? '' : 's'} within ${waitMs} ms and had not ended: this result holds those, the stream was closed.`;
    return { ...result, content: [...(result.content ?? []), { type: 'text', text }] };
  } catch (error) {
    return errorResult(binding.operationId, error);
  }
}

/** The structured result within the budget, with a note of what a cut left out and how to get it. */
function withinBudget(
  structured: Record<string, unknown>,
  context: { budget: number; binding: ToolBinding; args: Record<string, unknown>; tool: ListedTool | undefined },
): CallToolResult {
  const { budget, binding } = context;
  const fitted = fitToBudget(structured, budget, minItemsOf(context.tool?.outputSchema));
  if (fitted.size > budget) return overBudget(binding, budget, fitted.whole ?? fitted.size, fitted.cut !== undefined);
  const text = JSON.stringify(fitted.value);
  if (!fitted.cut) return { content: [{ type: 'text', text }], structuredContent: fitted.value };
  const next = nextCall(context.args, binding.paging, fitted.cut);
  const cut: Cut = { budget, ...fitted.cut, ...(next ? { next } : {}) };
  const fields = binding.fields ? FIELDS_ARGUMENT : undefined;
  return {
    content: [
      { type: 'text', text },
      { type: 'text', text: cutNote(cut, { paging: binding.paging, fields }) },
    ],
    structuredContent: fitted.value,
    _meta: { [RESULT_META_KEY]: { cut } },
  };
}

/**
 * A result no cut brings within the budget (no list, or its lists at their `minItems` and still over):
 * left out, as an error that says its size and how to get a smaller one. Never sent whole: an agent
 * may not hold it.
 */
function overBudget(binding: ToolBinding, budget: number, size: number, cut: boolean): CallToolResult {
  const ways = `${binding.fields ? `Ask for fewer fields with ${FIELDS_ARGUMENT}, or give` : 'Give'} this tool a larger budget (the server's resultBudgets option).`;
  const text = `${binding.operationId} answered ${size.toLocaleString('en-US')} characters of JSON${cut ? ', its lists cut as far as its schema allows' : ' with no list to cut'}: over this tool's result budget of ${budget.toLocaleString('en-US')}, so it is left out. ${ways}`;
  return { content: [{ type: 'text', text }], isError: true, _meta: { [RESULT_META_KEY]: { cut: { budget, size } } } };
}

/** Bytes as an agent takes them: an image or audio block, else an embedded resource; within the budget, as base64. */
async function binaryResult(answer: unknown, operationId: string, budget: number): Promise<CallToolResult> {
  const blob =
    answer instanceof Blob ? answer : new Blob([answer instanceof ArrayBuffer || ArrayBuffer.isView(answer) ? (answer as ArrayBuffer) : String(answer ?? '')]);
  const mimeType = blob.type.split(';')[0]?.trim() || 'application/octet-stream';
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const size = Math.ceil(bytes.byteLength / 3) * 4;
  if (size > budget) {
    const text = `${operationId} answered ${bytes.byteLength.toLocaleString('en-US')} bytes of ${mimeType}, ${size.toLocaleString('en-US')} characters as base64: over this tool's result budget of ${budget.toLocaleString('en-US')}, so they are left out (a larger resultBudget for this tool lets them through).`;
    return { content: [{ type: 'text', text }], _meta: { [RESULT_META_KEY]: { cut: { budget, bytes: bytes.byteLength, mimeType } } } };
  }
  const data = base64(bytes);
  if (mimeType.startsWith('image/')) return { content: [{ type: 'image', data, mimeType }] };
  if (mimeType.startsWith('audio/')) return { content: [{ type: 'audio', data, mimeType }] };
  return { content: [{ type: 'resource', resource: { uri: `urn:podcast-gen:${encodeURIComponent(operationId)}:response`, mimeType, blob: data } }] };
}

function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** A thrown client error as a tool result: what an agent needs to decide what to do next. */
export function errorResult(operationId: string, error: unknown): CallToolResult {
  if (error instanceof RateLimitError) {
    const wait = error.retryAfter === undefined ? 'later' : `after ${error.retryAfter} s`;
    return toolError(`Rate limited (HTTP 429): ${error.msg ?? 'too many requests'}. Retry ${wait}.`, {
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
    return toolError(error.message, { kind: 'api', operationId, status: error.status, code: error.code, msg: error.msg, cause: error.cause, rid: error.rid });
  }
  if (error instanceof RequestValidationError) return invalid(operationId, error.issues);
  if (error instanceof ResponseValidationError) return toolError(error.message, { kind: 'response', operationId, status: error.status, issues: error.issues });
  if (error instanceof ClientError) return toolError(error.message, { kind: error.name, operationId });
  return toolError(`${operationId} failed: ${error instanceof Error ? error.message : String(error)}`, { kind: 'internal', operationId });
}

function invalid(operationId: string, issues: readonly ValidationIssue[]): CallToolResult {
  const text = issues.map((i) => `${i.path.length > 0 ? i.path.join('.') : '(root)'}: ${i.message}`).join('; ');
  return toolError(`Invalid arguments for ${operationId}: ${text}`, { kind: 'validation', operationId, issues: [...issues] });
}

/** A failure as a tool result: `isError`, a readable text, and `structuredContent.error` (undefined fields dropped). */
export function toolError(text: string, error: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: { error: JSON.parse(JSON.stringify(error)) as Record<string, unknown> }, isError: true };
}

/** How many items of a streamed payload a tool answers with: a stream may never end. */
export const MAX_STREAM_ITEMS = 100;

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * The first items of a stream, at most {@link MAX_STREAM_ITEMS}, those that came within `waitMs` in
 * all: keep-alive comments reset the client's wait for each item, not this one. A stream still open
 * then is stopped (`open`).
 */
async function firstItems(items: AsyncIterable<unknown>, waitMs: number, stop: AbortController): Promise<{ items: unknown[]; open: boolean }> {
  const taken: unknown[] = [];
  const iterator = items[Symbol.asyncIterator]();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), waitMs);
  });
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), late]);
      if (next === 'late') {
        // The pending read fails with the abort (the race has handled it); the generator is closed after it.
        stop.abort();
        iterator.return?.().catch(() => undefined);
        return { items: taken, open: true };
      }
      if (next.done) return { items: taken, open: false };
      taken.push(next.value);
      if (taken.length >= MAX_STREAM_ITEMS) {
        await iterator.return?.();
        return { items: taken, open: false };
      }
    }
  } finally {
    clearTimeout(timer);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
