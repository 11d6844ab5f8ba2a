/**
 * `podcast-gen mcp`: a generated MCP server with its generated client, over stdio (what desktop
 * agents spawn) or, with `--http`, over Streamable HTTP. The server is the one generated into `out`
 * (`--out`, or the config's), else the podcast server of the package (mcp-generated.ts). Configured
 * by flags or by the environment, named after the API (mcp-config.ts): its credentials,
 * `<PREFIX>_BASE_URL`, optional `<PREFIX>_SCOPES`; over HTTP also the way in, `<PREFIX>_MCP_ISSUER`
 * and `<PREFIX>_MCP_RESOURCE` (OAuth 2.1) or `<PREFIX>_MCP_TOKENS` (static tokens), and optionally
 * `<PREFIX>_MCP_ALLOWED_ORIGINS` and `<PREFIX>_MCP_ALLOWED_HOSTS`.
 */
import type { HttpLimits } from './mcp-http-guard.js';
import { readMcpConfig, type McpConfig, type McpConfigFlags } from './mcp-config.js';
import { loadGeneratedMcp, type GeneratedMcp, type ServeOptions } from './mcp-generated.js';
import { splitList } from './split-list.js';

/** Options of {@link runMcp} (the CLI passes its parsed flags and the process environment). */
export interface McpCommandOptions extends McpConfigFlags {
  env: NodeJS.ProcessEnv;
  /** An output folder whose `mcp/` to serve; without it, the podcast server of the package. */
  out?: string;
  /** Working directory `out` is resolved against. */
  cwd?: string;
  /** Only these tools (comma separated or a list). */
  tools?: string | readonly string[];
  /** Only the tools of these tags (comma separated or a list). */
  toolsets?: string | readonly string[];
  /** Only the tools that only read. */
  readOnly?: boolean;
  /** List three tools that search, describe and call the others; default: above the threshold of `mcp/dynamic-tools.ts`. */
  dynamic?: boolean;
  /** Characters of JSON a tool result may take (default: `DEFAULT_RESULT_BUDGET` of `mcp/result-budget.ts`). */
  resultBudget?: number;
  /** Serve Streamable HTTP instead of stdio. */
  http?: boolean;
  /** HTTP port (0: any free port). Default 3000. */
  port?: number;
  /** HTTP host. Default 127.0.0.1. */
  host?: string;
  /** With `--http`: the OAuth 2.1 authorization server whose access tokens callers present (also `<PREFIX>_MCP_ISSUER`). */
  issuer?: string;
  /** With `--http`: this server's canonical URL, the audience its tokens must name (also `<PREFIX>_MCP_RESOURCE`). */
  resource?: string;
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

export async function runMcp(options: McpCommandOptions): Promise<number> {
  const stderr = options.stderr ?? ((text: string) => process.stderr.write(text));
  const generated = await loadGeneratedMcp({ ...(options.out !== undefined ? { out: options.out } : {}), cwd: options.cwd ?? process.cwd() });
  const read = readMcpConfig(options.env, generated, options);
  if ('problems' in read) {
    stderr(
      `podcast-gen mcp: cannot start ${generated.serving}:\n${read.problems.map((p) => `  - ${p}\n`).join('')}Set them in the environment (or in your MCP client's "env" block), or pass them as flags (podcast-gen mcp --help lists them), and try again.\n`,
    );
    return 1;
  }
  const { config } = read;
  const client = generated.createClient(config.clientOptions);
  const selection = selectionOf(options);
  if (options.resultBudget !== undefined && !(Number.isSafeInteger(options.resultBudget) && options.resultBudget > 0)) {
    stderr(`podcast-gen mcp: --result-budget must be a whole number of characters above 0, got ${JSON.stringify(options.resultBudget)}\n`);
    return 2;
  }
  const invalid = checkSelection(generated, client, { ...selection, ...(config.scopes ? { scopes: config.scopes } : {}) });
  if (invalid) {
    stderr(`podcast-gen mcp: ${invalid}\n`);
    return 2;
  }
  if (options.http) return serveOverHttp({ options, generated, client, selection, config, stderr });
  const factory = () => generated.createServer(client, { ...selection, ...(config.scopes ? { scopes: config.scopes } : {}), redact: config.secrets });
  const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
  const handle = serveStdio(factory, { onerror: (error) => stderr(`podcast-gen mcp: ${error.message}\n`) });
  if (!options.quiet) stderr(`podcast-gen mcp: serving ${generated.serving} over stdio${config.scopes ? ` (scopes: ${config.scopes.join(', ')})` : ''}\n`);
  await new Promise<void>((resolve) => {
    process.stdin.once('close', resolve);
    process.stdin.once('end', resolve);
    options.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  await handle.close();
  return 0;
}

/** The tool selection of the flags, as the server's options. */
function selectionOf(options: McpCommandOptions): Pick<ServeOptions, 'tools' | 'toolsets' | 'readOnly' | 'dynamic' | 'resultBudget'> {
  const list = (value: string | readonly string[] | undefined) => (value === undefined ? undefined : splitList(value));
  const tools = list(options.tools);
  const toolsets = list(options.toolsets);
  return {
    ...(tools ? { tools } : {}),
    ...(toolsets ? { toolsets } : {}),
    ...(options.readOnly ? { readOnly: true } : {}),
    ...(options.dynamic !== undefined ? { dynamic: options.dynamic } : {}),
    ...(options.resultBudget !== undefined ? { resultBudget: options.resultBudget } : {}),
  };
}

/** What is wrong with the selection (a tool or tag the server does not have), found by creating the server once before serving. */
function checkSelection(generated: GeneratedMcp, client: unknown, options: ServeOptions): string | undefined {
  try {
    void generated.createServer(client, options).close();
    return undefined;
  } catch (error) {
    if (error instanceof Error && error.name === 'ToolSelectionError') return `${error.message} (--tools, --toolsets, --read-only)`;
    throw error;
  }
}

/**
 * `--http`: the generated Web handler (`mcp/http.ts`) on Node's HTTP server. Callers get in with
 * an OAuth 2.1 access token issued for `--resource` by `--issuer`, or a static token of
 * `<PREFIX>_MCP_TOKENS`; the API is called with the server's own credentials.
 */
async function serveOverHttp(run: {
  options: McpCommandOptions;
  generated: GeneratedMcp;
  client: unknown;
  selection: Pick<ServeOptions, 'tools' | 'toolsets' | 'readOnly' | 'dynamic' | 'resultBudget'>;
  config: McpConfig;
  stderr(text: string): void;
}): Promise<number> {
  const { options, generated, client, selection, config, stderr } = run;
  const prefix = generated.envPrefix;
  const env = options.env;
  const cannotStart = (why: string) => {
    stderr(`podcast-gen mcp --http: cannot start: ${why}\n`);
    return 1;
  };
  if (!generated.createHandler) return cannotStart(`${generated.serving} has no Web handler (mcp/http.ts); regenerate it with this podcast-gen`);
  const { parseTokens, serveHttp } = await import('./mcp-http.js');
  let tokens: Map<string, string[]>;
  try {
    tokens = parseTokens(env[`${prefix}_MCP_TOKENS`], `${prefix}_MCP_TOKENS`);
  } catch (error) {
    return cannotStart((error as Error).message);
  }
  const issuer = (options.issuer ?? env[`${prefix}_MCP_ISSUER`] ?? '').trim();
  const resource = (options.resource ?? env[`${prefix}_MCP_RESOURCE`] ?? '').trim();
  if ((issuer === '') !== (resource === ''))
    return cannotStart(
      issuer === ''
        ? `--resource needs --issuer (or ${prefix}_MCP_ISSUER): the authorization server that issues tokens for it`
        : `--issuer needs --resource (or ${prefix}_MCP_RESOURCE): this server's canonical URL, the audience its tokens must name (https://mcp.example.com/mcp)`,
    );
  if (issuer === '' && tokens.size === 0)
    return cannotStart(
      `no way in: give --issuer and --resource (or ${prefix}_MCP_ISSUER and ${prefix}_MCP_RESOURCE) for OAuth 2.1 access tokens, or ${prefix}_MCP_TOKENS for static bearer tokens and their scopes ("token=podcast.read asset.read;token2=podcast.generate")`,
    );
  const introspection = {
    clientId: env[`${prefix}_MCP_INTROSPECTION_CLIENT_ID`]?.trim() ?? '',
    clientSecret: env[`${prefix}_MCP_INTROSPECTION_CLIENT_SECRET`]?.trim() ?? '',
  };
  const host = options.host ?? '127.0.0.1';
  let handler: (request: Request) => Promise<Response>;
  try {
    handler = generated.createHandler({
      client,
      ...selection,
      ...(config.scopes ? { scopes: config.scopes } : {}),
      redact: config.secrets,
      ...(issuer !== ''
        ? { oauth: { issuer, resource, ...(introspection.clientId !== '' && introspection.clientSecret !== '' ? { introspection } : {}) } }
        : {}),
      ...(tokens.size > 0 ? { tokens } : {}),
      listenHost: host,
      allowedOrigins: [...splitList(options.allowedOrigins), ...splitList(env[`${prefix}_MCP_ALLOWED_ORIGINS`])],
      allowedHosts: [...splitList(options.allowedHosts), ...splitList(env[`${prefix}_MCP_ALLOWED_HOSTS`])],
      ...(options.limits?.maxBodyBytes !== undefined ? { maxBodyBytes: options.limits.maxBodyBytes } : {}),
      onerror: (error) => stderr(`podcast-gen mcp: ${error.message}\n`),
    });
  } catch (error) {
    return cannotStart((error as Error).message);
  }
  if (!options.quiet && issuer !== '') stderr(`podcast-gen mcp: callers sign in at ${issuer}, for ${resource}\n`);
  return serveHttp({
    handler,
    port: options.port ?? 3000,
    host,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    log: options.quiet ? () => {} : stderr,
  });
}
