/**
 * `podcast-gen mcp`: the podcast MCP server of `generated/mcp/server.ts`, with the generated client,
 * over stdio (what desktop agents spawn) or, with `--http`, over Streamable HTTP. Configured by the
 * environment: `<PREFIX>_API_KEY`, `<PREFIX>_BASE_URL`, optional `<PREFIX>_SCOPES` (comma separated);
 * over HTTP also `<PREFIX>_MCP_TOKENS`, and optionally `<PREFIX>_MCP_ALLOWED_ORIGINS` and
 * `<PREFIX>_MCP_ALLOWED_HOSTS` (comma separated; added to `--allowed-origins` and `--allowed-hosts`).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { entryNames } from '../model/build-model.js';
import { DEFAULTS } from '../options.js';
import type { HttpLimits } from './mcp-http-guard.js';

/** Options of {@link runMcp} (the CLI passes its parsed flags and the process environment). */
export interface McpCommandOptions {
  env: NodeJS.ProcessEnv;
  /** Serve Streamable HTTP instead of stdio. */
  http?: boolean;
  /** HTTP port (0: any free port). Default 3000. */
  port?: number;
  /** HTTP host. Default 127.0.0.1. */
  host?: string;
  /**
   * Browser origins `--http` lets in besides loopback ones (DNS rebinding protection): whole origins
   * (`https://app.example:8443`) or host names on any port (`app.example`); comma separated or a list.
   */
  allowedOrigins?: string | readonly string[];
  /** Host names `--http` answers to besides its listening address and loopback; comma separated or a list. */
  allowedHosts?: string | readonly string[];
  /** Body, time and connection limits of `--http` (defaults: `HTTP_LIMITS` of `mcp-http-guard.ts`). */
  limits?: Partial<HttpLimits>;
  /** Stops the server (SIGINT/SIGTERM). */
  signal?: AbortSignal;
  quiet?: boolean;
  /** Never used in stdio mode: stdout is the protocol's channel there. */
  stdout?(text: string): void;
  stderr?(text: string): void;
}

/** The server's configuration, read from the environment. */
export interface McpConfig {
  apiKey: string;
  baseUrl: string;
  /** Granted scopes; undefined when `<PREFIX>_SCOPES` is unset or empty (every tool). */
  scopes?: string[];
}

/** Reads the configuration, or says which variables are missing or wrong. */
export function readMcpConfig(env: NodeJS.ProcessEnv, envPrefix: string): { config: McpConfig } | { problems: string[] } {
  const names = { apiKey: `${envPrefix}_API_KEY`, baseUrl: `${envPrefix}_BASE_URL`, scopes: `${envPrefix}_SCOPES` };
  const apiKey = env[names.apiKey]?.trim() ?? '';
  const baseUrl = env[names.baseUrl]?.trim() ?? '';
  const problems: string[] = [];
  if (apiKey === '') problems.push(`${names.apiKey} is not set (the API key of the podcast API)`);
  if (baseUrl === '') problems.push(`${names.baseUrl} is not set (the API's base address, e.g. https://api.example.com)`);
  else if (!/^https?:\/\/[^\s/]+/i.test(baseUrl)) problems.push(`${names.baseUrl} is not an http(s) URL: ${JSON.stringify(baseUrl)}`);
  if (problems.length > 0) return { problems };
  const scopes = (env[names.scopes] ?? '').split(/[\s,]+/).filter(Boolean);
  return { config: { apiKey, baseUrl, ...(scopes.length > 0 ? { scopes: [...new Set(scopes)] } : {}) } };
}

/** Runs the podcast MCP server until its input closes or `signal` fires; 1 when the configuration is incomplete. */
export async function runMcp(options: McpCommandOptions): Promise<number> {
  const stderr = options.stderr ?? ((text: string) => process.stderr.write(text));
  const names = entryNames(DEFAULTS.name);
  const read = readMcpConfig(options.env, names.envPrefix);
  if ('problems' in read) {
    stderr(
      `podcast-gen mcp: cannot start:\n${read.problems.map((p) => `  - ${p}\n`).join('')}Set them in the environment (or in your MCP client's "env" block) and try again.\n`,
    );
    return 1;
  }
  const { config } = read;
  const generated = await loadGenerated(names);
  const client = generated.createClient({ apiKey: config.apiKey, baseUrl: config.baseUrl });
  if (options.http) {
    const { parseTokens, serveHttp } = await import('./mcp-http.js');
    const { accessRules, splitList } = await import('./mcp-http-guard.js');
    const tokens = parseTokens(options.env[`${names.envPrefix}_MCP_TOKENS`]);
    if (tokens.size === 0) {
      stderr(
        `podcast-gen mcp --http: cannot start: ${names.envPrefix}_MCP_TOKENS is not set (bearer tokens and their scopes: "token=podcast.read asset.read;token2=podcast.generate")\n`,
      );
      return 1;
    }
    const host = options.host ?? '127.0.0.1';
    const allowedOrigins = [...splitList(options.allowedOrigins), ...splitList(options.env[`${names.envPrefix}_MCP_ALLOWED_ORIGINS`])];
    const allowedHosts = [...splitList(options.allowedHosts), ...splitList(options.env[`${names.envPrefix}_MCP_ALLOWED_HOSTS`])];
    try {
      accessRules({ listenHost: host, allowedOrigins, allowedHosts });
    } catch (error) {
      stderr(`podcast-gen mcp --http: cannot start: --allowed-origins or ${names.envPrefix}_MCP_ALLOWED_ORIGINS: ${(error as Error).message}\n`);
      return 1;
    }
    return serveHttp({
      factory: (scopes) => generated.createServer(client, { scopes, redact: [config.apiKey] }),
      toolScopes: generated.toolScopes,
      tokens,
      port: options.port ?? 3000,
      host,
      allowedOrigins,
      allowedHosts,
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      log: options.quiet ? () => {} : stderr,
    });
  }
  const factory = () => generated.createServer(client, { ...(config.scopes ? { scopes: config.scopes } : {}), redact: [config.apiKey] });
  const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
  const handle = serveStdio(factory, { onerror: (error) => stderr(`podcast-gen mcp: ${error.message}\n`) });
  if (!options.quiet) stderr(`podcast-gen mcp: serving over stdio${config.scopes ? ` (scopes: ${config.scopes.join(', ')})` : ''}\n`);
  await new Promise<void>((resolve) => {
    process.stdin.once('close', resolve);
    process.stdin.once('end', resolve);
    options.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  await handle.close();
  return 0;
}

/** The server factory and client factory of the generated code (loaded only when the command runs). */
export interface GeneratedMcp {
  createClient(options: { apiKey: string; baseUrl: string }): unknown;
  createServer(client: unknown, options: { scopes?: readonly string[]; redact?: readonly string[] }): import('@modelcontextprotocol/server').Server;
  /** The scopes each tool needs (from the manifest's `_meta`). */
  toolScopes: Map<string, string[]>;
}

/**
 * Loads the generated client and MCP server: compiled JavaScript beside the built CLI when there is
 * one, else the repository's `generated/` (TypeScript, under tsx).
 */
async function loadGenerated(names: ReturnType<typeof entryNames>): Promise<GeneratedMcp> {
  // Built: dist/servers/mcp.js beside dist/generated/*.js. From source (tsx): generated/*.ts.
  const runningTypeScript = import.meta.url.endsWith('.ts');
  const folder = ['../generated/', '../../generated/']
    .map((p) => new URL(p, import.meta.url))
    .find((url) => existsSync(fileURLToPath(new URL('mcp/server.js', url))) || (runningTypeScript && existsSync(fileURLToPath(new URL('mcp/server.ts', url)))));
  if (!folder)
    throw new Error('the generated MCP server is not there as JavaScript; run `npm run build` (or `npx podcast-gen` first when generated/ is missing)');
  const [server, index] = (await Promise.all([import(new URL('mcp/server.js', folder).href), import(new URL('index.js', folder).href)])) as Record<
    string,
    unknown
  >[];
  const createServer = server?.[names.createMcpServer];
  const createClient = index?.[names.createClient];
  const manifest = Object.values(server ?? {}).find(
    (v): v is { tools: { name: string; _meta?: Record<string, { scopes?: string[] }> }[] } =>
      typeof v === 'object' && v !== null && Array.isArray((v as { tools?: unknown }).tools),
  );
  if (typeof createServer !== 'function' || typeof createClient !== 'function' || !manifest)
    throw new Error(`the generated code does not export ${names.createMcpServer} and ${names.createClient}; regenerate it`);
  const toolScopes = new Map(manifest.tools.map((tool) => [tool.name, tool._meta?.[names.metaKey]?.scopes ?? []]));
  return { createServer: createServer as GeneratedMcp['createServer'], createClient: createClient as GeneratedMcp['createClient'], toolScopes };
}
