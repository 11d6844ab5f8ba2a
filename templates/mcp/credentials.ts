/**
 * The MCP server's credentials, read from environment variables named after the API: which
 * variables there are (`server.ts` lists them, one entry per variable), and the client's `auth`
 * option read from them, or every problem at once (what is missing), so that a server stops before
 * it starts serving. The values are never in a problem.
 */

/** One environment variable the server reads a credential from. */
export interface McpCredentialVariable {
  /** The variable's name: `PODCAST_API_KEY`. */
  name: string;
  /** The security scheme it fills (its name in the document). */
  scheme: string;
  /**
   * What it holds: the scheme's credential (a key, a token, basic's `user:password`), or an OAuth
   * 2.0 client-credentials flow's client id or secret (given both, the client asks for tokens).
   */
  role: 'credential' | 'clientId' | 'clientSecret';
  /** True when the server cannot start without it: every operation that needs a credential needs this scheme's. */
  required: boolean;
  /** What it is, for `--help` and for the problem that says it is missing. */
  description: string;
  /** The client option it fills, as a path: `apiKey` (the podcast key), `auth.<scheme>`, `auth.<scheme>.clientId`. */
  option: string;
}

/** The client's `auth` option and the secrets to redact, or why the server cannot start. */
export type McpCredentials = { auth: Record<string, unknown>; secrets: string[] } | { problems: string[] };

/**
 * Reads the credentials: each scheme whose variables are set (a client id with its secret), every
 * required variable that is not, and, where no scheme is required, a problem when none is set.
 */
export function readMcpCredentials(
  spec: { variables: readonly McpCredentialVariable[]; schemes: readonly string[] },
  env: Readonly<Record<string, string | undefined>>,
): McpCredentials {
  const value = (variable: McpCredentialVariable) => env[variable.name]?.trim() ?? '';
  const auth: Record<string, unknown> = {};
  const secrets: string[] = [];
  const problems: string[] = [];
  for (const scheme of [...new Set(spec.variables.map((v) => v.scheme))]) {
    const of = spec.variables.filter((v) => v.scheme === scheme);
    const credential = of.find((v) => v.role === 'credential');
    const clientId = of.find((v) => v.role === 'clientId');
    const clientSecret = of.find((v) => v.role === 'clientSecret');
    if (credential && value(credential) !== '') {
      auth[scheme] = value(credential);
      secrets.push(value(credential));
    } else if (clientId && clientSecret && (value(clientId) !== '' || value(clientSecret) !== '')) {
      const missing = [clientId, clientSecret].filter((v) => value(v) === '');
      if (missing.length > 0) problems.push(...missing.map((v) => `${v.name} is not set (${v.description}; the other half of it is)`));
      else {
        auth[scheme] = { clientId: value(clientId), clientSecret: value(clientSecret) };
        secrets.push(value(clientSecret));
      }
    } else if (credential?.required) {
      const pair = clientId && clientSecret ? `, or ${clientId.name} and ${clientSecret.name}` : '';
      problems.push(`${credential.name}${pair} is not set (${credential.description})`);
    }
  }
  if (problems.length === 0 && spec.schemes.length > 0 && !spec.schemes.some((scheme) => scheme in auth)) {
    const names = spec.variables.filter((v) => spec.schemes.includes(v.scheme) && v.role !== 'clientSecret').map((v) => v.name);
    problems.push(`none of ${names.join(', ')} is set (a credential of the API)`);
  }
  return problems.length > 0 ? { problems } : { auth, secrets };
}
