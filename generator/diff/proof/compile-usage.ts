/**
 * The compiler, in memory: generated outputs and usage files live in a virtual folder under the
 * package's root (so `zod` resolves from podcast-gen's own dependencies, as the user's does from
 * theirs); library declarations are read from disk once a process. Only the usage files are
 * checked: the checker then reads of the outputs only what the usage touches, which keeps a large
 * document's compile short.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../package-root.js';

type Ts = typeof import('typescript');
type SourceFile = import('typescript').SourceFile;

let loaded: Ts | undefined;
/** The `typescript` package, loaded on first use (through require: an ESM import scans its large file for exports first). */
export function typescript(): Ts {
  loaded ??= createRequire(import.meta.url)('typescript') as Ts;
  return loaded;
}

/** The virtual folder the outputs and usage files are placed in. */
export const VIRTUAL_ROOT = join(PACKAGE_ROOT, '.podcast-gen-proof');

/** One error of a usage file. */
export interface UsageDiagnostic {
  /** The usage file's path, relative to the virtual folder. */
  file: string;
  /** `TS2339`. */
  code: string;
  /** 1-based. */
  line: number;
  /** The line as written. */
  text: string;
  message: string;
  /** The property key the error starts at (`selected_ids` of `{ selected_ids: $in.selected_ids }`), where it starts at one. */
  key?: string;
}

/** Library files (lib.*.d.ts, zod's declarations) parsed once a process: they do not change. */
const diskFiles = new Map<string, SourceFile | undefined>();

function compilerOptions(ts: Ts): import('typescript').CompilerOptions {
  return {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts'],
    types: [],
  };
}

/** A set of virtual files (path relative to the virtual folder -> text) and the parsed ones, shared by the programs of one proof. */
export class VirtualProject {
  private readonly texts = new Map<string, string>();
  private readonly parsed = new Map<string, SourceFile>();

  add(path: string, text: string): void {
    const full = join(VIRTUAL_ROOT, path);
    if (this.texts.get(full) === text) return;
    this.texts.set(full, text);
    this.parsed.delete(full);
  }

  /**
   * The names the module at `path` exports, its `export *`s followed, read from the syntax alone
   * (no checker: on a large output, binding every file only to list names costs seconds).
   */
  exportsOf(path: string, seen = new Set<string>()): string[] {
    const ts = typescript();
    const full = join(VIRTUAL_ROOT, path);
    if (seen.has(full)) return [];
    seen.add(full);
    const file = this.sourceFile(full);
    if (!file) return [];
    const names = new Set<string>();
    const exported = (node: import('typescript').Node) =>
      ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    for (const statement of file.statements) {
      if (ts.isExportDeclaration(statement)) {
        const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
        if (!statement.exportClause && from !== undefined) for (const name of this.exportsOf(relativeModule(path, from), seen)) names.add(name);
        else if (statement.exportClause && ts.isNamedExports(statement.exportClause))
          for (const element of statement.exportClause.elements) names.add(element.name.text);
      } else if (ts.isVariableStatement(statement) && exported(statement)) {
        for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
      } else if (
        (ts.isFunctionDeclaration(statement) ||
          ts.isClassDeclaration(statement) ||
          ts.isInterfaceDeclaration(statement) ||
          ts.isTypeAliasDeclaration(statement) ||
          ts.isEnumDeclaration(statement)) &&
        exported(statement) &&
        statement.name
      ) {
        names.add(statement.name.text);
      }
    }
    return [...names].sort();
  }

  /** Drops the files under `folder` (parsed and bound, a large output's hold much memory) once no program needs them. */
  forget(folder: string): void {
    const prefix = join(VIRTUAL_ROOT, folder);
    for (const path of [...this.texts.keys()]) if (path.startsWith(`${prefix}/`)) this.texts.delete(path);
    for (const path of [...this.parsed.keys()]) if (path.startsWith(`${prefix}/`)) this.parsed.delete(path);
  }

  private sourceFile(full: string): SourceFile | undefined {
    const text = this.texts.get(full);
    if (text === undefined) return undefined;
    let file = this.parsed.get(full);
    if (!file) {
      const ts = typescript();
      file = ts.createSourceFile(full, text, ts.ScriptTarget.ES2022, false);
      this.parsed.set(full, file);
    }
    return file;
  }

  /** The errors of the files at `paths`, checked together with everything they import. */
  diagnostics(paths: readonly string[]): UsageDiagnostic[] {
    const ts = typescript();
    const program = this.program(paths);
    const found: UsageDiagnostic[] = [];
    for (const path of paths) {
      const file = program.getSourceFile(join(VIRTUAL_ROOT, path));
      if (!file) continue;
      const lines = file.text.split('\n');
      for (const diagnostic of [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]) {
        const at = diagnostic.start === undefined ? undefined : file.getLineAndCharacterOfPosition(diagnostic.start);
        const line = at === undefined ? 0 : at.line + 1;
        const key = at === undefined ? undefined : keyAt((lines[line - 1] ?? '').slice(at.character));
        found.push({
          file: path,
          code: `TS${diagnostic.code}`,
          line,
          text: (lines[line - 1] ?? '').trim(),
          message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
          ...(key !== undefined ? { key } : {}),
        });
      }
    }
    return found;
  }

  private program(paths: readonly string[]): import('typescript').Program {
    const ts = typescript();
    const options = compilerOptions(ts);
    const host = ts.createCompilerHost(options, true);
    const { texts } = this;
    host.fileExists = (name) => texts.has(name) || ts.sys.fileExists(name);
    host.readFile = (name) => texts.get(name) ?? ts.sys.readFile(name);
    host.directoryExists = (name) => name === VIRTUAL_ROOT || name.startsWith(`${VIRTUAL_ROOT}/`) || ts.sys.directoryExists(name);
    host.writeFile = () => {};
    host.getSourceFile = (name, version) => {
      if (texts.has(name)) return this.sourceFile(name);
      if (!diskFiles.has(name)) {
        const disk = ts.sys.readFile(name);
        diskFiles.set(name, disk === undefined ? undefined : ts.createSourceFile(name, disk, version, false));
      }
      return diskFiles.get(name);
    };
    return ts.createProgram(
      paths.map((path) => join(VIRTUAL_ROOT, path)),
      options,
      host,
    );
  }
}

/** The property key a text starts with (`name: ...` or `"a-b": ...`), if it starts with one. */
function keyAt(rest: string): string | undefined {
  const match = /^(?:([A-Za-z_$][\w$]*)|"((?:[^"\\]|\\.)*)")\s*:/.exec(rest);
  if (!match) return undefined;
  return match[1] ?? JSON.parse(`"${match[2]}"`);
}

/** `./client.js` from `old/index.ts` -> `old/client.ts`. */
function relativeModule(from: string, specifier: string): string {
  const folder = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
  const joined = join(folder, specifier).replace(/\.js$/, '.ts');
  return joined;
}
