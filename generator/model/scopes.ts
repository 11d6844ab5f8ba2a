import type { OpenApiDocument } from '../load/read-spec.js';

/**
 * The OAuth scopes an operation's tool needs: its `x-oauth-scopes` when it gives them, else the
 * scopes its security requirements (the operation's own, else the document's) ask of an `oauth2`
 * or `openIdConnect` scheme, in order and once each. A Swagger 2.0 document's oauth2 scopes arrive
 * this way, and so do any 3.x document's.
 */
export function scopesOf(document: OpenApiDocument, operation: { security?: unknown; 'x-oauth-scopes'?: unknown }): string[] {
  if (Array.isArray(operation['x-oauth-scopes'])) return operation['x-oauth-scopes'].map(String);
  const requirements = Array.isArray(operation.security) ? operation.security : Array.isArray(document.security) ? document.security : [];
  const schemes = (document.components as { securitySchemes?: Record<string, { type?: unknown } | undefined> } | undefined)?.securitySchemes ?? {};
  const scopes = new Set<string>();
  for (const requirement of requirements as unknown[]) {
    if (!requirement || typeof requirement !== 'object') continue;
    for (const [name, asked] of Object.entries(requirement)) {
      const type = schemes[name]?.type;
      if ((type === 'oauth2' || type === 'openIdConnect') && Array.isArray(asked)) for (const scope of asked) scopes.add(String(scope));
    }
  }
  return [...scopes];
}
