/**
 * Generated code, as `mcp --out`, `mock --out` and `verify` run it: an output folder on disk, or
 * the files of a run held in memory. Its packages (`zod`, the MCP SDK) come from the project the
 * folder is in, else from podcast-gen's own install (npx, a folder outside any project).
 */
import { PACKAGE_ROOT } from '../package-root.js';
import { importCode } from './import-code.js';

/** What to import of one output. */
export interface OutputImport {
  /** Absolute paths inside `root`, or with `files` paths among them (`index.ts`). */
  entries: readonly string[];
  /** The output folder (or, for files in memory, the folder of the project the run is for). */
  root: string;
  /** Files generated in memory, instead of a folder on disk. */
  files?: readonly { path: string; content: string }[];
  /** Where the command runs: messages name files relative to it. */
  cwd: string;
}

/** The entries' modules, in order, sharing one copy of every module they import (see importCode). */
export function importOutput(request: OutputImport): Promise<Record<string, unknown>[]> {
  return importCode({
    entries: request.entries,
    ...(request.files ? { files: request.files } : {}),
    resolveFrom: [request.root, PACKAGE_ROOT],
    cwd: request.cwd,
    hint: 'regenerate it with `npx podcast-gen`; a generated file that does not compile is a bug of podcast-gen to report',
  });
}
