/**
 * What `podcast-gen mcp` is configured with: the credentials, the API's address and the granted
 * scopes, each from a flag or else from the environment variable named after the API; and the
 * lines of `--help` that list those variables for the server it would serve.
 */
import { readSchemeCredentials, schemeCredential } from '../verify/credential.js';
import type { CredentialVariable, GeneratedMcp } from './mcp-generated.js';
import { splitList } from './split-list.js';

/** Flags that stand in for environment variables. */
export interface McpConfigFlags {
  /** `--base-url`. */
  baseUrl?: string;
  /** `--credential NAME=VALUE`, each naming one of the server's credential variables. */
  credentials?: readonly string[];
  /** `--scopes`, comma separated. */
  scopes?: string;
}

/** The server's configuration. */
export interface McpConfig {
  /** The client's options: its base address and `auth`, the credentials by security scheme. */
  clientOptions: Record<string, unknown>;
  /** Every credential's value: never part of a tool result. */
  secrets: string[];
  baseUrl: string;
  /** Granted scopes; undefined when none are given (every tool). */
  scopes?: string[];
}

/** Reads the configuration, or says every variable that is missing or wrong. */
export function readMcpConfig(
  env: NodeJS.ProcessEnv,
  generated: Pick<GeneratedMcp, 'credentials' | 'env' | 'readCredentials'>,
  flags: McpConfigFlags = {},
): { config: McpConfig } | { problems: string[] } {
  const problems: string[] = [];
  const given = new Map<string, string>();
  for (const entry of flags.credentials ?? []) {
    const at = entry.indexOf('=');
    const name = at < 0 ? entry : entry.slice(0, at);
    if (at < 0 || !generated.credentials.some((c) => c.name === name))
      problems.push(
        `--credential ${name}: expected NAME=VALUE, NAME one of ${generated.credentials.map((c) => c.name).join(', ') || '(none: this API takes no credential)'}`,
      );
    else given.set(name, entry.slice(at + 1));
  }
  const read = readCredentials(env, generated, given);
  if ('problems' in read) problems.push(...read.problems);
  const baseUrl = (flags.baseUrl ?? env[generated.env.baseUrl] ?? '').trim();
  const baseUrlFrom = flags.baseUrl !== undefined ? '--base-url' : generated.env.baseUrl;
  if (baseUrl === '') problems.push(`${generated.env.baseUrl} is not set, nor --base-url (the API's base address, e.g. https://api.example.com)`);
  else if (!/^https?:\/\/[^\s/]+/i.test(baseUrl)) problems.push(`${baseUrlFrom} is not an http(s) URL: ${JSON.stringify(baseUrl)}`);
  if (problems.length > 0 || 'problems' in read) return { problems };
  const scopes = splitList(flags.scopes ?? env[generated.env.scopes]);
  return {
    config: { clientOptions: { ...read.options, baseUrl }, secrets: read.secrets, baseUrl, ...(scopes.length > 0 ? { scopes: [...new Set(scopes)] } : {}) },
  };
}

/**
 * The credentials as the generated server reads them (its `read<Api>McpCredentials`), from the
 * environment with the `--credential` flags over it. A server generated before that reader existed
 * lists its variables only: the same reader (verify/credential.ts) reads them, each value going to
 * the client option its variable names.
 */
function readCredentials(
  env: NodeJS.ProcessEnv,
  generated: Pick<GeneratedMcp, 'credentials' | 'readCredentials'>,
  given: ReadonlyMap<string, string>,
): { options: Record<string, unknown>; secrets: string[] } | { problems: string[] } {
  const merged = { ...env, ...Object.fromEntries(given) };
  if (generated.readCredentials) {
    const read = generated.readCredentials(merged);
    return 'problems' in read ? { problems: read.problems } : { options: { auth: read.auth }, secrets: read.secrets };
  }
  const read = readSchemeCredentials(generated.credentials, merged);
  if ('problems' in read) return { problems: read.problems };
  const options: Record<string, unknown> = {};
  for (const credential of generated.credentials) if (Object.hasOwn(read.auth, credential.scheme)) options[credential.option] = read.auth[credential.scheme];
  return { options, secrets: read.secrets };
}

function describe(credential: CredentialVariable): string {
  return credential.description ?? schemeCredential(credential.scheme);
}

/** The environment variables of a server, one a line, as `podcast-gen mcp --help` lists them. */
export function environmentHelp(generated: Pick<GeneratedMcp, 'serving' | 'credentials' | 'env' | 'envPrefix' | 'readCredentials'>): string {
  // Where no scheme is required alone but every operation needs one of them, the reader says so given nothing.
  const empty = generated.readCredentials?.({});
  const oneOf = empty !== undefined && 'problems' in empty && empty.problems.some((p) => p.startsWith('none of '));
  const need = (c: CredentialVariable) => (c.required ? 'required' : oneOf ? 'one of the credentials is required' : 'optional');
  const rows: [string, string][] = [
    ...generated.credentials.map((c): [string, string] => [c.name, `${describe(c)}, scheme ${c.scheme} (${need(c)}; or --credential ${c.name}=…)`]),
    [generated.env.baseUrl, "the API's base address (required; or --base-url)"],
    [generated.env.scopes, 'the granted OAuth scopes, comma separated (optional; or --scopes)'],
    [`${generated.envPrefix}_MCP_TOKENS`, 'with --http: static bearer tokens and the scopes each grants ("token=scope scope;token2=scope")'],
    [`${generated.envPrefix}_MCP_ISSUER`, 'with --http: the OAuth 2.1 issuer whose access tokens callers present (or --issuer)'],
    [`${generated.envPrefix}_MCP_RESOURCE`, "with --http: this server's canonical URL, its tokens' audience (or --resource)"],
    [
      `${generated.envPrefix}_MCP_INTROSPECTION_CLIENT_ID`,
      'with --http and --issuer: client id and secret (…_SECRET) for introspecting opaque tokens (RFC 7662; optional)',
    ],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  return `Environment of ${generated.serving}:\n${rows.map(([name, text]) => `  ${name.padEnd(width)}  ${text}`).join('\n')}`;
}
