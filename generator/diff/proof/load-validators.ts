/**
 * A side's validators, run in memory: the text of a `schemas.ts` (validators-module.ts) imported
 * through the one loader of generated code (code-import/), with the `zod` podcast-gen depends on
 * (the change report judges with its own validators, whatever the project has installed).
 */
import { importCode } from '../../code-import/import-code.js';
import { PACKAGE_ROOT } from '../../package-root.js';

/** What the proof asks of a generated validator (the shape zod's schemas have). */
export interface Validator {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
}

/** The exports of a `schemas.ts` text, by name. */
export async function loadValidators(text: string): Promise<Record<string, unknown>> {
  const [exports = {}] = await importCode({
    entries: ['schemas.ts'],
    files: [{ path: 'schemas.ts', content: text }],
    resolveFrom: [PACKAGE_ROOT],
    hint: 'the validators podcast-gen made do not compile: a bug of podcast-gen to report',
  });
  return exports;
}

/** The validator at `path` (`Pet`, or `getPetSchemas.data`), if it is one. */
export function validatorAt(exports: Record<string, unknown>, path: string): Validator | undefined {
  let node: unknown = exports;
  for (const step of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = Object.hasOwn(node, step) ? (node as Record<string, unknown>)[step] : undefined;
  }
  return node !== null && typeof node === 'object' && typeof (node as Partial<Validator>).safeParse === 'function' ? (node as Validator) : undefined;
}

/** A failed validation's first issue, as zod words it, with where it is. */
export function firstIssue(validator: Validator, value: unknown): string | undefined {
  const result = validator.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  if (!issue) return 'rejected';
  return issue.path.length > 0 ? `${issue.message} (at ${issue.path.map(String).join('.')})` : issue.message;
}
