import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generatedExports } from '../../generator/model/naming.js';
import * as runtime from '../../templates/runtime.js';
import { ROOT } from '../helpers/paths.js';

const RUNTIME_FILE = join(ROOT, 'templates', 'runtime.ts');

/** The names a module's text exports, each with whether it is a type only. */
function exportsOf(file: string): Map<string, boolean> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const names = new Map<string, boolean>();
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) || ts.isExportAssignment(statement)) throw new Error(`${file}: export lists are not read here; export at the declaration`);
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) names.set(statement.name.text, true);
    else if ((ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) names.set(statement.name.text, false);
    else if (ts.isVariableStatement(statement)) for (const declaration of statement.declarationList.declarations) names.set(declaration.name.getText(source), false);
    else throw new Error(`${file}: an export this test does not know: ${statement.getText(source).slice(0, 60)}`);
  }
  return names;
}

describe('the names the runtime exports', () => {
  it('are the runtime names model/naming.ts keeps generated type names away from', () => {
    const listed = new Map([...generatedExports('Api')].filter(([, e]) => e.owner === 'runtime').map(([name, e]) => [name, e.typeOnly]));
    expect(Object.fromEntries([...listed].sort())).toStrictEqual(Object.fromEntries([...exportsOf(RUNTIME_FILE)].sort()));
  });

  it('as values are what the module gives when imported', () => {
    const values = [...exportsOf(RUNTIME_FILE)].filter(([, typeOnly]) => !typeOnly).map(([name]) => name);
    expect(Object.keys(runtime).sort()).toStrictEqual(values.sort());
  });
});
