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
import { schemaLister, type SchemaLister } from './listing-budget.js';
import { buildSchemaTable, type SchemaTable, type ToolDirection } from './schema-table.js';
import { pagingHint } from './paging-hint.js';
import { byCodeUnits } from '../../text-order.js';

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
  /** Where the tool's `fields` argument projects (the object it answers, or each item of `data`); absent: it takes none. */
  projection?: Projection;
}

/** Where a `fields` argument projects a result: the object, or each object of the list in `data`. */
export type Projection = 'object' | 'items';

/** The name of the projection argument (as the server's `result-fields.ts` reads it). */
export const FIELDS_ARGUMENT = 'fields';

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
    const output = outputOf(operation, table, schemasByName);
    const input = table.convert(operation.inputSchema, 'request');
    const entry: McpToolEntry = {
      name: operation.toolName,
      title: operation.toolTitle,
      description: describe(operation),
      inputSchema: output.fields ? withFieldsArgument(input, output.fields) : input,
      ...(output.schema ? { outputSchema: output.schema } : {}),
      annotations: annotationsOf(operation),
      _meta: { [model.names.metaKey]: metaOf(operation, model.tags) },
    };
    return { entry, operation, output };
  });
  // Self-contained once every tool is converted: a tool's schemas may add places to the table.
  const listers = { request: schemaLister(table.defs.request, maxSchemaBytes), response: schemaLister(table.defs.response, maxSchemaBytes) };
  const bindings = entries.map(({ entry, operation, output }) => {
    const tool = selfContained(entry, table, listers);
    return { tool, entry, operation, wrapData: output.wrap, ...(output.fields ? { projection: output.fields.projection } : {}) };
  });
  return { bindings: bindings.sort((a, b) => byCodeUnits(a.tool.name, b.tool.name)), table };
}

/**
 * The tool as `tools/list` lists it: each schema with the definitions it reaches as `$defs` (as the
 * server does at run time), within the budget. What a schema leaves out is noted on the entry,
 * for the server to leave out the same.
 */
function selfContained(entry: McpToolEntry, table: SchemaTable, listers: Record<ToolDirection, SchemaLister>): McpTool {
  const { outputSchema, leftOut: _, ...tool } = entry;
  const input = listers.request(tool.inputSchema);
  const output =
    outputSchema === undefined
      ? undefined
      : listers.response(typeof outputSchema === 'string' ? objectRooted(table.defs.response.get(outputSchema) as JsonSchema) : outputSchema);
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
 * A tool's `outputSchema` and how its payload becomes `structuredContent`. An object payload is the
 * structured content itself (its schema a response component's key where it is one); any other
 * payload with a schema (a list, a string, a stream's items) is `{ data }`, and the schema says so.
 * Where the object, or the items of the list, are objects of known properties, the tool takes a
 * `fields` argument: the schema then requires none of those properties, so a projection stays valid.
 */
function outputOf(
  operation: OperationModel,
  table: SchemaTable,
  schemasByName: ReadonlyMap<string, ApiModel['schemas'][number]>,
): { schema?: JsonSchema | string; wrap: boolean; fields?: { projection: Projection; names: string[] } } {
  const { kind } = operation.data;
  if (kind !== 'json' && kind !== 'stream' && kind !== 'text') return { wrap: true };
  const written = operation.data.schema;
  if (saysNothing(written)) return { wrap: true };
  const { schema, typeName } = resolved(written, schemasByName);
  const projectable = !operation.input.some((field) => field.name === FIELDS_ARGUMENT);
  if (kind === 'json' && schema && isObjectSchema(schema)) {
    const converted = typeName ? (table.defs.response.get(typeName) ?? table.convert(schema, 'response')) : table.convert(schema, 'response');
    const names = projectable ? propertyNames(converted) : undefined;
    if (!names) return { schema: typeName ?? objectRooted(converted), wrap: false };
    return { schema: objectRooted(withoutRequired(converted)), wrap: false, fields: { projection: 'object', names } };
  }
  const data = kind === 'stream' ? { type: 'array', items: table.convert(written, 'response') } : table.convert(written, 'response');
  const list =
    kind === 'json' && schema?.type === 'array' && schema.items && !Array.isArray(schema.items)
      ? resolved(schema.items as SchemaObject, schemasByName)
      : undefined;
  const itemSchema =
    list?.schema && isObjectSchema(list.schema) ? (list.typeName ? table.defs.response.get(list.typeName) : table.convert(list.schema, 'response')) : undefined;
  const names = projectable && itemSchema ? propertyNames(itemSchema) : undefined;
  if (!names || !itemSchema) return { schema: { type: 'object', properties: { data }, required: ['data'] }, wrap: true };
  const items = { type: 'array', ...withoutKeys(data, ['type', 'items']), items: withoutRequired(itemSchema) };
  return { schema: { type: 'object', properties: { data: items }, required: ['data'] }, wrap: true, fields: { projection: 'items', names } };
}

/** The schema a reference names (followed to the component), with the component's type name. */
function resolved(schema: SchemaObject, schemasByName: ReadonlyMap<string, ApiModel['schemas'][number]>): { schema?: SchemaObject; typeName?: string } {
  let current: SchemaObject | undefined = schema;
  let typeName: string | undefined;
  for (let depth = 0; current?.$ref && depth < 32; depth++) {
    const name = schemaRefName(current);
    const named = name === undefined ? undefined : schemasByName.get(name);
    typeName = named?.typeName;
    current = named?.schema;
  }
  return { ...(current ? { schema: current } : {}), ...(typeName ? { typeName } : {}) };
}

/** Keywords that describe a value without constraining it: a schema of only these accepts anything. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', '$comment', 'externalDocs']);

/** True for a schema that accepts any value (`{}`, or a description alone): the payload has no schema to list. */
function saysNothing(schema: SchemaObject): boolean {
  return Object.keys(schema).every((key) => ANNOTATIONS.has(key) || key.startsWith('x-'));
}

/** The property names of a converted object schema a projection can choose among: two at least, else undefined. */
function propertyNames(schema: JsonSchema): string[] | undefined {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null) return undefined;
  const names = Object.keys(properties);
  return names.length > 1 ? names : undefined;
}

/** `input` with the `fields` argument: the names a result may be projected to. */
function withFieldsArgument(input: JsonSchema, fields: { projection: Projection; names: string[] }): JsonSchema {
  const of = fields.projection === 'object' ? 'the result' : 'each item of the result';
  const argument = {
    type: 'array',
    items: { type: 'string', enum: fields.names },
    minItems: 1,
    uniqueItems: true,
    description: `Only these fields of ${of}: a smaller answer, where the others are not needed.`,
  };
  return { ...input, properties: { ...(input.properties as object | undefined), [FIELDS_ARGUMENT]: argument } };
}

/** A converted schema without `required`: a projected object may leave any of its properties out. */
function withoutRequired(schema: JsonSchema): JsonSchema {
  return withoutKeys(schema, ['required']);
}

function withoutKeys(schema: JsonSchema, keys: readonly string[]): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !keys.includes(key))) as JsonSchema;
}

/** An `outputSchema` root must be `type: object` (MCP); an object schema may leave the type implicit. */
function objectRooted(schema: JsonSchema): JsonSchema {
  if (schema.type === 'object') return schema;
  // One object per schema: the tools answering the same component list it as the same root, whose
  // size and references are then found once (listing-budget.ts).
  let rooted = objectRoots.get(schema);
  if (!rooted) objectRoots.set(schema, (rooted = { type: 'object', ...schema }));
  return rooted;
}

const objectRoots = new WeakMap<JsonSchema, JsonSchema>();

function isObjectSchema(schema: SchemaObject): boolean {
  if (schema.nullable || schema.oneOf || schema.anyOf || schema.not) return false;
  return schema.type === 'object' || (schema.type === undefined && schema.properties !== undefined && schema.allOf === undefined);
}
