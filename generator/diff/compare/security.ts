/**
 * Credentials: how the client sends its key (the document's scheme), and which operations ask for
 * one at all (their own security, else the document's).
 */
import { getByPointer } from '../../json-pointer.js';
import type { AuthModel } from '../../model/types.js';
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
