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
      return toolError(`${binding.operationId} answered with a payload that is not an object.`, { kind: 'response', operationId: binding.operationId });
    return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
  } catch (error) {
    return errorResult(binding.operationId, error);
  }
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
