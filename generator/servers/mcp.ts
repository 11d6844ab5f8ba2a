/**
 * `podcast-gen mcp`: a generated MCP server with its generated client, over stdio (what desktop
 * agents spawn) or, with `--http`, over Streamable HTTP. The server is the one generated into `out`
 * (`--out`, or the config's), else the podcast server of the package (mcp-generated.ts). Configured
 * by flags or by the environment, named after the API (mcp-config.ts): its credentials,
 * `<PREFIX>_BASE_URL`, optional `<PREFIX>_SCOPES`; over HTTP also `<PREFIX>_MCP_TOKENS`, and
 * optionally `<PREFIX>_MCP_ALLOWED_ORIGINS` and `<PREFIX>_MCP_ALLOWED_HOSTS`.
 */
import type { HttpLimits } from './mcp-http-guard.js';
import { readMcpConfig, type McpConfigFlags } from './mcp-config.js';
import { loadGeneratedMcp, type GeneratedMcp, type ServeOptions } from './mcp-generated.js';

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
  const names = { envPrefix: generated.envPrefix };
  const client = generated.createClient(config.clientOptions);
  const selection = selectionOf(options);
  const invalid = checkSelection(generated, client, { ...selection, ...(config.scopes ? { scopes: config.scopes } : {}) });
  if (invalid) {
    stderr(`podcast-gen mcp: ${invalid}\n`);
    return 2;
  }
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
    // A caller gets what its token grants, within what the server itself was granted (--scopes).
    const within = (scopes: readonly string[]) => (config.scopes ? scopes.filter((scope) => config.scopes?.includes(scope)) : scopes);
    return serveHttp({
      factory: (scopes) => generated.createServer(client, { ...selection, scopes: within(scopes), redact: config.secrets }),
      ...(config.scopes ? { serverScopes: config.scopes } : {}),
      toolScopes: generated.toolScopes(),
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
function selectionOf(options: McpCommandOptions): Pick<ServeOptions, 'tools' | 'toolsets' | 'readOnly' | 'dynamic'> {
  const list = (value: string | readonly string[] | undefined) =>
    value === undefined ? undefined : (typeof value === 'string' ? [value] : [...value]).flatMap((v) => v.split(/[\s,]+/)).filter(Boolean);
  const tools = list(options.tools);
  const toolsets = list(options.toolsets);
  return {
    ...(tools ? { tools } : {}),
    ...(toolsets ? { toolsets } : {}),
    ...(options.readOnly ? { readOnly: true } : {}),
    ...(options.dynamic !== undefined ? { dynamic: options.dynamic } : {}),
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
