/**
 * Credentials: how the client sends its key (the document's scheme), the schemes it can send, and
 * each operation's security as the model reads it (model/auth-requirements.ts), never the document
 * again: whether a request needs a credential, which credentials it accepts, and the scopes each asks.
 * Said as `credentials` records; checker/security-checks.ts judges them.
 */
import { securitySchemesPointer } from '../../model/auth.js';
import type { AuthModel, SecurityAlternativeModel } from '../../model/types.js';
import { type CompareContext, type OperationPair, operationOf } from './context.js';
import type { ChangeRecord } from './record.js';

/** Records one document-wide security change. */
function documentRecord(ctx: CompareContext, keyword: string, values: Partial<ChangeRecord>): void {
  ctx.record({ family: 'credentials', keyword, direction: 'both', where: '', operations: [], ...values });
}

/** The client's `apiKey` option: how its credential travels. */
export function compareAuth(ctx: CompareContext): void {
  const a = ctx.old.model.auth;
  const b = ctx.new.model.auth;
  const pointer = (auth: AuthModel) => securitySchemesPointer(auth.schemeName);
  if (!a && !b) return;
  if (a && b && JSON.stringify(travels(a)) === JSON.stringify(travels(b))) return;
  documentRecord(ctx, 'auth', {
    ...(a ? { old: travels(a), oldPointer: pointer(a) } : {}),
    ...(b ? { new: travels(b), newPointer: pointer(b) } : {}),
  });
}

/** How a credential travels, the part of the auth model a caller's code depends on. */
function travels(auth: AuthModel): { kind: string; in?: string; name?: string } {
  return auth.kind === 'apiKey' ? { kind: auth.kind, in: auth.in, name: auth.name } : { kind: auth.kind };
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
    const at = { where: name, oldPointer: securitySchemesPointer(name) };
    if (!next) {
      documentRecord(ctx, 'scheme', { ...at, old: scheme });
      continue;
    }
    // The scheme of the apiKey option is recorded once, as the auth record.
    const apiKeyScheme = ctx.old.model.auth?.schemeName === name && ctx.new.model.auth?.schemeName === name;
    if (!apiKeyScheme && JSON.stringify(scheme) !== JSON.stringify(next))
      documentRecord(ctx, 'scheme', { ...at, old: scheme, new: next, newPointer: securitySchemesPointer(name) });
  }
  for (const [name, scheme] of b) if (!a.has(name)) documentRecord(ctx, 'scheme', { where: name, new: scheme, newPointer: securitySchemesPointer(name) });
  if (a.size > 0 && b.size > 0 && a.size !== b.size)
    documentRecord(ctx, 'scheme-count', { old: a.size, new: b.size, oldPointer: securitySchemesPointer(), newPointer: securitySchemesPointer() });
}

/**
 * An operation's security: whether it needs a credential (open, a credential, or one no client
 * sends), and, where it needs one on both sides, the credentials it accepts and their scopes.
 */
export function compareOperationSecurity(ctx: CompareContext, pair: OperationPair): void {
  const { old: a, new: b } = pair;
  const record = (keyword: string, values: Partial<ChangeRecord>) =>
    ctx.record({
      family: 'credentials',
      keyword,
      direction: 'both',
      where: '',
      oldPointer: a.pointer,
      newPointer: b.pointer,
      operations: [operationOf(b)],
      ...values,
    });
  const was = a.security;
  const is = b.security;
  if (was.kind !== is.kind) {
    record('kind', { old: was, new: is });
    return;
  }
  if (was.kind !== 'credential' || is.kind !== 'credential') return;
  // A scope the tool's scopes gain is recorded once, as the tool's (tools.ts).
  const toolGained = new Set(b.scopes.filter((scope) => !a.scopes.includes(scope)));
  const { pairs, removed, added } = pairAlternatives(was.alternatives, is.alternatives);
  for (const [old, next] of pairs)
    for (const scope of next.scopes)
      if (!old.scopes.includes(scope) && !toolGained.has(scope)) record('scope', { where: alternativeName(next), new: { scope, schemes: next.schemes } });
  for (const [index, next] of added.entries()) {
    const old = removed[index];
    record('alternative', { ...(old ? { old } : {}), new: next });
  }
  for (const old of removed.slice(added.length)) record('alternative', { old });
}

/**
 * The credentials an operation accepts, alternative by alternative: the same alternative on both
 * sides is paired first, then those of the same schemes; what is left was removed or added (an
 * added one beside a removed one is a scheme changed).
 */
function pairAlternatives(was: readonly SecurityAlternativeModel[], is: readonly SecurityAlternativeModel[]) {
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
  return { pairs, removed, added };
}

function sameSchemes(a: SecurityAlternativeModel, b: SecurityAlternativeModel): boolean {
  return JSON.stringify([...a.schemes].sort()) === JSON.stringify([...b.schemes].sort());
}

/** `ApiKey+Bearer`: an alternative as a record's place names it. */
function alternativeName(alternative: SecurityAlternativeModel): string {
  return alternative.schemes.join('+');
}
