/**
 * The run's runtime: `runtime.ts` (the built-in one, or the user's of the same name in
 * `--templates`) and the rooms of `runtime/` it reaches through its imports, and the names it
 * exports, read from their text. The model keeps generated names away from those names (index.ts
 * re-exports both), so it is given them as data rather than knowing the built-in files' contents.
 */
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import type { ExportedName } from '../model/naming.js';
import { copiedFilePath, RUNTIME_ROOMS } from './templates.js';

/** The copied file the generated code imports the runtime from (`./runtime.js`). */
export const RUNTIME_FILE = 'runtime.ts';

/** Reads a copied file by its path in the output (`runtime/errors.ts`): the user's where there is one. */
export type ReadCopied = (path: string) => string;

/** A declaration exported where it is declared: `export [declare] [abstract] [async] <kind> <name>`. */
const EXPORTED = /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(interface|type|class|enum|function\s*\*?|const|let|var)\s*([A-Za-z_$][\w$]*)/gm;

/** A list of names exported: `export [type] { a, type b, c as d } [from './x.js']`. */
const EXPORT_LIST = /^export\s+(type\s+)?\{([^}]*)\}\s*(?:from\s*['"]([^'"]+)['"])?/gm;

/** Every name of another module: `export * from './x.js'`, or as one namespace, `export * as x from './x.js'`. */
const EXPORT_ALL = /^export\s+\*\s*(?:as\s+([A-Za-z_$][\w$]*)\s+)?from\s*['"]([^'"]+)['"]/gm;

/** A module a file imports or re-exports from, by a relative specifier. */
const RELATIVE_IMPORT = /\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The room a relative specifier of `from` names (`./runtime/errors.js` -> `runtime/errors.ts`), or undefined where it names none. */
function roomOf(from: string, specifier: string): string | undefined {
  const path = posix.normalize(posix.join(posix.dirname(from), specifier)).replace(/\.js$/, '.ts');
  return RUNTIME_ROOMS.includes(path) ? path : undefined;
}

/** `runtime.ts` and the rooms it reaches through its imports and re-exports, `runtime.ts` first, then in the order found. */
export function runtimeFiles(read: ReadCopied): string[] {
  const found = [RUNTIME_FILE];
  for (let i = 0; i < found.length; i++) {
    const from = found[i] as string;
    for (const match of read(from).matchAll(RELATIVE_IMPORT)) {
      const room = roomOf(from, match[1] as string);
      if (room !== undefined && !found.includes(room)) found.push(room);
    }
  }
  return found;
}

/**
 * Every name `runtime.ts` exports, each with whether it is a type only, in order: those it declares
 * (`export class ...`), those it lists (`export { a, type B } from './runtime/x.js'`: a name not
 * marked `type` is as the room declares it) and those of a room it re-exports whole (`export *`).
 */
export function runtimeExports(read: ReadCopied, file: string = RUNTIME_FILE): ExportedName[] {
  const text = read(file);
  const names: ExportedName[] = [...text.matchAll(EXPORTED)].map((match) => ({
    name: match[2] as string,
    typeOnly: match[1] === 'interface' || match[1] === 'type',
  }));
  for (const match of text.matchAll(EXPORT_LIST)) {
    const room = match[3] === undefined ? undefined : roomOf(file, match[3]);
    let declared: ExportedName[] | undefined;
    const declaredIn = () => (declared ??= room === undefined ? [] : runtimeExports(read, room));
    for (const entry of (match[2] as string).split(',')) {
      const parts = entry.trim().split(/\s+/);
      if (parts[0] === '') continue;
      const typed = match[1] !== undefined || parts[0] === 'type';
      const [original, , alias] = typed && parts[0] === 'type' ? parts.slice(1) : parts;
      const typeOnly = typed || (declaredIn().find((d) => d.name === original)?.typeOnly ?? localTypeOnly(text, original as string));
      names.push({ name: alias ?? (original as string), typeOnly });
    }
  }
  for (const match of text.matchAll(EXPORT_ALL)) {
    const room = roomOf(file, match[2] as string);
    if (match[1] !== undefined) names.push({ name: match[1], typeOnly: false });
    else if (room !== undefined) names.push(...runtimeExports(read, room));
  }
  return names;
}

/** Whether `name`, declared in `text` without `export`, is a type (an interface or a type alias). */
function localTypeOnly(text: string, name: string): boolean {
  return new RegExp(`^(?:declare\\s+)?(?:interface|type)\\s+${name.replace(/\$/g, '\\$')}\\b`, 'm').test(text);
}

/** Reads the copied files of a run: the user's in `templatesDir` where there is one, else the built-in. */
function copiedFilesIn(templatesDir: string | undefined): ReadCopied {
  return (path) => readFileSync(copiedFilePath(templatesDir, path), 'utf8');
}

/** The exports of the runtime a run copies: the user's `runtime.ts` (and rooms) in `templatesDir` where there are, else the built-in. */
export function runtimeExportsIn(templatesDir: string | undefined): ExportedName[] {
  return runtimeExports(copiedFilesIn(templatesDir));
}
