/**
 * The names the run's `runtime.ts` exports, read from its text: the built-in one, or the user's of
 * the same name in `--templates`, which may export other names. The model keeps generated names
 * away from them (index.ts re-exports both), so it is given them as data rather than knowing the
 * built-in file's contents.
 */
import { readFileSync } from 'node:fs';
import type { ExportedName } from '../model/naming.js';
import { copiedFilePath } from './templates.js';

/** The copied file whose exports these are. */
export const RUNTIME_FILE = 'runtime.ts';

/** A declaration exported where it is declared: `export [declare] [abstract] [async] <kind> <name>`. */
const EXPORTED = /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(interface|type|class|enum|function\s*\*?|const|let|var)\s*([A-Za-z_$][\w$]*)/gm;

/** Every name `text` exports at its declaration, each with whether it is a type only, in order. */
export function runtimeExports(text: string): ExportedName[] {
  return [...text.matchAll(EXPORTED)].map((match) => ({ name: match[2] as string, typeOnly: match[1] === 'interface' || match[1] === 'type' }));
}

/** The exports of the runtime a run copies: the user's `runtime.ts` in `templatesDir` if there is one, else the built-in. */
export function runtimeExportsIn(templatesDir: string | undefined): ExportedName[] {
  return runtimeExports(readFileSync(copiedFilePath(templatesDir, RUNTIME_FILE), 'utf8'));
}
