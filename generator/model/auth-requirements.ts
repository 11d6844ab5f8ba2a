/**
 * An operation's security, read once from the document: the alternatives the client tries, whether
 * a request needs a credential, and, apart from an operation anyone may call, one that no client can
 * call (every requirement needs mutual TLS, an undeclared scheme or one the client does not send).
 * Every output and run tool reads this description; none reads `security` again.
 */
import type { OpenApiDocument } from '../load/read-spec.js';
import { rawSchemeOf, type RawScheme } from './auth.js';
import type { OperationSecurityModel, SecurityAlternativeModel, SecuritySchemeModel, UnmetSchemeModel } from './types.js';

/** The fields of an operation its security is read from. */
export interface RawSecurity {
  security?: unknown;
  'x-oauth-scopes'?: unknown;
}

/**
 * The operation's security (its own `security`, else the document's). Each requirement becomes one
 * alternative or more: schemes of one requirement that travel in the same place (two OAuth schemes,
 * both an `Authorization` header, as Google's documents pair them) cannot all be sent, so they are
 * read as alternatives among themselves. A requirement naming a scheme the client cannot send is
 * left out and its scheme listed in `unmet`. An empty requirement (`{}`), wherever it is written,
 * makes the operation open; the alternatives the others give come first and it comes last. `variables` is filled once the API's credential variables are known
 * (`withCredentialVariables`).
 */
export function operationSecurity(document: OpenApiDocument, operation: RawSecurity, schemes: readonly SecuritySchemeModel[]): OperationSecurityModel {
  const written = Array.isArray(operation.security) ? operation.security : Array.isArray(document.security) ? document.security : [];
  const byName = new Map(schemes.map((s) => [s.name, s]));
  const alternatives: SecurityAlternativeModel[] = [];
  const unmet = new Map<string, UnmetSchemeModel>();
  const seen = new Set<string>();
  let open = written.length === 0;
  for (const requirement of written as unknown[]) {
    if (!requirement || typeof requirement !== 'object' || Array.isArray(requirement)) continue;
    const asked = Object.entries(requirement as Record<string, unknown>);
    // The list has no order: any one requirement met will do, so one that needs nothing makes the
    // operation open and the others stay alternatives the client sends when it has their credential.
    if (asked.length === 0) {
      open = true;
      continue;
    }
    const missing = asked.filter(([name]) => !byName.has(name));
    for (const [name] of missing) if (!unmet.has(name)) unmet.set(name, unmetScheme(document, name));
    if (missing.length > 0) continue;
    for (const alternative of splitByPlace(asked.map(([name, scopes]) => ({ scheme: byName.get(name) as SecuritySchemeModel, scopes })))) {
      const key = JSON.stringify(alternative);
      if (seen.has(key)) continue;
      seen.add(key);
      alternatives.push(alternative);
    }
  }
  const kind = kindOf(open, alternatives.length > 0, written.some(isRequirement));
  // An operation anyone may call keeps the alternatives before its empty one, and ends with it; alone, it is none.
  if (open && alternatives.length > 0) alternatives.push({ schemes: [], scopes: [] });
  const security: OperationSecurityModel = { kind, needsCredential: kind !== 'open', alternatives, unmet: [...unmet.values()], variables: [] };
  if (kind === 'unsatisfiable') security.reason = unsatisfiableReason(security.unmet);
  return security;
}

/**
 * The OAuth scopes an operation's MCP tool needs: its `x-oauth-scopes` when it gives them, else the
 * scopes its alternatives ask of an OAuth 2.0 or OpenID Connect scheme, in order and once each.
 */
export function toolScopesOf(operation: RawSecurity, security: OperationSecurityModel): string[] {
  if (Array.isArray(operation['x-oauth-scopes'])) return operation['x-oauth-scopes'].map(String);
  return [...new Set(security.alternatives.flatMap((alternative) => alternative.scopes))];
}

/** Open where a requirement needs nothing (or none is written); else it needs a credential, one the client can send or none. */
function kindOf(open: boolean, sendable: boolean, written: boolean): OperationSecurityModel['kind'] {
  if (open || !written) return 'open';
  return sendable ? 'credential' : 'unsatisfiable';
}

function isRequirement(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why the client cannot send a scheme a requirement names. */
function unmetScheme(document: OpenApiDocument, name: string): UnmetSchemeModel {
  const raw: RawScheme | undefined = rawSchemeOf(document, name);
  if (!raw) return { name, reason: 'undeclared', what: 'a scheme the document does not declare' };
  if (raw.type === 'mutualTLS') return { name, reason: 'mutualTLS', what: 'mutual TLS' };
  if (raw.type === 'http') return { name, reason: 'unsupported', what: `HTTP ${typeof raw.scheme === 'string' ? raw.scheme : 'authentication'}` };
  if (raw.type === 'apiKey') return { name, reason: 'unsupported', what: 'an API key without a header, query parameter or cookie to send it in' };
  return { name, reason: 'unsupported', what: `a scheme of type ${typeof raw.type === 'string' ? raw.type : 'unknown'}` };
}

/** The words of an unsatisfiable operation's reason, said once for the client's error, the mock's 401 and verify's report. */
function unsatisfiableReason(unmet: readonly UnmetSchemeModel[]): string {
  return `every security requirement needs what the client cannot send: ${unmet.map((u) => `${u.what} (${u.name})`).join(', or ')}`;
}

/** Where a scheme's credential travels: two schemes of one place cannot be sent together. */
function placeOf(scheme: SecuritySchemeModel): string {
  if (scheme.kind === 'apiKey') return `${scheme.in}:${scheme.in === 'header' ? scheme.paramName.toLowerCase() : scheme.paramName}`;
  return 'header:authorization';
}

/** The scopes a requirement asks of a scheme: those of an OAuth 2.0 or OpenID Connect scheme (other kinds' roles are the server's to check). */
function scopesAsked(scheme: SecuritySchemeModel, scopes: unknown): string[] {
  return (scheme.kind === 'oauth2' || scheme.kind === 'openIdConnect') && Array.isArray(scopes) ? scopes.map(String) : [];
}

/** The combinations of one requirement's schemes that send at most one credential per place, in order. */
function splitByPlace(asked: readonly { scheme: SecuritySchemeModel; scopes: unknown }[]): SecurityAlternativeModel[] {
  const places = new Map<string, { scheme: SecuritySchemeModel; scopes: unknown }[]>();
  for (const entry of asked) places.set(placeOf(entry.scheme), [...(places.get(placeOf(entry.scheme)) ?? []), entry]);
  let combinations: { scheme: SecuritySchemeModel; scopes: unknown }[][] = [[]];
  for (const choices of places.values()) combinations = choices.flatMap((choice) => combinations.map((combination) => [...combination, choice]));
  return combinations.map((combination) => ({
    schemes: combination.map((entry) => entry.scheme.name),
    scopes: [...new Set(combination.flatMap((entry) => scopesAsked(entry.scheme, entry.scopes)))],
  }));
}
