import type { OpenApiDocument } from '../load/read-spec.js';
import type { AuthModel, SecuritySchemeModel } from './types.js';

interface RawScheme {
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

/** Where a scheme's credential travels: two schemes of one place cannot be sent together. */
function placeOf(scheme: SecuritySchemeModel): string {
  if (scheme.kind === 'apiKey') return `${scheme.in}:${scheme.in === 'header' ? scheme.paramName.toLowerCase() : scheme.paramName}`;
  return 'header:authorization';
}

/**
 * An operation's security requirements (its own `security`, else the document's): alternatives in
 * order, each the names of the schemes sent together. `[]`: the operation needs no credential; an
 * empty alternative: it may be called without one. An alternative that names a scheme the client
 * cannot send is dropped. Schemes of one alternative that travel in the same place (two OAuth
 * schemes, both an `Authorization` header, as Google's documents pair them) cannot all be sent: they
 * are read as alternatives among themselves.
 */
export function securityOf(document: OpenApiDocument, operation: { security?: unknown }, schemes: readonly SecuritySchemeModel[]): string[][] {
  const written = Array.isArray(operation.security) ? operation.security : Array.isArray(document.security) ? document.security : [];
  const byName = new Map(schemes.map((s) => [s.name, s]));
  const alternatives: string[][] = [];
  const seen = new Set<string>();
  for (const requirement of written as unknown[]) {
    if (!requirement || typeof requirement !== 'object') continue;
    const names = Object.keys(requirement);
    if (!names.every((name) => byName.has(name))) continue;
    for (const alternative of splitByPlace(names.map((name) => byName.get(name) as SecuritySchemeModel))) {
      const key = JSON.stringify(alternative);
      if (seen.has(key)) continue;
      seen.add(key);
      alternatives.push(alternative);
      // An alternative that needs nothing is always met: the ones after it are never tried.
      if (alternative.length === 0) return alternatives.length === 1 ? [] : alternatives;
    }
  }
  return alternatives;
}

/** The combinations of `schemes` that send at most one credential per place, in order. */
function splitByPlace(schemes: readonly SecuritySchemeModel[]): string[][] {
  const places = new Map<string, string[]>();
  for (const scheme of schemes) places.set(placeOf(scheme), [...(places.get(placeOf(scheme)) ?? []), scheme.name]);
  let combinations: string[][] = [[]];
  for (const choices of places.values()) combinations = choices.flatMap((choice) => combinations.map((combination) => [...combination, choice]));
  return combinations;
}

/**
 * The requirement most operations have (the first such, on a tie): the client's and the mock's
 * tables hold it once, and only the other operations carry theirs.
 */
export function commonSecurity(operations: readonly { security: string[][] }[]): string[][] {
  const counts = new Map<string, number>();
  for (const op of operations) counts.set(JSON.stringify(op.security), (counts.get(JSON.stringify(op.security)) ?? 0) + 1);
  let best = operations[0] ? JSON.stringify(operations[0].security) : '[]';
  for (const [key, count] of counts) if (count > (counts.get(best) ?? 0)) best = key;
  return JSON.parse(best) as string[][];
}
