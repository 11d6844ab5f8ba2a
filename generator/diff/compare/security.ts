/**
 * Credentials: how the client sends its key (the document's scheme), the schemes it can send, and
 * each operation's security as the model reads it (model/auth-requirements.ts), never the document
 * again: whether a request needs a credential, which credentials it accepts, and the scopes each asks.
 */
import { securitySchemesPointer } from '../../model/auth.js';
import type { AuthModel, OperationSecurityModel, SecurityAlternativeModel, SecuritySchemeModel } from '../../model/types.js';
import type { ChangeOperation } from '../change.js';
import { code, operationOf, type CompareContext, type OperationPair } from './context.js';

function authText(auth: AuthModel): string {
  return auth.kind === 'apiKey' ? `API key in ${auth.in} ${code(auth.name)}` : `HTTP ${auth.kind}`;
}

export function compareAuth(ctx: CompareContext): void {
  const a = ctx.old.model.auth;
  const b = ctx.new.model.auth;
  const pointer = (auth: AuthModel) => securitySchemesPointer(auth.schemeName);
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
  for (const [name, scheme] of a) {
    const next = b.get(name);
    if (!next) {
      ctx.report({
        rule: 'security-scheme-removed',
        oldPointer: securitySchemesPointer(name),
        message: `security scheme ${code(name)} is gone: the client's \`auth.${name}\` with it`,
      });
      continue;
    }
    // The apiKey option's scheme is judged as auth-changed.
    const apiKeyScheme = ctx.old.model.auth?.schemeName === name && ctx.new.model.auth?.schemeName === name;
    if (!apiKeyScheme && JSON.stringify(scheme) !== JSON.stringify(next))
      ctx.report({
        rule: 'security-scheme-changed',
        oldPointer: securitySchemesPointer(name),
        newPointer: securitySchemesPointer(name),
        message: `security scheme ${code(name)} is now ${schemeText(next)}, was ${schemeText(scheme)}`,
      });
  }
  for (const name of b.keys())
    if (!a.has(name)) ctx.report({ rule: 'security-scheme-added', newPointer: securitySchemesPointer(name), message: `new security scheme ${code(name)}` });
  // One scheme's variable is `<API>_API_KEY`; among several each carries its scheme's name.
  const single = (n: number) => n === 1;
  if (a.size > 0 && b.size > 0 && single(a.size) !== single(b.size))
    ctx.report({
      rule: 'mcp-credential-variables-renamed',
      oldPointer: securitySchemesPointer(),
      newPointer: securitySchemesPointer(),
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

/** Where an operation's security change is placed. */
type At = { operation: ChangeOperation; oldPointer: string; newPointer: string };

/**
 * An operation's security: whether it needs a credential (open, a credential, or one no client
 * sends), and, where it needs one on both sides, the credentials it accepts and their scopes.
 */
export function compareOperationSecurity(ctx: CompareContext, { old: a, new: b }: OperationPair): void {
  const was = a.security;
  const is = b.security;
  const at: At = { operation: operationOf(b), oldPointer: a.pointer, newPointer: b.pointer };
  if (was.kind !== is.kind) {
    compareKinds(ctx, at, was, is);
    return;
  }
  if (is.kind !== 'credential') return;
  // A scope the tool's scopes gain is tool-scope-added's to report.
  const toolGained = new Set(b.scopes.filter((scope) => !a.scopes.includes(scope)));
  compareAlternatives(ctx, at, was.alternatives, is.alternatives, toolGained);
}

function compareKinds(ctx: CompareContext, at: At, was: OperationSecurityModel, is: OperationSecurityModel): void {
  if (is.kind === 'unsatisfiable') ctx.report({ rule: 'operation-security-unsatisfiable', ...at, message: `no client can call it any more: ${is.reason}` });
  else if (was.kind === 'unsatisfiable')
    ctx.report({
      rule: 'operation-security-satisfiable',
      ...at,
      message: is.kind === 'open' ? 'can be called again, without a credential' : `can be called again, with ${alternativesText(is.alternatives)}`,
    });
  else if (is.kind === 'credential')
    ctx.report({ rule: 'operation-security-added', ...at, message: `now asks for credentials: ${alternativesText(is.alternatives)}` });
  else ctx.report({ rule: 'operation-security-removed', ...at, message: 'no longer asks for credentials' });
}

/**
 * The credentials an operation accepts, alternative by alternative: the same alternative on both
 * sides is paired first, then those of the same schemes (their scopes compared); what is left is
 * an alternative whose schemes changed, one gone or one new.
 */
function compareAlternatives(
  ctx: CompareContext,
  at: At,
  was: readonly SecurityAlternativeModel[],
  is: readonly SecurityAlternativeModel[],
  toolGained: ReadonlySet<string>,
): void {
  const removed = [...was];
  const added: SecurityAlternativeModel[] = [];
  const pairs: [SecurityAlternativeModel, SecurityAlternativeModel][] = [];
  const take = (alternative: SecurityAlternativeModel, same: (old: SecurityAlternativeModel) => boolean) => {
    const index = removed.findIndex(same);
    if (index < 0) return false;
    pairs.push([removed.splice(index, 1)[0] as SecurityAlternativeModel, alternative]);
    return true;
  };
  const unpaired = is.filter((alternative) => !take(alternative, (old) => JSON.stringify(old) === JSON.stringify(alternative)));
  for (const alternative of unpaired) if (!take(alternative, (old) => sameSchemes(old, alternative))) added.push(alternative);
  for (const [old, next] of pairs) {
    for (const scope of next.scopes)
      if (!old.scopes.includes(scope) && !toolGained.has(scope))
        ctx.report({
          rule: 'operation-security-scope-added',
          ...at,
          message: `${alternativeText(next)} now asks for the scope ${code(scope)}: a token without it is refused`,
        });
  }
  for (const [index, next] of added.entries()) {
    const old = removed[index];
    if (old)
      ctx.report({
        rule: 'operation-security-scheme-changed',
        ...at,
        message: `takes ${alternativeText(next)} where it took ${alternativeText(old)}: a client that sends the old credential is refused`,
      });
    else ctx.report({ rule: 'operation-security-alternative-added', ...at, message: `also accepts ${alternativeText(next)}` });
  }
  for (const old of removed.slice(added.length))
    ctx.report({ rule: 'operation-security-alternative-removed', ...at, message: `no longer accepts ${alternativeText(old)}` });
}

function sameSchemes(a: SecurityAlternativeModel, b: SecurityAlternativeModel): boolean {
  return JSON.stringify([...a.schemes].sort()) === JSON.stringify([...b.schemes].sort());
}

function alternativeText(alternative: SecurityAlternativeModel): string {
  return alternative.schemes.map((name) => code(name)).join(' with ');
}

function alternativesText(alternatives: readonly SecurityAlternativeModel[]): string {
  return alternatives.map(alternativeText).join(', or ');
}
