import type { ApiModel, SecuritySchemeModel } from '../../model/types.js';

/** One field of the client's `auth` option: a security scheme, the type of its credential and what it is. */
export interface CredentialField {
  /** The scheme's name in the document, the field's key. */
  name: string;
  /** The credential's type, of the runtime's types. */
  type: string;
  /** What the credential is and where it goes, for the field's doc comment. */
  doc: string;
}

/** The `auth` option's fields: every scheme the client can send, in the document's order. */
export function credentialFields(model: ApiModel): CredentialField[] {
  return model.securitySchemes.map((scheme) => ({ name: scheme.name, type: credentialType(scheme), doc: credentialDoc(scheme, model.auth?.schemeName) }));
}

function credentialType(scheme: SecuritySchemeModel): string {
  if (scheme.kind === 'basic') return 'Credential<BasicCredential>';
  if (scheme.kind === 'oauth2') return 'Credential<string> | ClientCredentials';
  return 'Credential<string>';
}

function credentialDoc(scheme: SecuritySchemeModel, apiKeyScheme: string | undefined): string {
  const filled = scheme.name === apiKeyScheme ? ' (the `apiKey` option fills it too)' : '';
  if (scheme.kind === 'apiKey') return `An API key, sent in the ${scheme.in} \`${scheme.paramName}\`${filled}.`;
  if (scheme.kind === 'bearer') return `A bearer token, sent as \`Authorization: Bearer\`${filled}.`;
  if (scheme.kind === 'basic') return `\`user:password\` or \`{ username, password }\`, sent as \`Authorization: Basic\`${filled}.`;
  if (scheme.kind !== 'oauth2') return 'An OpenID Connect access token, sent as `Authorization: Bearer`.';
  return scheme.tokenUrl
    ? 'An OAuth 2.0 access token, or client credentials: the client then asks the token endpoint for a token (and a new one before it expires).'
    : 'An OAuth 2.0 access token, sent as `Authorization: Bearer`.';
}
