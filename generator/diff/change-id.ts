/**
 * A change's stable id: from its rule, what it belongs to (a component, else an operation, else the
 * document) and its place there, never from lines, list positions or the operations that happen to
 * reach it, so it is the same on every run and after edits elsewhere in either document. The ignore
 * file names changes by it, and the SARIF output gives it as the result's fingerprint.
 */
import { createHash } from 'node:crypto';
import type { ChangeOperation } from './change.js';
import type { ChangeRecord } from './compare/record.js';

/** `3f9a2c1b7e4d`: twelve hexadecimal digits of a SHA-256 of the parts. */
export function changeId(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 12);
}

/** `GET /repos/{owner}/{repo}`: an operation as an id names it (its method and path, which its place in the document is). */
export function routeOf(op: ChangeOperation): string {
  return `${op.method.toUpperCase()} ${op.path}`;
}

/** `#/components/schemas/Thing`: the component a pointer lies in, or undefined. */
function componentOf(pointer: string): string | undefined {
  const steps = pointer.split('/');
  return steps[1] === 'components' && steps.length >= 4 ? steps.slice(0, 4).join('/') : undefined;
}

/**
 * What a record belongs to: the component its places lie in (one change however many operations
 * reach it), else the operation it is met in, else the document.
 */
export function recordAnchor(record: ChangeRecord): string {
  const pointers = [record.newPointer, record.oldPointer].filter((p): p is string => p !== undefined);
  const components = pointers.map(componentOf);
  if (components.length > 0 && components.every((c) => c !== undefined)) return components[0] as string;
  const [op] = record.operations;
  return op ? routeOf(op) : 'document';
}

/**
 * What tells a record apart from others of its rule at the same place: the value added or removed
 * there (an enum value, a tag, a scope, a variant, a discriminator value, a credential), and for a
 * value that changed (a bound, a type, a name) the value it now has: an ignore entry that accepts
 * `maxLength` 100 -> 50 does not accept a later 50 -> 1 at the same place.
 */
export function recordSubject(record: ChangeRecord): string {
  if (record.keyword === 'presence') return '';
  // One rule covers every keyword without a rule of its own: the keyword tells them apart.
  if (record.keyword === 'schema-keyword') return record.facts?.keyword ?? '';
  if (record.old !== undefined && record.new !== undefined) {
    const named = typeof record.old === 'object' ? keyOf(record.old) : '';
    return `${named}\u0000${JSON.stringify(record.new)}`;
  }
  return keyOf(record.old ?? record.new);
}

function keyOf(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? '';
  if (Array.isArray(value)) return JSON.stringify(value);
  const named = value as { value?: unknown; scope?: unknown; schemes?: unknown };
  if (named.value !== undefined) return JSON.stringify(named.value);
  if (named.scope !== undefined) return JSON.stringify(named.scope);
  if (named.schemes !== undefined) return JSON.stringify(named.schemes);
  return '';
}

/** A record's id under `rule`; `perOperation` (a report not grouped) names the operation too. */
export function recordId(rule: string, record: ChangeRecord, perOperation = false): string {
  const op = record.operations[0];
  return changeId([rule, recordAnchor(record), record.where, recordSubject(record), ...(perOperation && op ? [routeOf(op)] : [])]);
}
