import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { runtimeExports, runtimeFiles, type ReadCopied } from '../../generator/emit/runtime-exports.js';
import { RUNTIME_ROOMS } from '../../generator/emit/templates.js';
import * as runtime from '../../templates/runtime.js';
import { ROOT } from '../helpers/paths.js';

const TEMPLATES = join(ROOT, 'templates');
const builtin: ReadCopied = (path) => readFileSync(join(TEMPLATES, path), 'utf8');

/** The names a module exports as the compiler reads them (through its re-exports), each with whether it is a type only. */
function compilerExports(file: string): Record<string, boolean> {
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file) as ts.SourceFile) as ts.Symbol;
  const names: [string, boolean][] = checker.getExportsOfModule(module).map((symbol) => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    return [symbol.name, (target.flags & ts.SymbolFlags.Value) === 0];
  });
  return Object.fromEntries(names.sort());
}

/** A reader of copied files held in memory. */
function files(texts: Record<string, string>): ReadCopied {
  return (path) => {
    const text = texts[path];
    if (text === undefined) throw new Error(`no file ${path}`);
    return text;
  };
}

describe('the names the runtime exports', () => {
  it('are read from its text (through the rooms it re-exports) as the compiler reads them, for the model to keep generated names away from', () => {
    const read = runtimeExports(builtin);
    expect(read.length).toBe(new Set(read.map((e) => e.name)).size);
    expect(Object.fromEntries(read.map((e) => [e.name, e.typeOnly]).sort())).toStrictEqual(compilerExports(join(TEMPLATES, 'runtime.ts')));
  });

  it('are read from a runtime of the user, whatever it exports and however', () => {
    const own = files({
      'runtime.ts': [
        'export declare abstract class Base {}',
        'export async function* items() {}',
        'export const a = 1;',
        'export type T = string;',
        'export interface I {}',
        '  export const nested = 1;',
        'const hidden = 2;',
        'interface Local {}',
        'export { hidden as shown, type Local };',
        "export { Core, type CoreOptions as Options, RequestOptions } from './runtime/core/core.js';",
        "export type { ValidateMode } from './runtime/spec.js';",
        "export * from './runtime/errors.js';",
        "export * as wire from './runtime/wire/params.js';",
      ].join('\n'),
      'runtime/core/core.ts': 'export class Core {}\nexport interface CoreOptions {}\nexport type RequestOptions = {};\n',
      'runtime/errors.ts': 'export class ClientError extends Error {}\nexport interface ValidationIssue {}\n',
    });
    expect(runtimeExports(own)).toStrictEqual([
      { name: 'Base', typeOnly: false },
      { name: 'items', typeOnly: false },
      { name: 'a', typeOnly: false },
      { name: 'T', typeOnly: true },
      { name: 'I', typeOnly: true },
      { name: 'shown', typeOnly: false },
      { name: 'Local', typeOnly: true },
      { name: 'Core', typeOnly: false },
      { name: 'Options', typeOnly: true },
      { name: 'RequestOptions', typeOnly: true },
      { name: 'ValidateMode', typeOnly: true },
      { name: 'ClientError', typeOnly: false },
      { name: 'ValidationIssue', typeOnly: true },
      { name: 'wire', typeOnly: false },
    ]);
  });

  it('as values are what the module gives when imported', () => {
    const values = Object.entries(compilerExports(join(TEMPLATES, 'runtime.ts')))
      .filter(([, typeOnly]) => !typeOnly)
      .map(([name]) => name);
    expect(Object.keys(runtime).sort()).toStrictEqual(values.sort());
  });
});

describe('the files of the runtime', () => {
  it('are runtime.ts and every room of runtime/: the built-in one reaches them all', () => {
    const reached = runtimeFiles(builtin);
    expect(reached[0]).toBe('runtime.ts');
    expect(reached.slice(1).sort()).toStrictEqual([...RUNTIME_ROOMS].sort());
  });

  it('are runtime.ts alone where a runtime of the user imports no room, and the rooms it reaches where it imports some', () => {
    expect(runtimeFiles(files({ 'runtime.ts': "import { x } from './mine.js';\nexport class Core {}\n" }))).toStrictEqual(['runtime.ts']);
    const some = files({
      'runtime.ts': "export * from './runtime/errors.js';\nimport type { OperationSpec } from './runtime/spec.js';\n",
      'runtime/errors.ts': "import { isRecord } from './values.js';\n",
      'runtime/spec.ts': '',
      'runtime/values.ts': "import './errors.js';\n",
    });
    expect(runtimeFiles(some)).toStrictEqual(['runtime.ts', 'runtime/errors.ts', 'runtime/spec.ts', 'runtime/values.ts']);
  });

  it('are the rooms listed: a file of templates/runtime/ missing from the list would not be copied', () => {
    const onDisk = readdirSync(join(TEMPLATES, 'runtime'), { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.ts'))
      .map((path) => `runtime/${path.split(sep).join('/')}`);
    expect(onDisk.sort()).toStrictEqual([...RUNTIME_ROOMS].sort());
  });
});
