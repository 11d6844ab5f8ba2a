import type { OpenApiDocument } from '../load/read-spec.js';
import type { AuthModel } from './types.js';

interface SecurityScheme {
  type?: string;
  in?: string;
  name?: string;
  scheme?: string;
}

/**
 * The credential the client's `apiKey` option fills: the first scheme of the document's global
 * security requirement (else of its components) that is an API key or an HTTP bearer/basic scheme.
 */
export function buildAuth(document: OpenApiDocument): AuthModel | undefined {
  const schemes = (document.components as { securitySchemes?: Record<string, SecurityScheme> } | undefined)?.securitySchemes ?? {};
  const required = ((document.security as Record<string, unknown>[] | undefined) ?? []).flatMap((requirement) => Object.keys(requirement));
  const order = [...new Set([...required, ...Object.keys(schemes)])];
  for (const schemeName of order) {
    const scheme = schemes[schemeName];
    if (!scheme) continue;
    if (scheme.type === 'apiKey' && scheme.name && (scheme.in === 'header' || scheme.in === 'query' || scheme.in === 'cookie')) {
      return { kind: 'apiKey', in: scheme.in, name: scheme.name, schemeName };
    }
    if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') return { kind: 'bearer', schemeName };
    if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') return { kind: 'basic', schemeName };
  }
  return undefined;
}
