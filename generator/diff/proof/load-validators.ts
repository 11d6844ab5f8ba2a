/**
 * A side's generated validators, run in memory: `schemas.ts` transpiled to CommonJS (types erased)
 * and evaluated with podcast-gen's own `require`, so `zod` is the one podcast-gen depends on. No file
 * is written: the module's only imports are zod's (its other imports are of types). Only the
 * validators asked for are kept, with those they refer to: a large document's whole module takes
 * long to transpile and to build.
 */
import { createRequire } from 'node:module';
import type { GeneratedFile } from '../../emit/plugin.js';
import { typescript } from './compile-usage.js';

/** What the proof asks of a generated validator (the shape zod's schemas have). */
export interface Validator {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
}

/** The exports of a side's `schemas.ts` named in `wanted` (and what they need), by name; undefined when the side has none. */
export function loadValidators(files: readonly GeneratedFile[], wanted: ReadonlySet<string>): Record<string, unknown> | undefined {
  const source = files.find((file) => file.path === 'schemas.ts');
  if (!source) return undefined;
  const ts = typescript();
  const { outputText } = ts.transpileModule(neededPart(source.content, wanted), {
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

/**
 * The module's text cut to the variable statements that declare a wanted name, those their text
 * names (followed to the end), and every other statement (imports, helper functions, types).
 */
function neededPart(text: string, wanted: ReadonlySet<string>): string {
  const ts = typescript();
  const file = ts.createSourceFile('schemas.ts', text, ts.ScriptTarget.ES2022, false);
  const declaring = new Map<string, import('typescript').Statement>();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) declaring.set(declaration.name.text, statement);
  }
  const kept = new Set<import('typescript').Statement>();
  const queue = [...wanted];
  // What the helper functions use (a table of formats, say) is needed whatever is wanted.
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement) || ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isImportDeclaration(statement))
      continue;
    for (const word of statement.getText(file).match(/[A-Za-z_$][\w$]*/g) ?? []) if (declaring.has(word)) queue.push(word);
  }
  while (queue.length > 0) {
    const statement = declaring.get(queue.pop() as string);
    if (!statement || kept.has(statement)) continue;
    kept.add(statement);
    for (const word of statement.getText(file).match(/[A-Za-z_$][\w$]*/g) ?? []) if (declaring.has(word)) queue.push(word);
  }
  return file.statements
    .filter((statement) => !ts.isVariableStatement(statement) || kept.has(statement))
    .map((statement) => statement.getFullText(file))
    .join('');
}
