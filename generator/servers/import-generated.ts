/**
 * Imports a module of a generated output folder (`<out>/mock/index.js` or `.ts`) from outside the
 * test runner: compiled JavaScript as it is; TypeScript through the project's own tsx when it has
 * one; else the whole folder is transpiled with the `typescript` package (a dependency of
 * podcast-gen) into a temporary folder beside it, imported from there, and removed. The whole
 * folder, because the generated files import each other (`./server.js` is `server.ts` on disk).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { findTsx, importModule } from '../cli/import-module.js';
import { listFiles } from '../write/list-files.js';

/** Imports `entry`, a file inside the generated folder `root`. */
export async function importGenerated(entry: string, root: string, cwd: string): Promise<Record<string, unknown>> {
  if (!entry.endsWith('.ts') || findTsx(dirname(entry))) return importModule(entry, cwd);
  // Through require: an ESM import of TypeScript first scans its whole, large file for exports.
  const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');
  // Beside the folder, so its imports (`zod`) resolve from the same node_modules.
  const temp = mkdtempSync(join(dirname(root), `.${basename(root)}.podcast-gen-`));
  try {
    // The project's package.json may make .js CommonJS; the generated code is ESM.
    writeFileSync(join(temp, 'package.json'), '{ "type": "module" }\n');
    for (const file of filesBelow(root)) {
      const target = join(temp, file);
      mkdirSync(dirname(target), { recursive: true });
      // JSON files and JavaScript data modules (`fixtures/fixtures-data.js`) are imported as they are.
      if (file.endsWith('.json') || file.endsWith('.js')) cpSync(join(root, file), target);
      else {
        const { outputText } = ts.transpileModule(readFileSync(join(root, file), 'utf8'), {
          fileName: file,
          compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
        });
        writeFileSync(target.replace(/\.ts$/, '.js'), outputText);
      }
    }
    // Once imported, the modules live in memory: the generated code imports nothing later.
    return (await import(pathToFileURL(join(temp, relative(root, entry)).replace(/\.ts$/, '.js')).href)) as Record<string, unknown>;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** The .ts (not .d.ts), .js and .json files below `root`, relative to it; hidden folders and node_modules skipped. */
function filesBelow(root: string): string[] {
  const skipped = (path: string) =>
    path
      .split('/')
      .slice(0, -1)
      .some((folder) => folder.startsWith('.') || folder === 'node_modules');
  return listFiles(root).filter(
    (path) => !skipped(path) && ((path.endsWith('.ts') && !path.endsWith('.d.ts')) || path.endsWith('.js') || path.endsWith('.json')),
  );
}
