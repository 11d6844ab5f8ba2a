import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { EXIT_USAGE, fail } from '../problems.js';

/**
 * Imports a TypeScript module without a TypeScript runtime in the user's project: the `typescript`
 * package (a dependency of podcast-gen, loaded only here because it is large) transpiles it, one
 * file, types erased, and the JavaScript is imported from a temporary file beside the original, so
 * that its imports (`podcast-gen`, relative files) resolve exactly as they would from it. A data:
 * URL would not do: bare specifiers cannot be resolved from one. The temporary file is removed
 * right after the import.
 */
export async function importTranspiled(file: string, cwd: string): Promise<Record<string, unknown>> {
  // Through require: an ESM import of TypeScript first scans its whole, large file for exports.
  const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');
  // `.cts` is CommonJS by its extension; everything else is loaded as ESM, as Node would.
  const commonJs = file.endsWith('.cts');
  const output = ts.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: { module: commonJs ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false },
  });
  const [first] = output.diagnostics ?? [];
  if (first) {
    const place = first.file && first.start !== undefined ? first.file.getLineAndCharacterOfPosition(first.start) : undefined;
    fail(
      {
        code: 'config/typescript',
        file: relative(cwd, file),
        ...(place ? { line: place.line + 1, col: place.character + 1 } : {}),
        message: `cannot transpile the config: ${ts.flattenDiagnosticMessageText(first.messageText, ' ')}`,
        hint: 'fix the file',
      },
      EXIT_USAGE,
    );
  }
  // A dot file with a random part: hidden from most listings, and two runs never share one.
  const stem = basename(file).replace(/\.[mc]?ts$/, '');
  const temp = join(dirname(file), `.${stem}.${process.pid}-${randomBytes(4).toString('hex')}.${commonJs ? 'cjs' : 'mjs'}`);
  try {
    writeFileSync(temp, output.outputText, { flag: 'wx' });
  } catch (error) {
    fail(
      {
        code: 'config/typescript',
        file: relative(cwd, file),
        message: `cannot write the transpiled config beside it: ${(error as Error).message}`,
        hint: 'run `npm install -D tsx`, or rename it podcast-gen.config.mjs',
      },
      EXIT_USAGE,
    );
  }
  try {
    return (await import(pathToFileURL(temp).href)) as Record<string, unknown>;
  } finally {
    rmSync(temp, { force: true });
  }
}
