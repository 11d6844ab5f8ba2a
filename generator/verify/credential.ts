/**
 * The credentials `verify` sends, read from the environment by the generated MCP server's own reader
 * (templates/mcp/credentials.ts, the code `mcp/credentials.ts` of an output is a copy of; the build
 * bundles it into this module) over the variables the model names (`ApiModel.credentials`,
 * model/auth-variables.ts): `PODCAST_API_KEY`, `<PREFIX>_TOKEN`, a client id and secret.
 */
import { type McpCredentials, readMcpCredentials } from '../../templates/mcp/credentials.js';
import type { ApiModel } from '../model/types.js';

/** The credentials of a run: the client's `auth` option, or every variable that is missing (never a value). */
export interface Credential {
  /** The variables the credentials were read from (or would be), for messages; undefined for a document that declares none. */
  variable?: string;
  /** The client's `auth` option, by security scheme; undefined when the document declares none or something is missing. */
  auth?: Record<string, unknown>;
  /** What is missing: each required variable, half a client id and secret, or none of several set. */
  problems?: string[];
}

/** Reads the credentials of the model's API from `env`. */
export function readCredential(model: Pick<ApiModel, 'credentials'>, env: Readonly<Record<string, string | undefined>>): Credential {
  const { variables, schemes } = model.credentials;
  if (variables.length === 0) return {};
  // The generated MCP server's reader itself: the client's `auth` option and the secrets to redact, or every problem at once.
  const read = readMcpCredentials(model.credentials, env);
  if ('problems' in read)
    return { variable: named(variables.filter((v) => schemes.includes(v.scheme) && v.role !== 'clientSecret')) ?? named(variables), problems: read.problems };
  // The variables of each scheme read: its credential's, or its client id's and secret's.
  const used = variables.filter(
    (v) => Object.hasOwn(read.auth, v.scheme) && (typeof read.auth[v.scheme] === 'string' ? v.role === 'credential' : v.role !== 'credential'),
  );
  return { variable: named(used) ?? named(variables), auth: read.auth };
}

/**
 * Reads, with that same reader, variables known only by name and scheme (the mock's list, an MCP
 * server generated before it exported its reader): each holds its scheme's credential, goes to the
 * client option `auth.<scheme>` unless given another, and is optional unless said required.
 */
export function readSchemeCredentials(
  variables: readonly { name: string; scheme: string; required?: boolean; description?: string; option?: string }[],
  env: Readonly<Record<string, string | undefined>>,
): McpCredentials {
  const full = variables.map((v) => ({
    name: v.name,
    scheme: v.scheme,
    role: 'credential' as const,
    required: v.required ?? false,
    description: v.description ?? schemeCredential(v.scheme),
    option: v.option ?? `auth.${v.scheme}`,
  }));
  return readMcpCredentials({ variables: full, schemes: [] }, env);
}

/** What a variable known only by its scheme holds, in words. */
export function schemeCredential(scheme: string): string {
  return `the credential of the security scheme ${scheme}`;
}

function named(variables: readonly { name: string }[]): string | undefined {
  return variables.length > 0 ? variables.map((v) => v.name).join(', ') : undefined;
}
