import { escapeToken } from '../json-pointer.js';
import type { OpenApiDocument } from '../load/read-spec.js';
import type { AuthModel, SecuritySchemeModel } from './types.js';

/** A security scheme as the document writes it. */
export interface RawScheme {
  type?: unknown;
  in?: unknown;
  name?: unknown;
  scheme?: unknown;
  openIdConnectUrl?: unknown;
  flows?: Record<string, { tokenUrl?: unknown; scopes?: unknown } | undefined>;
}

function rawSchemes(document: OpenApiDocument): Record<string, RawScheme> {
  const schemes = (document.components as { securitySchemes?: unknown } | undefined)?.securitySchemes;
  return schemes && typeof schemes === 'object' ? (schemes as Record<string, RawScheme>) : {};
}

/** The JSON pointer of `components/securitySchemes`, or of the scheme `name` there (for reports that place a change). */
export function securitySchemesPointer(name?: string): string {
  return name === undefined ? '#/components/securitySchemes' : `#/components/securitySchemes/${escapeToken(name)}`;
}

/** The scheme `name` of `components/securitySchemes`, as written; undefined when the document declares none of that name. */
export function rawSchemeOf(document: OpenApiDocument, name: string): RawScheme | undefined {
  const schemes = rawSchemes(document);
  const raw = Object.hasOwn(schemes, name) ? schemes[name] : undefined;
  return raw && typeof raw === 'object' ? raw : undefined;
}

/**
 * The security schemes the client can send, in the document's order: API keys (header, query,
 * cookie), HTTP bearer and basic, OAuth 2.0 (with the client-credentials flow's token URL when the
 * document gives one) and OpenID Connect. Others (mutual TLS, HTTP digest) are left out: an
 * alternative that needs one is never chosen.
 */
export function buildSecuritySchemes(document: OpenApiDocument): SecuritySchemeModel[] {
  const schemes: SecuritySchemeModel[] = [];
  for (const [name, raw] of Object.entries(rawSchemes(document))) {
    const scheme = schemeModel(name, raw);
    if (scheme) schemes.push(scheme);
  }
  return schemes;
}

function schemeModel(name: string, raw: RawScheme | undefined): SecuritySchemeModel | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  if (raw.type === 'apiKey' && typeof raw.name === 'string' && raw.name !== '' && (raw.in === 'header' || raw.in === 'query' || raw.in === 'cookie'))
    return { name, kind: 'apiKey', in: raw.in, paramName: raw.name };
  const http = typeof raw.scheme === 'string' ? raw.scheme.toLowerCase() : '';
  if (raw.type === 'http' && (http === 'bearer' || http === 'basic')) return { name, kind: http };
  if (raw.type === 'openIdConnect') return { name, kind: 'openIdConnect', ...(typeof raw.openIdConnectUrl === 'string' ? { url: raw.openIdConnectUrl } : {}) };
  if (raw.type !== 'oauth2') return undefined;
  const flow = raw.flows?.['clientCredentials'];
  const scopes = flow?.scopes && typeof flow.scopes === 'object' ? Object.keys(flow.scopes) : [];
  return { name, kind: 'oauth2', ...(typeof flow?.tokenUrl === 'string' && flow.tokenUrl !== '' ? { tokenUrl: flow.tokenUrl, scopes } : {}) };
}

/**
 * The scheme the client's `apiKey` option fills (kept from before per-scheme credentials): the first
 * scheme of the document's global requirement, else of its components, that is an API key or an
 * HTTP bearer or basic scheme.
 */
export function apiKeySchemeOf(document: OpenApiDocument, schemes: readonly SecuritySchemeModel[]): string | undefined {
  const global = Array.isArray(document.security) ? (document.security as unknown[]) : [];
  const required = global.flatMap((requirement) => (requirement && typeof requirement === 'object' ? Object.keys(requirement) : []));
  const order = [...new Set([...required, ...schemes.map((s) => s.name)])];
  return order.find((name) => {
    const kind = schemes.find((s) => s.name === name)?.kind;
    return kind === 'apiKey' || kind === 'bearer' || kind === 'basic';
  });
}

/** The `apiKey` option's scheme in the model's shape (`ApiModel.auth`). */
export function authOf(schemes: readonly SecuritySchemeModel[], name: string | undefined): AuthModel | undefined {
  const scheme = schemes.find((s) => s.name === name);
  if (scheme?.kind === 'apiKey') return { kind: 'apiKey', in: scheme.in, name: scheme.paramName, schemeName: scheme.name };
  if (scheme?.kind === 'bearer' || scheme?.kind === 'basic') return { kind: scheme.kind, schemeName: scheme.name };
  return undefined;
}
