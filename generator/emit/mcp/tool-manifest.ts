/**
 * The MCP tool manifest of a model: one `Tool` (as `tools/list` returns it) per operation. Pure.
 * Tools' schemas are JSON Schema 2020-12 (`json-schema.ts`) referencing one shared table of
 * definitions (`schema-table.ts`); as listed, each is self-contained through its own `$defs`.
 */
import { tagPlaces, type TagPlace } from '../../model/tags.js';
import type { ApiModel, OperationModel, SchemaObject } from '../../model/types.js';
import { schemaRefName } from '../../model/refs.js';
import { fail } from '../../problems.js';
import type { JsonSchema } from './json-schema.js';
import { listedWithin } from './listing-budget.js';
import { buildSchemaTable, type SchemaTable } from './schema-table.js';
import { pagingHint } from './paging-hint.js';

/** What MCP hosts accept as a tool name (the strictest of the big model hosts' rules). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** A tool exactly as `tools/list` lists it. Key order is the output order. */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations: { readOnlyHint: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint: boolean };
  _meta: Record<string, McpToolMeta>;
}

/** What `_meta[metaKey]` carries: what MCP has no field for (yet). */
export interface McpToolMeta {
  operationId: string;
  method: string;
  path: string;
  /** OAuth scopes the tool needs (all of them); empty when the document names none. */
  scopes: string[];
  /** The `x-assumed` reasons of the operation: choices the source document leaves open. */
  assumptions: string[];
  /**
   * Where the document nests its tags (OpenAPI 3.2 `parent`): each of the operation's tags with its
   * path from the top-level tag, its `summary` and `kind`, for hosts that group tools.
   */
  tags?: TagPlace[];
}

/** The manifest: a `tools/list` result, valid under protocol revisions 2025-11-25 and 2026-07-28. */
export interface McpManifest {
  /** Required by 2026-07-28 ("Servers implementing this protocol version MUST include this field"); a full list is `complete`. */
  resultType: 'complete';
  tools: McpTool[];
  /** Required by 2026-07-28's cacheable results; 0 and private because the list depends on the caller's scopes. */
  ttlMs: number;
  cacheScope: 'private';
}

/**
 * A tool as `server.ts` carries it: its schemas reference the shared {@link SchemaTable} (no
 * `$defs`), and an `outputSchema` that is a response component is that component's key. The
 * server adds each schema's `$defs` from the table when it lists the tool.
 */
export interface McpToolEntry extends Omit<McpTool, 'outputSchema'> {
  outputSchema?: JsonSchema | string;
  /** Definitions left out of each schema as listed, over the listing's budget (listing-budget.ts); not listed itself. */
  leftOut?: { inputSchema?: string[]; outputSchema?: string[] };
}

/** The default budget of a tool's schema as listed: 64 KiB of JSON text, about 16,000 tokens of a model's context. */
export const DEFAULT_MAX_SCHEMA_BYTES = 64 * 1024;

/** A tool with the operation it calls and how its payload becomes `structuredContent`. */
export interface McpToolBinding {
  /** The tool as `tools/list` lists it: every schema self-contained (`tools.json`). */
  tool: McpTool;
  /** The same tool referencing the shared table (`server.ts`). */
  entry: McpToolEntry;
  operation: OperationModel;
  /** True when the payload is not an object: `structuredContent` is then `{ data }`. */
  wrapData: boolean;
}

/** The tools of a model, sorted by name, and the table of definitions their schemas share. */
export interface McpTools {
  bindings: McpToolBinding[];
  table: SchemaTable;
}

/**
 * Builds every tool of the model, sorted by name; fails on a name MCP hosts refuse or a collision.
 * Each schema is listed within `maxSchemaBytes` of JSON text (listing-budget.ts).
 */
export function buildToolBindings(model: ApiModel, maxSchemaBytes = DEFAULT_MAX_SCHEMA_BYTES): McpTools {
  // Arguments are checked by the request-direction validators, payloads by the response-direction
  // ones; the definitions are read the same way (readOnly left out of input, writeOnly of output).
  const table = buildSchemaTable(model);
  const schemasByName = new Map(model.schemas.map((schema) => [schema.name, schema]));
  const seen = new Map<string, OperationModel>();
  const entries = model.operations.map((operation) => {
    checkToolName(operation, seen);
    const output = outputSchemaOf(operation, table, schemasByName);
    const entry: McpToolEntry = {
      name: operation.toolName,
      title: operation.toolTitle,
      description: describe(operation),
      inputSchema: table.convert(operation.inputSchema, 'request'),
      ...(output ? { outputSchema: output } : {}),
      annotations: annotationsOf(operation),
      _meta: { [model.names.metaKey]: metaOf(operation, model.tags) },
    };
    return { entry, operation };
  });
  // Self-contained once every tool is converted: a tool's schemas may add places to the table.
  const bindings = entries.map(({ entry, operation }) => {
    const tool = selfContained(entry, table, maxSchemaBytes);
    return { tool, entry, operation, wrapData: entry.outputSchema === undefined };
  });
  return { bindings: bindings.sort((a, b) => (a.tool.name < b.tool.name ? -1 : a.tool.name > b.tool.name ? 1 : 0)), table };
}

/**
 * The tool as `tools/list` lists it: each schema with the definitions it reaches as `$defs` (as the
 * server does at run time), within the budget. What a schema leaves out is noted on the entry,
 * for the server to leave out the same.
 */
function selfContained(entry: McpToolEntry, table: SchemaTable, maxBytes: number): McpTool {
  const { outputSchema, leftOut: _, ...tool } = entry;
  const input = listedWithin(tool.inputSchema, table.defs.request, maxBytes);
  const output =
    outputSchema === undefined
      ? undefined
      : listedWithin(
          typeof outputSchema === 'string' ? objectRooted(table.defs.response.get(outputSchema) as JsonSchema) : outputSchema,
          table.defs.response,
          maxBytes,
        );
  if (input.leftOut.length > 0 || (output?.leftOut.length ?? 0) > 0) {
    entry.leftOut = {
      ...(input.leftOut.length > 0 ? { inputSchema: input.leftOut } : {}),
      ...(output && output.leftOut.length > 0 ? { outputSchema: output.leftOut } : {}),
    };
  }
  if (output === undefined) return { ...tool, inputSchema: input.schema };
  // Key order as listed: outputSchema after inputSchema, before annotations and _meta.
  const { annotations, _meta, ...head } = tool;
  return { ...head, inputSchema: input.schema, outputSchema: output.schema, annotations, _meta };
}

/** The `tools/list` result of all tools. */
export function buildManifest(bindings: readonly McpToolBinding[]): McpManifest {
  return { resultType: 'complete', tools: bindings.map((b) => b.tool), ttlMs: 0, cacheScope: 'private' };
}

function checkToolName(operation: OperationModel, seen: Map<string, OperationModel>): void {
  const name = operation.toolName;
  if (!TOOL_NAME_PATTERN.test(name)) {
    fail({
      code: 'mcp/tool-name',
      pointer: operation.pointer,
      message: `tool name ${JSON.stringify(name)} of ${operation.operationId} is not a valid MCP tool name (${TOOL_NAME_PATTERN.source})`,
      hint: 'use letters, digits, _ and - only, at most 64 characters, in x-tool-name',
    });
  }
  const other = seen.get(name.toLowerCase());
  if (other) {
    fail({
      code: 'mcp/tool-name-collision',
      pointer: operation.pointer,
      message: `tool name ${JSON.stringify(name)} of ${operation.operationId} collides with that of ${other.operationId}`,
      hint: 'give each operation its own x-tool-name (names are compared ignoring case)',
    });
  }
  seen.set(name.toLowerCase(), operation);
}

/** The document's words (description, else summary); a cost note only where the words do not mention it. */
function describe(operation: OperationModel): string {
  const sentences = [operation.description?.trim() || operation.summary?.trim() || operation.toolTitle];
  if (operation.chargesCredits && !/credit|charge/i.test(sentences[0] ?? '')) sentences.push('This operation charges credits.');
  if (operation.deprecated) sentences.push('Deprecated.');
  const paging = pagingHint(operation);
  if (paging) sentences.push(paging);
  return sentences.join(' ');
}

function annotationsOf(operation: OperationModel): McpTool['annotations'] {
  const { readOnly, destructive, idempotent, openWorld } = operation.annotations;
  // destructive and idempotent only mean something for a tool that changes state.
  return readOnly
    ? { readOnlyHint: true, openWorldHint: openWorld }
    : { readOnlyHint: false, destructiveHint: destructive, idempotentHint: idempotent, openWorldHint: openWorld };
}

function metaOf(operation: OperationModel, tags: ApiModel['tags']): McpToolMeta {
  const meta: McpToolMeta = {
    operationId: operation.operationId,
    method: operation.httpMethod,
    path: operation.path,
    scopes: [...operation.scopes],
    assumptions: [...new Set(operation.assumptions.map((a) => a.reason))],
  };
  const places = tagPlaces(tags, operation.tags);
  if (places) meta.tags = places;
  return meta;
}

/**
 * The payload's schema as an object-rooted `outputSchema` (a response component: its key in the
 * table), or undefined when the payload is not an object.
 */
function outputSchemaOf(
  operation: OperationModel,
  table: SchemaTable,
  schemasByName: ReadonlyMap<string, ApiModel['schemas'][number]>,
): JsonSchema | string | undefined {
  if (operation.data.kind !== 'json') return undefined;
  let schema: SchemaObject | undefined = operation.data.schema;
  let typeName: string | undefined;
  for (let depth = 0; schema?.$ref && depth < 32; depth++) {
    const name = schemaRefName(schema);
    const named = name === undefined ? undefined : schemasByName.get(name);
    typeName = named?.typeName;
    schema = named?.schema;
  }
  if (!schema || !isObjectSchema(schema)) return undefined;
  return typeName ?? objectRooted(table.convert(schema, 'response'));
}

/** An `outputSchema` root must be `type: object` (MCP); an object schema may leave the type implicit. */
function objectRooted(schema: JsonSchema): JsonSchema {
  return schema.type === 'object' ? schema : { type: 'object', ...schema };
}

function isObjectSchema(schema: SchemaObject): boolean {
  if (schema.nullable || schema.oneOf || schema.anyOf || schema.not) return false;
  return schema.type === 'object' || (schema.type === undefined && schema.properties !== undefined && schema.allOf === undefined);
}
