import { camelCase, pascalCase, snakeCase } from '../../model/naming.js';
import type { ApiModel, CredentialsModel } from '../../model/types.js';
import { banner } from '../banner.js';
import { definePlugin } from '../plugin.js';
import { sharedJsonModule } from '../data-module.js';
import { writesWholeFiles, type WholeFilesSetting } from '../shared/whole-files.js';
import { COPIED_FILES } from '../templates.js';
import { budgetPaging, type Paging } from './paging-hint.js';
import { jsonLiteral } from '../print.js';
import type { JsonSchema } from './json-schema.js';
import type { SchemaTable } from './schema-table.js';
import { buildManifest, buildToolBindings, DEFAULT_MAX_SCHEMA_BYTES, type McpManifest, type McpToolBinding } from './tool-manifest.js';
import { EXIT_USAGE, fail, type Problem } from '../../problems.js';
import { byCodeUnits } from '../../text-order.js';

/** What `mcp-server.ts.hbs` receives. */
export interface McpServerView {
  banner: string;
  title: string;
  names: ApiModel['names'];
  /** Name of the exported manifest constant (`podcastMcpTools`). */
  toolsConst: string;
  /** Name of the exported environment-variable names (`podcastMcpEnv`). */
  envConst: string;
  /** Name of the server's options type (`PodcastMcpServerOptions`). */
  optionsType: string;
  /** Name of the exported server spec (`podcastMcpServerSpec`), which `http.ts` serves. */
  specConst: string;
  /** Name of `http.ts`'s handler factory (`createPodcastMcpHandler`) and of its options type (`PodcastMcpHandlerOptions`). */
  createHandler: string;
  handlerOptionsType: string;
  serverInfo: { name: string; title: string; version: string };
  /** The environment variables `podcast-gen mcp` reads; `apiKey`: the credential variable of the client's `apiKey` option, where an operation uses its scheme. */
  env: { apiKey?: string; baseUrl: string; scopes: string };
  /** Name of the exported credential variables (`podcastMcpCredentials`) and of their reader (`readPodcastMcpCredentials`). */
  credentialsConst: string;
  readCredentials: string;
  /** The credential variables, and the schemes one of which some operation needs. */
  credentials: CredentialsModel;
  /** The `tools/list` result: every tool with self-contained schemas (`tools.json`). */
  manifest: McpManifest;
  tools: {
    name: string;
    operationId: string;
    methodName: string;
    hasInput: boolean;
    scopes: string[];
    wrapData: boolean;
    tags: string[];
    /** `binary` when the operation answers bytes (content blocks, not structured content). */
    result?: 'binary';
    /** How the operation pages, for a cut result's next call (paging-hint.ts, from the model's pagination). */
    paging?: Paging;
    /** Where the tool's `fields` argument projects. */
    fields?: 'object' | 'items';
  }[];
  /** True when some tool takes input (the validators are then imported). */
  anyInput: boolean;
  /** True for a large document (`ApiModel.large`): the tools are read from the data module `server-data.js`. */
  large: boolean;
  /** True when `tools.json` is written beside the server (option `manifest`). */
  manifestFile: boolean;
  /** The tools and their shared definitions as a TypeScript literal (`ToolData`), one definition or tool a line; empty when `large`. */
  data: string;
}

/** The view of the model that the MCP server template renders. */
export function mcpServerView(model: ApiModel, maxSchemaBytes = DEFAULT_MAX_SCHEMA_BYTES, manifest: WholeFilesSetting = 'auto'): McpServerView {
  return mcpServer(model, maxSchemaBytes, manifestWritten(model, manifest)).view;
}

/** Whether `tools.json` is written, by the option `manifest`. */
function manifestWritten(model: ApiModel, manifest: string): boolean {
  return writesWholeFiles({ setting: manifest, large: model.large, output: 'mcp', option: 'manifest' });
}

/**
 * The server's view, the manifest's JSON text (`tools.json`, where `manifestFile`) and the data
 * module's value (for a large document). The server carries each definition once, however many
 * tools reach it, and builds the manifest's `$defs` when it lists.
 */
function mcpServer(
  model: ApiModel,
  maxSchemaBytes: number,
  manifestFile: boolean,
): { view: McpServerView; manifestJson?: string; bindings: McpToolBinding[]; data?: ToolData } {
  const { bindings, table } = buildToolBindings(model, maxSchemaBytes);
  const api = model.names.api;
  const manifest = buildManifest(bindings);
  // The list the server assembles from its data, written again whole only where asked for.
  const manifestJson = manifestFile ? JSON.stringify(manifest, null, 2) : undefined;
  const { defs, responseDefs } = carriedDefinitions(bindings, table);
  const view: McpServerView = {
    banner: banner(model),
    title: model.title,
    names: model.names,
    toolsConst: camelCase(`${api} mcp tools`),
    envConst: camelCase(`${api} mcp env`),
    credentialsConst: camelCase(`${api} mcp credentials`),
    readCredentials: camelCase(`read ${api} mcp credentials`),
    credentials: model.credentials,
    optionsType: pascalCase(`${api} mcp server options`),
    specConst: camelCase(`${api} mcp server spec`),
    createHandler: camelCase(`create ${api} mcp handler`),
    handlerOptionsType: pascalCase(`${api} mcp handler options`),
    serverInfo: { name: snakeCase(api).replace(/_/g, '-'), title: model.title, version: model.version },
    env: {
      ...apiKeyVariable(model),
      baseUrl: `${model.names.envPrefix}_BASE_URL`,
      scopes: `${model.names.envPrefix}_SCOPES`,
    },
    manifest,
    tools: bindings.map(({ tool, operation, wrapData, projection }) => ({
      name: tool.name,
      operationId: operation.operationId,
      methodName: operation.methodName,
      hasInput: operation.hasInput,
      scopes: operation.scopes,
      wrapData,
      tags: operation.tags,
      ...(operation.data.kind === 'binary' ? { result: 'binary' as const } : {}),
      ...pagingOf(budgetPaging(operation, wrapData)),
      ...(projection ? { fields: projection } : {}),
    })),
    anyInput: bindings.some(({ operation }) => operation.hasInput),
    large: model.large,
    manifestFile,
    data: model.large
      ? ''
      : dataLiteral(
          defs,
          responseDefs,
          bindings.map((b) => b.entry),
        ),
  };
  // The data module's value: a large document's tools live there, a smaller one's in `view` above.
  const data = model.large
    ? { defs: Object.fromEntries(defs), responseDefs: Object.fromEntries(responseDefs), tools: bindings.map((b) => b.entry) }
    : undefined;
  return { view, ...(manifestJson === undefined ? {} : { manifestJson }), bindings, ...(data ? { data } : {}) };
}

/** What `server-data.js` holds: the definitions (by key, as `server.ts`'s `ToolData` has them) and every tool. */
interface ToolData {
  defs: Record<string, JsonSchema>;
  responseDefs: Record<string, JsonSchema>;
  tools: unknown[];
}

function pagingOf(paging: Paging | undefined): { paging?: Paging } {
  return paging ? { paging } : {};
}

/** A warning for each tool whose listed schemas leave definitions out (the listing's budget). */
function leftOutWarnings(model: ApiModel, bindings: readonly McpToolBinding[], maxSchemaBytes: number): Problem[] {
  return bindings.flatMap(({ entry, operation }) => {
    const { inputSchema = [], outputSchema = [] } = entry.leftOut ?? {};
    const count = inputSchema.length + outputSchema.length;
    if (count === 0) return [];
    const which = [inputSchema.length > 0 ? 'input' : '', outputSchema.length > 0 ? 'output' : ''].filter(Boolean).join(' and ');
    return [
      {
        code: 'mcp/schema-left-out',
        severity: 'warn' as const,
        file: model.source.path,
        pointer: operation.pointer,
        message: `tool ${entry.name} lists its ${which} schema without ${count} of the definitions it reaches (over ${maxSchemaBytes.toLocaleString('en-US')} bytes of JSON); the server still checks them in full`,
        hint: 'raise mcp.maxSchemaBytes in the config to list more',
      },
    ];
  });
}

/**
 * The definitions the server carries, sorted by key: those some tool's schemas reach or have as
 * their root (a large document has many components no tool's input or object payload uses).
 * `defs` holds them as requests read them, and as responses read them where that is the same;
 * `responseDefs` the others.
 */
function carriedDefinitions(bindings: readonly McpToolBinding[], table: SchemaTable): { defs: Map<string, JsonSchema>; responseDefs: Map<string, JsonSchema> } {
  const reached = { request: new Set<string>(), response: new Set<string>() };
  for (const { tool, entry } of bindings) {
    for (const key of Object.keys(tool.inputSchema.$defs ?? {})) reached.request.add(key);
    for (const key of Object.keys(tool.outputSchema?.$defs ?? {})) reached.response.add(key);
    // A response component that is the output schema's root.
    if (typeof entry.outputSchema === 'string') reached.response.add(entry.outputSchema);
  }
  const { request, response } = table.defs;
  const defs = new Map<string, JsonSchema>();
  const responseDefs = new Map<string, JsonSchema>();
  for (const key of [...reached.request].sort(byCodeUnits)) defs.set(key, request.get(key) as JsonSchema);
  for (const key of [...reached.response].sort(byCodeUnits)) {
    const schema = response.get(key) as JsonSchema;
    if (schema !== request.get(key)) responseDefs.set(key, schema);
    else defs.set(key, schema);
  }
  return { defs: new Map([...defs].sort(([a], [b]) => byCodeUnits(a, b))), responseDefs };
}

/** `ToolData` as a literal: each definition and tool on its own line. */
function dataLiteral(defs: ReadonlyMap<string, JsonSchema>, responseDefs: ReadonlyMap<string, JsonSchema>, tools: readonly unknown[]): string {
  const members = (lines: readonly string[], open: string, close: string) =>
    lines.length === 0 ? `${open}${close}` : `${open}\n${lines.map((line) => `    ${line},\n`).join('')}  ${close}`;
  const table = (map: ReadonlyMap<string, JsonSchema>) =>
    members(
      [...map].map(([key, schema]) => `${jsonLiteral(key)}: ${jsonLiteral(schema)}`),
      '{',
      '}',
    );
  return `{\n  defs: ${table(defs)},\n  responseDefs: ${table(responseDefs)},\n  tools: ${members(
    tools.map((tool) => jsonLiteral(tool)),
    '[',
    ']',
  )},\n}`;
}

/**
 * The code every MCP server shares (the tool server and its rooms, tool selection and search, the
 * dynamic mode, the credentials' reader): the copied files of templates/ under `mcp/`, each at the
 * same path in the output.
 */
const MCP_COPIED = COPIED_FILES.filter((path) => path.startsWith('mcp/'));

/** The data module `mcp/server.ts` imports (`./server-data.js`, and its one-line `.d.ts`), without extension. */
const MCP_DATA = 'mcp/server-data';

const MCP_DATA_DESCRIPTION = [
  'The data of `server.ts`, which it reads on first use: `defs`, every component schema as JSON Schema 2020-12',
  'read for requests (readOnly properties left out), by type name, and places inside one by their pointer; `responseDefs`,',
  'the definitions that read differently in responses (writeOnly properties left out instead); `tools`, every tool,',
  'sorted by name, its schemas referencing those definitions. Each value that recurs is written once.',
].join('\n');

/** The reader of the data module, copied from templates/ beside the server that imports it. */
const SHARED_VALUES = 'shared-values.ts';

/**
 * `mcp/server.ts` (the server, with the document's tools), `mcp/http.ts` (the same as a Web-standard
 * handler), `mcp/tool-server.ts` and the files they import (the code every server shares, copied
 * from templates/); `mcp/tools.json` (an MCP `tools/list` result, option `manifest`: by default for
 * a smaller document only, a large one's being its every tool's schemas written whole, which the
 * server assembles); and, for a large document (`ApiModel.large`), the server's data module
 * (`mcp/server-data.js`, which the type checker reads through its one-line declaration) with its
 * reader `mcp/shared-values.ts`.
 */
export const mcpPlugin = definePlugin({
  name: 'mcp',
  // The server calls the API through the client, and validates tool input with its validators.
  needs: ['client', 'zod'],
  options: {
    /**
     * The most JSON text a tool's schema may list (each of its input and output schemas, with
     * their `$defs`). Over it, the definitions farthest from the root are left out of the listing,
     * each reference to one noted; the server still validates the whole schema.
     */
    maxSchemaBytes: DEFAULT_MAX_SCHEMA_BYTES,
    /**
     * Whether `mcp/tools.json` is written: `auto`, for a document below the large size only (a
     * large one's server assembles the list from its data module, and the file would be every
     * tool's schemas written whole); `always`; `never`.
     */
    manifest: 'auto' as WholeFilesSetting,
  },
  emit(model, { templates, options, report }) {
    const { maxSchemaBytes } = options;
    if (!Number.isSafeInteger(maxSchemaBytes) || maxSchemaBytes < 0) {
      fail(
        {
          code: 'config/bad-value',
          message: 'option "maxSchemaBytes" of output "mcp" must be a whole number of bytes',
          hint: `got ${JSON.stringify(maxSchemaBytes)}`,
        },
        EXIT_USAGE,
      );
    }
    const { view, manifestJson, bindings, data } = mcpServer(model, maxSchemaBytes, manifestWritten(model, options.manifest));
    for (const problem of leftOutWarnings(model, bindings, maxSchemaBytes)) report(problem);
    return [
      // JSON cannot carry the banner; the file is still generated and byte-stable.
      ...(manifestJson === undefined ? [] : [{ path: 'mcp/tools.json', content: `${manifestJson}\n` }]),
      { path: 'mcp/server.ts', content: templates.render('mcp-server.ts.hbs', view) },
      { path: 'mcp/http.ts', content: templates.render('mcp-http.ts.hbs', view) },
      ...MCP_COPIED.map((path) => ({ path, content: `${view.banner}\n${templates.copied(path)}` })),
      ...(data
        ? [
            ...sharedJsonModule(MCP_DATA, view.banner, MCP_DATA_DESCRIPTION, data),
            { path: `mcp/${SHARED_VALUES}`, content: `${view.banner}\n${templates.copied(SHARED_VALUES)}` },
          ]
        : []),
    ];
  },
});

/** The variable (model/auth-variables.ts names it) of the scheme the client's `apiKey` option fills, where an operation can send it. */
function apiKeyVariable(model: ApiModel): { apiKey?: string } {
  const variable = model.credentials.variables.find((v) => v.option === 'apiKey' && v.role === 'credential');
  return variable ? { apiKey: variable.name } : {};
}
