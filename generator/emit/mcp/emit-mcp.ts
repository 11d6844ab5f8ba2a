import { camelCase, pascalCase, snakeCase } from '../../model/naming.js';
import type { ApiModel } from '../../model/types.js';
import { banner } from '../banner.js';
import { definePlugin } from '../plugin.js';
import { jsonTextLiteral } from '../print.js';
import { buildManifest, buildToolBindings, type McpManifest } from './tool-manifest.js';

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
  serverInfo: { name: string; title: string; version: string };
  env: { apiKey: string; baseUrl: string; scopes: string };
  manifest: McpManifest;
  /** `manifest` as a JSON literal, what `{{{jsonPretty manifest}}}` prints: made from the text of `tools.json`. */
  manifestLiteral: string;
  tools: { name: string; operationId: string; methodName: string; hasInput: boolean; scopes: string[]; wrapData: boolean }[];
  /** True when some tool takes input (its params type and validator are then imported). */
  anyInput: boolean;
}

/** The view of the model that the MCP server template renders. */
export function mcpServerView(model: ApiModel): McpServerView {
  return mcpServer(model).view;
}

/**
 * The server's view and the manifest's JSON text. The manifest holds every tool's schemas (megabytes
 * for a large document): it is serialized once, for `tools.json` and for the literal in `server.ts`.
 */
function mcpServer(model: ApiModel): { view: McpServerView; manifestJson: string } {
  const bindings = buildToolBindings(model);
  const api = model.names.api;
  const manifest = buildManifest(bindings);
  const manifestJson = JSON.stringify(manifest, null, 2);
  const view: McpServerView = {
    banner: banner(model),
    title: model.title,
    names: model.names,
    toolsConst: camelCase(`${api} mcp tools`),
    envConst: camelCase(`${api} mcp env`),
    optionsType: pascalCase(`${api} mcp server options`),
    serverInfo: { name: snakeCase(api).replace(/_/g, '-'), title: model.title, version: model.version },
    env: { apiKey: `${model.names.envPrefix}_API_KEY`, baseUrl: `${model.names.envPrefix}_BASE_URL`, scopes: `${model.names.envPrefix}_SCOPES` },
    manifest,
    manifestLiteral: jsonTextLiteral(manifestJson),
    tools: bindings.map(({ tool, operation, wrapData }) => ({
      name: tool.name,
      operationId: operation.operationId,
      methodName: operation.methodName,
      hasInput: operation.hasInput,
      scopes: operation.scopes,
      wrapData,
    })),
    anyInput: bindings.some(({ operation }) => operation.hasInput),
  };
  return { view, manifestJson };
}

/** `mcp/tools.json` (an MCP `tools/list` result) and `mcp/server.ts` (the server serving it). */
export const mcpPlugin = definePlugin({
  name: 'mcp',
  // The server calls the API through the client, and validates tool input with its validators.
  needs: ['client', 'zod'],
  emit(model, { templates }) {
    const { view, manifestJson } = mcpServer(model);
    return [
      // JSON cannot carry the banner; the file is still generated and byte-stable.
      { path: 'mcp/tools.json', content: `${manifestJson}\n` },
      { path: 'mcp/server.ts', content: templates.render('mcp-server.ts.hbs', view) },
    ];
  },
});
