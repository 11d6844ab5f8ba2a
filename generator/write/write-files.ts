import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { GeneratedFile } from '../emit/emitter.js';
import { MANIFEST } from '../emit/manifest.js';
import { fail } from '../problems.js';
import { HELPER_GONE, type HelperWriter } from './helper-writer.js';
import { listFiles } from './list-files.js';
import { writeUnder } from './write-under.js';

/**
 * From this many files on, the folder with the most files is written by the helper: on 5,000
 * operations both threads then write about as long (the fixture files, against the few large
 * ones). Fewer files take less time than the message that would hand them over.
 */
export const HELPER_FROM_FILES = 200;

/**
 * A staging folder opened before every file is made, for a new output folder: the files made so far
 * are written into it while the rest are made (by this thread and, for fixtures, by the side
 * thread), instead of all of them once everything is made, when only the writes are left to share
 * between the two threads. writeFiles() then writes what is left and swaps it in; until then the
 * output folder does not exist, and `remove()` leaves it so.
 */
export interface EarlyStaging {
  /** The staging folder's path. */
  path: string;
  /** Writes these files into it now (their folders are made as needed). */
  write(files: readonly GeneratedFile[]): void;
  /** Counts these files (relative to the output folder) as written: the side thread wrote them. */
  adopt(paths: Iterable<string>): void;
  /** True when `path` (relative to the output folder) was written by {@link write} or adopted. */
  has(path: string): boolean;
  /** Removes the folder and what is in it (a run that fails after it was opened). */
  remove(): void;
}

/**
 * Opens an early staging folder for `outDir`, or returns undefined where there should be none: the
 * folder exists already (its unchanged files are linked, not written, which needs every file made
 * first), or it cannot be made (writeFiles() reports why, as it would without this).
 */
export function openEarlyStaging(outDir: string): EarlyStaging | undefined {
  const out = resolve(outDir);
  try {
    if (existsSync(out)) return undefined;
    assertFolderPossible(out, outDir);
    const path = stagingPathFor(out);
    mkdirSync(path, { recursive: true });
    const written = new Set<string>();
    const folders = new Set<string>();
    return {
      path,
      write(files) {
        for (const file of files) assertInside(out, file.path);
        writeUnder(path, files, folders);
        for (const file of files) written.add(file.path);
      },
      adopt(paths) {
        for (const file of paths) written.add(file);
      },
      has: (file) => written.has(file),
      remove: () => rmSync(path, { recursive: true, force: true }),
    };
  } catch {
    return undefined;
  }
}

/** A new staging folder's path, beside the output folder (so that the swap is a rename on one file system). */
function stagingPathFor(out: string): string {
  return `${out}.tmp-${randomBytes(4).toString('hex')}`;
}

/** What a write (or a check) found. Paths are relative to the output folder, sorted. */
export interface WriteResult {
  written: string[];
  unchanged: string[];
  /** Files podcast-gen made before that this run no longer makes (removed, or stale in a check). */
  removed: string[];
}

/** Compares generated files (the manifest among them) with the output folder without writing: what differs and why. */
export function compareFiles(files: readonly GeneratedFile[], outDir: string): WriteResult & { changed: { path: string; before: string | undefined; after: string }[] } {
  const changed: { path: string; before: string | undefined; after: string }[] = [];
  const unchanged: string[] = [];
  for (const file of files) {
    const before = readIfFile(join(outDir, file.path));
    if (before === file.content) unchanged.push(file.path);
    else changed.push({ path: file.path, before, after: file.content });
  }
  return { written: changed.map((c) => c.path), unchanged, removed: obsoleteFiles(files, outDir), changed };
}

/**
 * Writes the generated files atomically: the new tree is built in a temporary sibling folder
 * (unchanged files hard-linked, so their bytes and times stay as they were; the user's own files
 * carried over), then swapped in with renames. A failure before the swap leaves the folder as it was.
 */
export async function writeFiles(files: readonly GeneratedFile[], outDir: string, shown: string = outDir, helper?: HelperWriter, early?: EarlyStaging): Promise<WriteResult> {
  const out = resolve(outDir);
  for (const file of files) assertInside(out, file.path);
  // An early staging folder holds some of the files already; should the output folder have been
  // made meanwhile, it is dropped, and this write is done as without it.
  if (early && existsSync(out)) {
    early.remove();
    early = undefined;
  }
  assertFolderPossible(out, shown);
  // A new folder has nothing to compare with: every file is written (5,000 failed reads cost 60 ms).
  const existed = existsSync(out);
  const comparison = existed ? compareFiles(files, out) : { written: files.map((f) => f.path), unchanged: [], removed: [] };
  if (comparison.written.length === 0 && comparison.removed.length === 0) {
    return { written: [], unchanged: comparison.unchanged, removed: [] };
  }
  const staging = early?.path ?? stagingPathFor(out);
  try {
    mkdirSync(staging, { recursive: true });
    const generated = new Set(files.map((f) => f.path));
    const obsolete = new Set(comparison.removed);
    if (existed) {
      for (const path of listFiles(out)) {
        if (!generated.has(path) && !obsolete.has(path)) carry(join(out, path), join(staging, path));
      }
    }
    const unchanged = new Set<string>(comparison.unchanged);
    const folders = new Set<string>();
    const toWrite: GeneratedFile[] = [];
    for (const file of files) {
      const target = join(staging, file.path);
      const folder = dirname(target);
      if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
      folders.add(folder);
      if (unchanged.has(file.path)) carry(join(out, file.path), target);
      else if (!early?.has(file.path)) toWrite.push(file);
    }
    const [theirs, mine] = helper ? splitForHelper(toWrite) : [[], toWrite];
    const helped = theirs.length > 0 ? (helper as HelperWriter).write(staging, theirs).then(() => undefined, (error: unknown) => error as Error) : undefined;
    // The helper's write is waited for even when this thread's fails: the staging folder is removed only once nobody writes into it.
    let failed: unknown;
    try {
      for (const file of mine) writeFileSync(join(staging, file.path), file.content);
    } catch (error) {
      failed = error;
    }
    const helperFailed = await helped;
    if (failed) throw failed;
    if (helperFailed && helperFailed.message !== HELPER_GONE) throw helperFailed;
    if (helperFailed) for (const file of theirs) writeFileSync(join(staging, file.path), file.content);
    swap(out, staging);
  } catch (error) {
    try {
      rmSync(staging, { recursive: true, force: true });
    } catch {
      // Nothing was made, or it cannot be removed either: the error below is the one to report.
    }
    if ((error as { problems?: unknown }).problems) throw error;
    const { code, syscall } = error as NodeJS.ErrnoException;
    fail({ code: 'write/failed', file: shown, message: `cannot write the output: ${code ?? (error as Error).message}${syscall ? ` (${syscall})` : ''}`, hint: 'check that the folder and its parent are writable' });
  }
  return { written: comparison.written, unchanged: comparison.unchanged, removed: comparison.removed };
}

/**
 * The files of the folder with the most files to write, for the helper, and the rest: creating a
 * file costs more than its bytes, and a folder's files are made one at a time by the file system
 * (it locks the folder), so each thread writes its own folders. Nothing for the helper below
 * {@link HELPER_FROM_FILES} files.
 */
export function splitForHelper(files: readonly GeneratedFile[]): [theirs: GeneratedFile[], mine: GeneratedFile[]] {
  if (files.length < HELPER_FROM_FILES) return [[], [...files]];
  const counts = new Map<string, number>();
  for (const file of files) counts.set(dirname(file.path), (counts.get(dirname(file.path)) ?? 0) + 1);
  const [busiest] = [...counts].reduce((most, entry) => (entry[1] > most[1] ? entry : most));
  const theirs: GeneratedFile[] = [];
  const mine: GeneratedFile[] = [];
  for (const file of files) (dirname(file.path) === busiest ? theirs : mine).push(file);
  return [theirs, mine];
}

/** The output path and each existing folder above it must be folders (checked before anything is made). */
function assertFolderPossible(out: string, shown: string): void {
  for (let path = out, depth = 0; ; path = dirname(path), depth++) {
    if (existsSync(path)) {
      if (statSync(path).isDirectory()) return;
      const what = depth === 0 ? 'the output path is a file, not a folder' : `${ancestorOf(shown, depth) ?? path} is a file, so the output folder cannot be made under it`;
      fail({ code: 'write/not-a-folder', file: shown, message: what, hint: 'pass another --out, or move the file away' });
    }
    if (dirname(path) === path) return;
  }
}

/** `a/b/c` up `1` -> `a/b`, as the user wrote it (undefined when the user's path is shorter). */
function ancestorOf(shown: string, depth: number): string | undefined {
  const parts = shown.replace(/\\/g, '/').replace(/\/+$/, '').split('/');
  return parts.length > depth ? parts.slice(0, parts.length - depth).join('/') : undefined;
}

function swap(out: string, staging: string): void {
  if (!existsSync(out)) {
    renameSync(staging, out);
    return;
  }
  const backup = `${out}.old-${randomBytes(4).toString('hex')}`;
  renameSync(out, backup);
  try {
    renameSync(staging, out);
  } catch (error) {
    renameSync(backup, out);
    throw error;
  }
  rmSync(backup, { recursive: true, force: true });
}

/** Hard-links a file into the staging tree (same bytes, same times); copies where links fail. */
function carry(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** Files the previous run's manifest lists that this run does not make. */
function obsoleteFiles(files: readonly GeneratedFile[], outDir: string): string[] {
  const text = readIfFile(join(outDir, MANIFEST));
  if (!text) return [];
  let previous: string[] = [];
  try {
    previous = (JSON.parse(text) as { files?: string[] }).files ?? [];
  } catch {
    return [];
  }
  const now = new Set(files.map((f) => f.path));
  return previous.filter((p) => !now.has(p) && existsSync(join(outDir, p))).sort();
}

function readIfFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A generated path never leaves the output folder (names come from the document). */
export function assertInside(outDir: string, path: string): void {
  const target = resolve(outDir, path);
  const rel = relative(outDir, target);
  if (rel === '' || rel.startsWith('..') || rel.includes(`..${sep}`) || resolve(outDir, rel) !== target || basename(target) === '') {
    fail({ code: 'write/outside', message: `refusing to write ${JSON.stringify(path)}: it is outside the output folder`, hint: 'this is a bug in an emitter or a template; please report it' });
  }
}
