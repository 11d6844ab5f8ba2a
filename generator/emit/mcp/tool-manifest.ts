/**
 * The MCP tool manifest of a model: one `Tool` (as `tools/list` returns it) per operation. Pure.
 * Every schema is made self-contained JSON Schema 2020-12 by `json-schema.ts`.
 */
import type { ApiModel, OperationModel, SchemaObject } from '../../model/types.js';
import { schemaRefName } from '../../model/refs.js';
import { hasFlaggedProperty } from '../../model/schemas.js';
import { fail } from '../../problems.js';
import { toJsonSchema, withDefs, type JsonSchema, type RefNamer } from './json-schema.js';

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

/** A tool with the operation it calls and how its payload becomes `structuredContent`. */
export interface McpToolBinding {
  tool: McpTool;
  operation: OperationModel;
  /** True when the payload is not an object: `structuredContent` is then `{ data }`. */
  wrapData: boolean;
}

/** Builds every tool of the model, sorted by name; fails on a name MCP hosts refuse or a collision. */
export function buildToolBindings(model: ApiModel): McpToolBinding[] {
  // Arguments are checked by the request-direction validators, payloads by the response-direction
  // ones; each schema's $defs are read the same way (readOnly left out of input, writeOnly of output).
  const defName = refNamer(model);
  const { request: requestDefs, response: responseDefs } = componentSchemas(model, defName);
  const schemasByName = new Map(model.schemas.map((schema) => [schema.name, schema]));
  const seen = new Map<string, OperationModel>();
  const bindings = model.operations.map((operation) => {
    checkToolName(operation, seen);
    const output = outputSchemaOf(operation, responseDefs, schemasByName, defName);
    const tool: McpTool = {
      name: operation.toolName,
      title: operation.toolTitle,
      description: describe(operation),
      inputSchema: withDefs(toJsonSchema(operation.inputSchema, defName, 'request'), requestDefs),
      ...(output ? { outputSchema: output } : {}),
      annotations: annotationsOf(operation),
      _meta: { [model.names.metaKey]: metaOf(operation) },
    };
    return { tool, operation, wrapData: output === undefined };
  });
  return bindings.sort((a, b) => (a.tool.name < b.tool.name ? -1 : a.tool.name > b.tool.name ? 1 : 0));
}

/** The `tools/list` result of all tools. */
export function buildManifest(bindings: readonly McpToolBinding[]): McpManifest {
  return { resultType: 'complete', tools: bindings.map((b) => b.tool), ttlMs: 0, cacheScope: 'private' };
}

function checkToolName(operation: OperationModel, seen: Map<string, OperationModel>): void {
  const name = operation.toolName;
  if (!TOOL_NAME_PATTERN.test(name)) {
    fail({ code: 'mcp/tool-name', pointer: operation.pointer, message: `tool name ${JSON.stringify(name)} of ${operation.operationId} is not a valid MCP tool name (${TOOL_NAME_PATTERN.source})`, hint: 'use letters, digits, _ and - only, at most 64 characters, in x-tool-name' });
  }
  const other = seen.get(name.toLowerCase());
  if (other) {
    fail({ code: 'mcp/tool-name-collision', pointer: operation.pointer, message: `tool name ${JSON.stringify(name)} of ${operation.operationId} collides with that of ${other.operationId}`, hint: 'give each operation its own x-tool-name (names are compared ignoring case)' });
  }
  seen.set(name.toLowerCase(), operation);
}

/** The document's words (description, else summary); a cost note only where the words do not mention it. */
function describe(operation: OperationModel): string {
  const sentences = [operation.description?.trim() || operation.summary?.trim() || operation.toolTitle];
  if (operation.chargesCredits && !/credit|charge/i.test(sentences[0] ?? '')) sentences.push('This operation charges credits.');
  if (operation.deprecated) sentences.push('Deprecated.');
  return sentences.join(' ');
}

function annotationsOf(operation: OperationModel): McpTool['annotations'] {
  const { readOnly, destructive, idempotent, openWorld } = operation.annotations;
  // destructive and idempotent only mean something for a tool that changes state.
  return readOnly ? { readOnlyHint: true, openWorldHint: openWorld } : { readOnlyHint: false, destructiveHint: destructive, idempotentHint: idempotent, openWorldHint: openWorld };
}

function metaOf(operation: OperationModel): McpToolMeta {
  return {
    operationId: operation.operationId,
    method: operation.method.toUpperCase(),
    path: operation.path,
    scopes: [...operation.scopes],
    assumptions: [...new Set(operation.assumptions.map((a) => a.reason))],
  };
}

/** The payload's schema as an object-rooted `outputSchema`, or undefined when the payload is not an object. */
function outputSchemaOf(operation: OperationModel, components: ReadonlyMap<string, JsonSchema>, schemasByName: ReadonlyMap<string, ApiModel['schemas'][number]>, defName: RefNamer): JsonSchema | undefined {
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
  const root = typeName ? (components.get(typeName) as JsonSchema) : toJsonSchema(schema, defName, 'response');
  return withDefs(root.type === 'object' ? root : { type: 'object', ...root }, components);
}

function isObjectSchema(schema: SchemaObject): boolean {
  if (schema.nullable || schema.oneOf || schema.anyOf || schema.not) return false;
  return schema.type === 'object' || (schema.type === undefined && schema.properties !== undefined && schema.allOf === undefined);
}

/**
 * Every component schema converted for requests and for responses, keyed by its unique type name
 * (the `$defs` key). Only readOnly and writeOnly properties make the two differ (references are
 * converted alike both ways): a component with neither anywhere in it is converted once, and both
 * maps hold that one object.
 */
function componentSchemas(model: ApiModel, defName: RefNamer): Record<'request' | 'response', Map<string, JsonSchema>> {
  const request = new Map<string, JsonSchema>();
  const response = new Map<string, JsonSchema>();
  for (const { typeName, schema } of model.schemas) {
    const forRequests = toJsonSchema(schema, defName, 'request');
    const sameBothWays = !hasFlaggedProperty(schema, 'readOnly') && !hasFlaggedProperty(schema, 'writeOnly');
    request.set(typeName, forRequests);
    response.set(typeName, sameBothWays ? forRequests : toJsonSchema(schema, defName, 'response'));
  }
  return { request, response };
}

/** `#/components/schemas/<name>` -> the component's type name (valid, unique: a safe `$defs` key). */
function refNamer(model: ApiModel): RefNamer {
  const byName = new Map(model.schemas.map((s) => [s.name, s.typeName]));
  return (ref) => {
    const name = schemaRefName({ $ref: ref });
    const typeName = name === undefined ? undefined : byName.get(name);
    if (typeName === undefined) fail({ code: 'mcp/unresolved-ref', message: `cannot make a tool schema self-contained: unknown reference ${ref}`, hint: 'references in schemas must point at #/components/schemas/<name>' });
    return typeName;
  };
}
