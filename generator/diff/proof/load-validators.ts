/**
 * A side's generated validators, run in memory: `schemas.ts` transpiled to CommonJS (types erased)
 * and evaluated with podcast-gen's own `require`, so `zod` is the one podcast-gen depends on. No file
 * is written: the module's only imports are zod's (its other imports are of types).
 */
import { createRequire } from 'node:module';
import type { GeneratedFile } from '../../emit/plugin.js';
import { typescript } from './compile-usage.js';

/** What the proof asks of a generated validator (the shape zod's schemas have). */
export interface Validator {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
}

/** The exports of a side's `schemas.ts`, by name; undefined when the side has none. */
export function loadValidators(files: readonly GeneratedFile[]): Record<string, unknown> | undefined {
  const source = files.find((file) => file.path === 'schemas.ts');
  if (!source) return undefined;
  const ts = typescript();
  const { outputText } = ts.transpileModule(source.content, {
    fileName: 'schemas.ts',
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, sourceMap: false },
  });
  const module = { exports: {} as Record<string, unknown> };
  // The generated module's text, evaluated as the CommonJS module it was transpiled to.
  const evaluate = new Function('require', 'module', 'exports', outputText) as (r: NodeRequire, m: typeof module, e: Record<string, unknown>) => void;
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
