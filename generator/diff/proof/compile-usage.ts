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

  /** The names the module at `path` exports (its `export *`s followed), sorted. */
  exportsOf(path: string): string[] {
    const ts = typescript();
    const program = this.program([path]);
    const file = program.getSourceFile(join(VIRTUAL_ROOT, path));
    const checker = program.getTypeChecker();
    const symbol = file && checker.getSymbolAtLocation(file);
    if (!symbol) return [];
    return checker
      .getExportsOfModule(symbol)
      .map((s) => ts.symbolName(s))
      .sort();
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
        const line = diagnostic.start === undefined ? 0 : file.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
        found.push({
          file: path,
          code: `TS${diagnostic.code}`,
          line,
          text: (lines[line - 1] ?? '').trim(),
          message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
        });
      }
    }
    return found;
  }

  private program(paths: readonly string[]): import('typescript').Program {
    const ts = typescript();
    const options = compilerOptions(ts);
    const host = ts.createCompilerHost(options, true);
    const { texts, parsed } = this;
    host.fileExists = (name) => texts.has(name) || ts.sys.fileExists(name);
    host.readFile = (name) => texts.get(name) ?? ts.sys.readFile(name);
    host.directoryExists = (name) => name === VIRTUAL_ROOT || name.startsWith(`${VIRTUAL_ROOT}/`) || ts.sys.directoryExists(name);
    host.writeFile = () => {};
    host.getSourceFile = (name, version) => {
      const text = texts.get(name);
      if (text !== undefined) {
        let file = parsed.get(name);
        if (!file) {
          file = ts.createSourceFile(name, text, version, false);
          parsed.set(name, file);
        }
        return file;
      }
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
