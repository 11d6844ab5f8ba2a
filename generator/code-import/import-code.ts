/**
 * The one way podcast-gen loads TypeScript (or JavaScript) it did not compile itself: a config
 * file, a generated output folder (`mcp --out`, `mock --out`, `verify`), generated files held in
 * memory (`verify`, the change report's validators). The entries are bundled by esbuild in memory
 * (bundle-code.ts) and the bundle is imported from a `data:` URL: nothing is written anywhere, and
 * the user's package type (ESM, CommonJS, none) and TypeScript runtime (tsx or none) play no part.
 */
import { bundleCode, entryExport } from './bundle-code.js';

/** What to import. */
export interface CodeImport {
  /** The modules to import: absolute paths, or with `files` paths among them (`index.ts`). */
  entries: readonly string[];
  /** Files held in memory, by path relative to their output folder (`/`-separated); the entries and what they import relatively are among them. */
  files?: readonly { path: string; content: string }[];
  /**
   * Folders packages (`zod`, `podcast-gen`) are resolved from, in order, after a file's own folder:
   * the user's project, then podcast-gen's own package, so that code runs outside any project too.
   */
  resolveFrom: readonly string[];
  /** Compile with the tsconfig.json that applies to the files (a config), instead of fixed settings (generated code). */
  projectTsconfig?: boolean;
  /** Messages name files on disk relative to this folder (absolute without it). */
  cwd?: string;
  /** What to do about a file esbuild cannot compile (`fix the config file`). */
  hint: string;
}

/**
 * The entries' modules, in order. Entries imported together share every module they import (one
 * `runtime.ts`). A CodeImportError names the file and line when one cannot be compiled, and the
 * package (with the command that installs it) when one cannot be found.
 */
export async function importCode(request: CodeImport): Promise<Record<string, unknown>[]> {
  const { files, ...rest } = request;
  const text = await bundleCode({ ...rest, ...(files ? { files: new Map(files.map((file) => [file.path, file.content])) } : {}) });
  // The stack traces of the bundle name it, not its data: URL (which holds all of its text).
  const named = `${text}\n//# sourceURL=${bundleName(request.entries)}\n`;
  const namespace = (await import(`data:text/javascript;base64,${Buffer.from(named).toString('base64')}`)) as Record<string, Record<string, unknown>>;
  return request.entries.map((_, i) => namespace[entryExport(i)] ?? {});
}

/** `podcast-gen-bundle:<entries>`: how stack traces name a bundle. */
function bundleName(entries: readonly string[]): string {
  return `podcast-gen-bundle:${entries.map((entry) => entry.replace(/\\/g, '/')).join(',')}`;
}
