/**
 * A side's validators, run in memory: the text of a `schemas.ts` (validators-module.ts) transformed
 * to CommonJS by esbuild (types erased) and evaluated with podcast-gen's own `require`, so `zod` is the one
 * podcast-gen depends on. No file is written: the module's only imports are zod's (its other
 * imports are of types).
 */
import { createRequire } from 'node:module';
import { transformSync } from 'esbuild';

/** What the proof asks of a generated validator (the shape zod's schemas have). */
export interface Validator {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
}

/** The exports of a `schemas.ts` text, by name. */
export function loadValidators(text: string): Record<string, unknown> {
  // esbuild strips the types of a large module many times faster than TypeScript's transpiler (bench/RESULTS.md).
  const { code } = transformSync(text, { loader: 'ts', format: 'cjs', target: 'es2022', sourcefile: 'schemas.ts' });
  const module = { exports: {} as Record<string, unknown> };
  // The generated module's text, evaluated as the CommonJS module it was transpiled to.
  const evaluate = new Function('require', 'module', 'exports', code) as (r: NodeRequire, m: typeof module, e: Record<string, unknown>) => void;
  evaluate(createRequire(import.meta.url), module, module.exports);
  return module.exports;
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
