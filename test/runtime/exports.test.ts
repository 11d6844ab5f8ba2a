import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { runtimeExports } from '../../generator/emit/runtime-exports.js';
import * as runtime from '../../templates/runtime.js';
import { ROOT } from '../helpers/paths.js';

const RUNTIME_FILE = join(ROOT, 'templates', 'runtime.ts');

/** The names a module's text exports, each with whether it is a type only. */
function exportsOf(file: string): Map<string, boolean> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const names = new Map<string, boolean>();
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) || ts.isExportAssignment(statement))
      throw new Error(`${file}: export lists are not read here; export at the declaration`);
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) names.set(statement.name.text, true);
    else if ((ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name)
      names.set(statement.name.text, false);
    else if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations) names.set(declaration.name.getText(source), false);
    else throw new Error(`${file}: an export this test does not know: ${statement.getText(source).slice(0, 60)}`);
  }
  return names;
}

describe('the names the runtime exports', () => {
  it('are read from its text as the compiler reads them, for the model to keep generated names away from', () => {
    const read = runtimeExports(readFileSync(RUNTIME_FILE, 'utf8'));
    expect(read.length).toBe(new Set(read.map((e) => e.name)).size);
    expect(Object.fromEntries(read.map((e) => [e.name, e.typeOnly]).sort())).toStrictEqual(Object.fromEntries([...exportsOf(RUNTIME_FILE)].sort()));
  });

  it('are read from a runtime of the user, whatever it exports', () => {
    const text =
      'export declare abstract class Base {}\nexport async function* items() {}\nexport const a = 1;\nexport type T = string;\nexport interface I {}\n  export const nested = 1;\nconst hidden = 2;\n';
    expect(runtimeExports(text)).toStrictEqual([
      { name: 'Base', typeOnly: false },
      { name: 'items', typeOnly: false },
      { name: 'a', typeOnly: false },
      { name: 'T', typeOnly: true },
      { name: 'I', typeOnly: true },
    ]);
  });

  it('as values are what the module gives when imported', () => {
    const values = [...exportsOf(RUNTIME_FILE)].filter(([, typeOnly]) => !typeOnly).map(([name]) => name);
    expect(Object.keys(runtime).sort()).toStrictEqual(values.sort());
  });
});
