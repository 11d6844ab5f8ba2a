/**
 * The generated MCP server `podcast-gen mcp` serves: the one in an output folder (`--out`, or the
 * config's `out`), else the podcast server compiled into the package. Its names are read from what
 * the modules export (`create<Api>McpServer`, `<api>McpEnv`), never assumed, so any API name works.
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from '@modelcontextprotocol/server';
import { importOutput } from '../code-import/import-output.js';

/** A credential the server's client needs, from an environment variable (or `--credential NAME=VALUE`). */
export interface CredentialVariable {
  /** The environment variable: `<PREFIX>_API_KEY`. */
  name: string;
  /** The security scheme it fills (its name in the document, or its kind). */
  scheme: string;
  required: boolean;
  /** The client option its value goes to (`apiKey`). */
  option: string;
  /** What it is, for people. */
  description?: string;
}

/** The client's `auth` option and the secrets to redact, or every variable that is missing (never a value). */
export type ReadCredentials = (
  env: Readonly<Record<string, string | undefined>>,
) => { auth: Record<string, unknown>; secrets: string[] } | { problems: string[] };

/** Options of the generated `create…McpServer` that the command passes. */
export interface ServeOptions {
  scopes?: readonly string[];
  redact?: readonly string[];
  tools?: readonly string[];
  toolsets?: readonly string[];
  readOnly?: boolean;
  dynamic?: boolean;
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
  /** The scopes each tool needs (from the manifest's `_meta`), read when first asked: listing every tool of a large API takes a while. */
  toolScopes(): Map<string, string[]>;
}

/** Loads the server of `<out>/mcp/` (resolved against `cwd`), or without `out` the podcast server of the package. */
export async function loadGeneratedMcp(options: { out?: string; cwd: string }): Promise<GeneratedMcp> {
  if (options.out !== undefined) {
    const root = resolve(options.cwd, options.out);
    const shown = `${relative(options.cwd, join(root, 'mcp')).replace(/\\/g, '/') || '.'}/`;
    const server = ['server.js', 'server.ts'].map((name) => join(root, 'mcp', name)).find((path) => existsSync(path));
    const client = ['client.js', 'client.ts'].map((name) => join(root, name)).find((path) => existsSync(path));
    if (!server || !client) throw new Error(`no generated MCP server in ${shown}; run \`npx podcast-gen\` (with the same --out or config) first`);
    // Together: the server checks for the error classes of the client's runtime.ts, which must be the same.
    const [serverModule, clientModule] = await importOutput({ entries: [server, client], root, cwd: options.cwd });
    return readGeneratedMcp(serverModule ?? {}, clientModule ?? {}, shown);
  }
  // Built: dist/servers/ beside dist/generated/*.js. From source (tsx): generated/*.ts.
  const runningTypeScript = import.meta.url.endsWith('.ts');
  const folder = ['../generated/', '../../generated/']
    .map((p) => new URL(p, import.meta.url))
    .find((url) => existsSync(fileURLToPath(new URL('mcp/server.js', url))) || (runningTypeScript && existsSync(fileURLToPath(new URL('mcp/server.ts', url)))));
  if (!folder)
    throw new Error('the generated MCP server is not there as JavaScript; run `npm run build` (or `npx podcast-gen` first when generated/ is missing)');
  const [server, client] = (await Promise.all([import(new URL('mcp/server.js', folder).href), import(new URL('client.js', folder).href)])) as Record<
    string,
    unknown
  >[];
  return readGeneratedMcp(server ?? {}, client ?? {}, 'the podcast server shipped with podcast-gen');
}

/** What the command needs of the server and client modules, found by their exports' names and shapes. */
export function readGeneratedMcp(server: Record<string, unknown>, client: Record<string, unknown>, serving: string): GeneratedMcp {
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
    toolScopes: () => new Map((manifest.tools as { name: string; _meta?: Record<string, unknown> }[]).map((tool) => [tool.name, scopesOf(tool._meta)])),
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

/** The scopes in a tool's `_meta` (the one entry that carries them). */
function scopesOf(meta: Record<string, unknown> | undefined): string[] {
  for (const value of Object.values(meta ?? {})) {
    const scopes = (value as { scopes?: unknown } | null)?.scopes;
    if (Array.isArray(scopes)) return scopes.filter((s): s is string => typeof s === 'string');
  }
  return [];
}
