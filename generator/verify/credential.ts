/**
 * The credentials `verify` sends, read from the environment as the generated MCP server reads them
 * for the same API (docs/mcp.md): the variables of emit/shared/credential-variables.ts, one a scheme
 * (`PODCAST_API_KEY`, `<PREFIX>_TOKEN`, a client id and secret), by the rules of the copied
 * `mcp/credentials.ts`; a test holds the two readers to the same answers.
 */
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
export function readCredential(model: ApiModel, env: Readonly<Record<string, string | undefined>>): Credential {
  const { variables, schemes } = model.credentials;
  if (variables.length === 0) return {};
  const value = (name: string | undefined) => (name === undefined ? '' : (env[name]?.trim() ?? ''));
  const auth: Record<string, unknown> = {};
  const problems: string[] = [];
  const read: string[] = [];
  for (const scheme of [...new Set(variables.map((v) => v.scheme))]) {
    const of = variables.filter((v) => v.scheme === scheme);
    const credential = of.find((v) => v.role === 'credential');
    const clientId = of.find((v) => v.role === 'clientId');
    const clientSecret = of.find((v) => v.role === 'clientSecret');
    if (credential && value(credential.name) !== '') {
      auth[scheme] = value(credential.name);
      read.push(credential.name);
    } else if (clientId && clientSecret && (value(clientId.name) !== '' || value(clientSecret.name) !== '')) {
      const missing = [clientId, clientSecret].filter((v) => value(v.name) === '');
      if (missing.length > 0) problems.push(...missing.map((v) => `${v.name} is not set (${v.description}; the other half of it is)`));
      else {
        auth[scheme] = { clientId: value(clientId.name), clientSecret: value(clientSecret.name) };
        read.push(clientId.name, clientSecret.name);
      }
    } else if (credential?.required) {
      const pair = clientId && clientSecret ? `, or ${clientId.name} and ${clientSecret.name}` : '';
      problems.push(`${credential.name}${pair} is not set (${credential.description})`);
    }
  }
  const candidates = variables.filter((v) => schemes.includes(v.scheme) && v.role !== 'clientSecret').map((v) => v.name);
  if (problems.length === 0 && schemes.length > 0 && !schemes.some((scheme) => scheme in auth))
    problems.push(`none of ${candidates.join(', ')} is set (a credential of the API)`);
  const variable = (read.length > 0 ? read : candidates.length > 0 ? candidates : variables.map((v) => v.name)).join(', ');
  return problems.length > 0 ? { variable, problems } : { variable, auth };
}
