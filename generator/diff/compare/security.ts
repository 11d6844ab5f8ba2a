/**
 * Credentials: how the client sends its key (the document's scheme), and which operations ask for
 * one at all (their own security, else the document's).
 */
import { getByPointer } from '../../json-pointer.js';
import { escapeToken } from '../../json-pointer.js';
import type { AuthModel, SecuritySchemeModel } from '../../model/types.js';
import { code, operationOf, type CompareContext, type OperationPair, type CompareSide } from './context.js';

function authText(auth: AuthModel): string {
  return auth.kind === 'apiKey' ? `API key in ${auth.in} ${code(auth.name)}` : `HTTP ${auth.kind}`;
}

export function compareAuth(ctx: CompareContext): void {
  const a = ctx.old.model.auth;
  const b = ctx.new.model.auth;
  const pointer = (auth: AuthModel) => `#/components/securitySchemes/${auth.schemeName}`;
  if (!a && b) ctx.report({ rule: 'auth-added', newPointer: pointer(b), message: `the API now asks for credentials: ${authText(b)}` });
  if (a && !b) ctx.report({ rule: 'auth-removed', oldPointer: pointer(a), message: 'the API no longer asks for credentials' });
  if (a && b && authText(a) !== authText(b))
    ctx.report({ rule: 'auth-changed', oldPointer: pointer(a), newPointer: pointer(b), message: `credentials travel as ${authText(b)}, was ${authText(a)}` });
}

/**
 * The schemes the client can send: each is a field of its `auth` option and (where an operation
 * uses it) a credential variable of the MCP server, named after the scheme once there are several.
 */
export function compareSecuritySchemes(ctx: CompareContext): void {
  const a = new Map(ctx.old.model.securitySchemes.map((s) => [s.name, s]));
  const b = new Map(ctx.new.model.securitySchemes.map((s) => [s.name, s]));
  const pointer = (name: string) => `#/components/securitySchemes/${escapeToken(name)}`;
  for (const [name, scheme] of a) {
    const next = b.get(name);
    if (!next) {
      ctx.report({
        rule: 'security-scheme-removed',
        oldPointer: pointer(name),
        message: `security scheme ${code(name)} is gone: the client's \`auth.${name}\` with it`,
      });
      continue;
    }
    // The apiKey option's scheme is judged as auth-changed.
    const apiKeyScheme = ctx.old.model.auth?.schemeName === name && ctx.new.model.auth?.schemeName === name;
    if (!apiKeyScheme && JSON.stringify(scheme) !== JSON.stringify(next))
      ctx.report({
        rule: 'security-scheme-changed',
        oldPointer: pointer(name),
        newPointer: pointer(name),
        message: `security scheme ${code(name)} is now ${schemeText(next)}, was ${schemeText(scheme)}`,
      });
  }
  for (const name of b.keys())
    if (!a.has(name)) ctx.report({ rule: 'security-scheme-added', newPointer: pointer(name), message: `new security scheme ${code(name)}` });
  // One scheme's variable is `<API>_API_KEY`; among several each carries its scheme's name.
  const single = (n: number) => n === 1;
  if (a.size > 0 && b.size > 0 && single(a.size) !== single(b.size))
    ctx.report({
      rule: 'mcp-credential-variables-renamed',
      oldPointer: '#/components/securitySchemes',
      newPointer: '#/components/securitySchemes',
      message: `the document declares ${b.size === 1 ? 'one security scheme' : `${b.size} security schemes`} (was ${a.size}): the MCP server's credential variables ${b.size === 1 ? 'no longer carry' : 'now carry'} the scheme's name`,
    });
}

function schemeText(scheme: SecuritySchemeModel): string {
  if (scheme.kind === 'apiKey') return `an API key in ${scheme.in} ${code(scheme.paramName)}`;
  if (scheme.kind === 'oauth2')
    return `OAuth 2.0${scheme.tokenUrl ? ` (token URL ${scheme.tokenUrl}, scopes ${(scheme.scopes ?? []).join(', ') || 'none'})` : ''}`;
  if (scheme.kind === 'openIdConnect') return 'OpenID Connect';
  return `HTTP ${scheme.kind}`;
}

/** True when the operation asks for credentials: some requirement, and none of them empty (`{}`: anonymous allowed). */
function securedIn(side: CompareSide, pointer: string): boolean {
  const raw = getByPointer(side.document, pointer) as { security?: unknown } | undefined;
  const requirements = Array.isArray(raw?.security) ? raw.security : Array.isArray(side.document.security) ? side.document.security : [];
  return requirements.length > 0 && requirements.every((r) => r && typeof r === 'object' && Object.keys(r).length > 0);
}

export function compareOperationSecurity(ctx: CompareContext, { old: a, new: b }: OperationPair): void {
  const was = securedIn(ctx.old, a.pointer);
  const is = securedIn(ctx.new, b.pointer);
  if (was === is) return;
  const at = { operation: operationOf(b), oldPointer: a.pointer, newPointer: b.pointer };
  if (is) ctx.report({ rule: 'operation-security-added', ...at, message: 'now asks for credentials' });
  else ctx.report({ rule: 'operation-security-removed', ...at, message: 'no longer asks for credentials' });
}
