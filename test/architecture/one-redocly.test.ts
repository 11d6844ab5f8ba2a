import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

const GENERATOR = join(ROOT, 'generator');
/** The modules bin/build.js bundles in place, redocly inside: what they import is not read again from its own files. */
const BUNDLES = ['pipeline.ts', 'cli/lint-only.ts', 'cli/args.ts', 'concurrency/side-worker.ts'];
const REDOCLY = '@redocly/openapi-core';

/** A module's imports that load code when it runs (type-only ones do not): relative ones resolved, packages as named. */
function valueImports(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const add = (specifier: string) =>
    found.push(specifier.startsWith('.') ? posix.normalize(posix.join(posix.dirname(path), specifier)).replace(/\.js$/, '.ts') : specifier);
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly || (!clause.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly)));
      if (!onlyTypes) add(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      add(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) add(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function generatorModules(): Map<string, string[]> {
  const modules = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        const name = relative(GENERATOR, path).split(sep).join('/');
        modules.set(name, valueImports(name, readFileSync(path, 'utf8')));
      }
    }
  };
  walk(GENERATOR);
  return modules;
}

/**
 * The built command must hold one copy of redocly: a lint config made by one copy and linted by
 * another fails every document with struct errors. So what the command and the library load outside
 * the bundles reaches redocly only through a bundle.
 */
describe('one copy of redocly in the built command', () => {
  it('no module outside the bundles imports redocly, or a module that does, except through a bundle', () => {
    const modules = generatorModules();
    const reached = new Map<string, string>();
    const queue: [string, string][] = [
      ['cli.ts', 'cli.ts'],
      ['index.ts', 'index.ts'],
    ];
    const found: string[] = [];
    while (queue.length > 0) {
      const [path, via] = queue.shift() as [string, string];
      if (reached.has(path) || BUNDLES.includes(path)) continue;
      reached.set(path, via);
      for (const target of modules.get(path) ?? []) {
        if (target === REDOCLY) found.push(`${via} imports ${REDOCLY}`);
        else if (modules.has(target)) queue.push([target, `${via} -> ${target}`]);
      }
    }
    expect(reached.size).toBeGreaterThan(50);
    expect(found).toStrictEqual([]);
  });
});
