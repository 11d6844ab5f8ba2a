/**
 * The names of the environment variables credentials are read from (by the generated MCP server, and
 * by `podcast-gen mcp` and `verify` with that server's reader, templates/mcp/credentials.ts), decided
 * once here from the operations' security: the server lists them, nobody names them again.
 */
import { words } from './naming.js';
import type { CredentialsModel, CredentialVariableModel, OperationSecurityModel, SecuritySchemeModel } from './types.js';

/** Variables the server reads besides credentials: no credential takes their names. */
const OTHER_VARIABLES = ['BASE_URL', 'SCOPES', 'MCP_TOKENS', 'MCP_ALLOWED_ORIGINS', 'MCP_ALLOWED_HOSTS'];

/** The last word of a scheme's credential variable by kind: `<PREFIX>[_<SCHEME>]_<SUFFIX>`. */
function suffixOf(scheme: SecuritySchemeModel): string {
  if (scheme.kind === 'apiKey') return 'API_KEY';
  if (scheme.kind === 'basic') return 'CREDENTIALS';
  return 'TOKEN';
}

/** Words a scheme's name often ends with that only repeat what the variable's suffix says. */
const REPEATED: Record<SecuritySchemeModel['kind'], readonly string[]> = {
  apiKey: ['AUTH', 'AUTHENTICATION', 'SCHEME', 'SECURITY', 'KEY', 'APIKEY', 'API_KEY', 'TOKEN'],
  bearer: ['AUTH', 'AUTHENTICATION', 'SCHEME', 'SECURITY', 'TOKEN'],
  basic: ['AUTH', 'AUTHENTICATION', 'SCHEME', 'SECURITY', 'CREDENTIALS'],
  oauth2: ['AUTH', 'AUTHENTICATION', 'SCHEME', 'SECURITY', 'TOKEN'],
  openIdConnect: ['AUTH', 'AUTHENTICATION', 'SCHEME', 'SECURITY', 'TOKEN'],
};

/** Words split apart by case that read as one: `OAuth`, `OpenID`. */
const JOINED: readonly [string, string][] = [
  ['O', 'AUTH'],
  ['OPEN', 'ID'],
];

/**
 * A scheme's part of its variable's name, in upper snake case: acronyms kept whole (`OAuth` ->
 * `OAUTH`), and trailing words that repeat the suffix dropped (`HeaderKey` -> `HEADER`,
 * `ApiKeyAuth` -> nothing, `bearerAuth` -> `BEARER`).
 */
export function schemePart(scheme: Pick<SecuritySchemeModel, 'name' | 'kind'>): string {
  const parts = words(scheme.name).map((w) => w.toUpperCase());
  for (let i = 0; i + 1 < parts.length; i++) {
    const next = parts[i + 1] as string;
    if (JOINED.some(([first, second]) => parts[i] === first && next.startsWith(second))) parts.splice(i, 2, `${parts[i]}${next}`);
  }
  const repeated = REPEATED[scheme.kind];
  for (;;) {
    const last2 = parts.slice(-2).join('_');
    if (parts.length >= 2 && repeated.includes(last2)) parts.splice(-2);
    else if (parts.length >= 1 && repeated.includes(parts.at(-1) as string)) parts.pop();
    else break;
  }
  return parts.join('_');
}

/**
 * The credential variables, named after the API (docs/mcp.md): for each scheme some operation can
 * send, `<PREFIX>_<SUFFIX>` where the document declares one scheme, else
 * `<PREFIX>_<SCHEME>_<SUFFIX>` (the scheme's name in upper snake case, `schemePart`; a second
 * variable of the same name takes `_2`). The suffix is `API_KEY` for an API key, `TOKEN` for bearer, OAuth 2.0 and
 * OpenID Connect, `CREDENTIALS` (`user:password`) for basic; an OAuth 2.0 scheme with a
 * client-credentials flow also has `..._CLIENT_ID` and `..._CLIENT_SECRET`. A variable is required
 * where every operation that needs a credential needs its scheme's. `schemes`: those that can stand
 * for a credential an operation needs (none when no operation needs one).
 */
export function credentialVariables(api: {
  /** The security of every operation. */
  operations: readonly OperationSecurityModel[];
  /** Every scheme the client can send. */
  schemes: readonly SecuritySchemeModel[];
  /** `PODCAST` of `PODCAST_API_KEY`. */
  envPrefix: string;
  /** The API's title, for descriptions. */
  title: string;
  /** The scheme the client's `apiKey` option fills. */
  apiKeyScheme: string | undefined;
}): CredentialsModel {
  const prefix = api.envPrefix;
  const used = new Set(api.operations.flatMap((op) => op.alternatives.flatMap((alternative) => alternative.schemes)));
  const schemes = api.schemes.filter((s) => used.has(s.name));
  const needing = api.operations.filter((op) => op.kind === 'credential');
  const taken = new Set(OTHER_VARIABLES.map((name) => `${prefix}_${name}`));
  const unique = (name: string) => {
    let chosen = name;
    for (let n = 2; taken.has(chosen); n++) chosen = `${name}_${n}`;
    taken.add(chosen);
    return chosen;
  };
  const single = api.schemes.length === 1;
  const variables = schemes.flatMap((scheme) => {
    const suffix = suffixOf(scheme);
    const part = single ? '' : schemePart(scheme);
    const stem = part === '' ? prefix : `${prefix}_${part}`;
    const required = needing.length > 0 && needing.every((op) => op.alternatives.every((alternative) => alternative.schemes.includes(scheme.name)));
    const base = { scheme: scheme.name, required };
    const what = describe(scheme, api.title);
    const clientCredentials = scheme.kind === 'oauth2' && scheme.tokenUrl !== undefined;
    const entries: CredentialVariableModel[] = [
      {
        name: unique(`${stem}_${suffix}`),
        ...base,
        role: 'credential',
        description: clientCredentials ? `${what} (or the client id and secret)` : what,
        option: scheme.name === api.apiKeyScheme ? 'apiKey' : `auth.${scheme.name}`,
      },
    ];
    if (clientCredentials) {
      entries.push(
        {
          name: unique(`${stem}_CLIENT_ID`),
          ...base,
          role: 'clientId',
          description: `the OAuth 2.0 client id of ${scheme.name}, with its secret`,
          option: `auth.${scheme.name}.clientId`,
        },
        {
          name: unique(`${stem}_CLIENT_SECRET`),
          ...base,
          role: 'clientSecret',
          description: `the OAuth 2.0 client secret of ${scheme.name}`,
          option: `auth.${scheme.name}.clientSecret`,
        },
      );
    }
    return entries;
  });
  return { variables, schemes: needing.length > 0 ? schemes.map((s) => s.name) : [] };
}

/** Each operation's `variables`: the variables of the schemes its alternatives send, in the list's order. */
export function withCredentialVariables(operations: readonly OperationSecurityModel[], credentials: CredentialsModel): void {
  for (const op of operations) {
    const sent = new Set(op.alternatives.flatMap((alternative) => alternative.schemes));
    op.variables = credentials.variables.filter((variable) => sent.has(variable.scheme)).map((variable) => variable.name);
  }
}

function describe(scheme: SecuritySchemeModel, title: string): string {
  if (scheme.kind === 'apiKey') return `the API key of ${title}, sent in the ${scheme.in} ${scheme.paramName}`;
  if (scheme.kind === 'basic') return `user:password for ${title} (HTTP basic)`;
  if (scheme.kind === 'bearer') return `a bearer token of ${title}`;
  if (scheme.kind === 'openIdConnect') return `an OpenID Connect access token of ${title} (${scheme.name})`;
  return `an OAuth 2.0 access token of ${title} (${scheme.name})`;
}
