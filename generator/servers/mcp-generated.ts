/**
 * The generated MCP server `podcast-gen mcp` serves: the one in an output folder (`--out`, or the
 * config's `out`), else the podcast server compiled into the package. Its names are read from what
 * the modules export (`create<Api>McpServer`, `<api>McpEnv`), never assumed, so any API name works.
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from '@modelcontextprotocol/server';
import type { McpCredentials, McpCredentialVariable } from '../../templates/mcp/credentials.js';
import { importOutput } from '../code-import/import-output.js';

/**
 * A credential the server's client needs, from an environment variable (or `--credential NAME=VALUE`):
 * the generated server's own variable, whose role and description a server generated before it
 * listed them may lack.
 */
export type CredentialVariable = Pick<McpCredentialVariable, 'name' | 'scheme' | 'required' | 'option'> &
  Partial<Pick<McpCredentialVariable, 'description' | 'role'>>;

/** The generated server's `read<Api>McpCredentials`: the client's `auth` option and the secrets to redact, or every variable that is missing (never a value). */
export type ReadCredentials = (env: Readonly<Record<string, string | undefined>>) => McpCredentials;

/** Options of the generated `create…McpServer` that the command passes. */
export interface ServeOptions {
  scopes?: readonly string[];
  redact?: readonly string[];
  tools?: readonly string[];
  toolsets?: readonly string[];
  readOnly?: boolean;
  dynamic?: boolean;
  resultBudget?: number;
}

/** Options of the generated `create…McpHandler` (`mcp/http.ts`) that the command passes. */
export interface HandlerOptions extends ServeOptions {
  client: unknown;
  oauth?: { issuer: string; resource: string; introspection?: { clientId: string; clientSecret: string } };
  tokens?: ReadonlyMap<string, readonly string[]>;
  allowedHosts?: readonly string[];
  allowedOrigins?: readonly string[];
  listenHost?: string;
  maxBodyBytes?: number;
  onerror?(error: Error): void;
}

/** A generated MCP server, its client and what configures them. */
export interface GeneratedMcp {
  /** Which server it is, for people: `src/api/mcp/`, or the podcast server of the package. */
  serving: string;
  /** The environment variables' prefix (`PODCAST`). */
  envPrefix: string;
  /** The variables of the base address and the granted scopes. */
  env: { baseUrl: string; scopes: string };
  /** Every credential the client takes (none for a document that declares none). */
  credentials: CredentialVariable[];
  /** The module's `read<Api>McpCredentials`: how the server itself reads them; absent from servers generated before it existed. */
  readCredentials?: ReadCredentials;
  createClient(options: Record<string, unknown>): unknown;
  createServer(client: unknown, options: ServeOptions): Server;
  /** The Web-standard handler of `mcp/http.ts`; absent from servers generated before it existed. */
  createHandler?(options: HandlerOptions): (request: Request) => Promise<Response>;
}

/** Loads the server of `<out>/mcp/` (resolved against `cwd`), or without `out` the podcast server of the package. */
export async function loadGeneratedMcp(options: { out?: string; cwd: string }): Promise<GeneratedMcp> {
  if (options.out !== undefined) {
    const root = resolve(options.cwd, options.out);
    const shown = `${relative(options.cwd, join(root, 'mcp')).replace(/\\/g, '/') || '.'}/`;
    const found = (folder: string, name: string) => [`${name}.js`, `${name}.ts`].map((file) => join(folder, file)).find((path) => existsSync(path));
    const server = found(join(root, 'mcp'), 'server');
    const client = found(root, 'client');
    const http = found(join(root, 'mcp'), 'http');
    if (!server || !client) throw new Error(`no generated MCP server in ${shown}; run \`npx podcast-gen\` (with the same --out or config) first`);
    // Together: the server checks for the error classes of the client's runtime.ts, which must be the same.
    const [serverModule, clientModule, httpModule] = await importOutput({ entries: [server, client, ...(http ? [http] : [])], root, cwd: options.cwd });
    return readGeneratedMcp(serverModule ?? {}, clientModule ?? {}, shown, httpModule);
  }
  // Built: dist/servers/ beside dist/generated/*.js. From source (tsx): generated/*.ts.
  const runningTypeScript = import.meta.url.endsWith('.ts');
  const folder = ['../generated/', '../../generated/']
    .map((p) => new URL(p, import.meta.url))
    .find((url) => existsSync(fileURLToPath(new URL('mcp/server.js', url))) || (runningTypeScript && existsSync(fileURLToPath(new URL('mcp/server.ts', url)))));
  if (!folder)
    throw new Error('the generated MCP server is not there as JavaScript; run `npm run build` (or `npx podcast-gen` first when generated/ is missing)');
  const [server, client, http] = (await Promise.all(['mcp/server.js', 'client.js', 'mcp/http.js'].map((path) => import(new URL(path, folder).href)))) as Record<
    string,
    unknown
  >[];
  return readGeneratedMcp(server ?? {}, client ?? {}, 'the podcast server shipped with podcast-gen', http);
}

/** What the command needs of the server and client modules, found by their exports' names and shapes. */
export function readGeneratedMcp(
  server: Record<string, unknown>,
  client: Record<string, unknown>,
  serving: string,
  http: Record<string, unknown> = {},
): GeneratedMcp {
  const [serverName, api] = Object.keys(server)
    .map((name) => [name, /^create(\w+)McpServer$/.exec(name)?.[1]] as const)
    .find(([name, found]) => found !== undefined && typeof server[name] === 'function') ?? ['', undefined];
  const createClient = api === undefined ? undefined : client[`create${api}Client`];
  const env = Object.entries(server).find(([name]) => name.endsWith('McpEnv'))?.[1] as { apiKey?: unknown; baseUrl?: unknown; scopes?: unknown } | undefined;
  const manifest = Object.values(server).find((v): v is { tools: unknown } => typeof v === 'object' && v !== null && 'tools' in v);
  if (api === undefined || typeof createClient !== 'function' || typeof env?.baseUrl !== 'string' || typeof env.scopes !== 'string' || !manifest)
    throw new Error(`the generated code of ${serving} does not export create…McpServer, create…Client and its environment names; regenerate it`);
  return {
    serving,
    envPrefix: env.baseUrl.replace(/_BASE_URL$/, ''),
    env: { baseUrl: env.baseUrl, scopes: env.scopes },
    credentials: credentialsOf(server, env),
    ...readerOf(server, api),
    createClient: createClient as GeneratedMcp['createClient'],
    createServer: server[serverName] as GeneratedMcp['createServer'],
    ...(typeof http[`create${api}McpHandler`] === 'function' ? { createHandler: http[`create${api}McpHandler`] as GeneratedMcp['createHandler'] } : {}),
  };
}

/**
 * The credentials the server's client takes: the list the module exports (`<api>McpCredentials`),
 * else the one API key its environment names carry (`apiKey`, only where the document declares a credential).
 */
function credentialsOf(server: Record<string, unknown>, env: { apiKey?: unknown }): CredentialVariable[] {
  const listed = Object.entries(server).find(([name, value]) => name.endsWith('McpCredentials') && Array.isArray(value))?.[1] as unknown[] | undefined;
  if (listed) return listed.filter(isCredential).map((c) => ({ option: 'apiKey', ...c }));
  if (typeof env.apiKey !== 'string') return [];
  return [{ name: env.apiKey, scheme: 'apiKey', required: true, option: 'apiKey', description: 'the API key' }];
}

/** The module's `read<Api>McpCredentials`, when it exports one. */
function readerOf(server: Record<string, unknown>, api: string): { readCredentials?: ReadCredentials } {
  const reader = server[`read${api}McpCredentials`];
  return typeof reader === 'function' ? { readCredentials: reader as ReadCredentials } : {};
}

function isCredential(value: unknown): value is Omit<CredentialVariable, 'option'> & { option?: string } {
  const v = value as Partial<CredentialVariable> | null;
  return typeof v === 'object' && v !== null && typeof v.name === 'string' && typeof v.scheme === 'string' && typeof v.required === 'boolean';
}
