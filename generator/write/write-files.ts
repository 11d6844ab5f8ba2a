import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { GeneratedFile } from '../emit/plugin.js';
import { MANIFEST, parseManifest } from './manifest.js';
import { fail } from '../problems.js';
import { listFiles } from './list-files.js';

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
export function compareFiles(
  files: readonly GeneratedFile[],
  outDir: string,
): WriteResult & { changed: { path: string; before: string | undefined; after: string }[] } {
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
export async function writeFiles(files: readonly GeneratedFile[], outDir: string, shown: string = outDir): Promise<WriteResult> {
  const out = resolve(outDir);
  for (const file of files) assertInside(out, file.path);
  assertFolderPossible(out, shown);
  // A new folder has nothing to compare with: every file is written, without a failed read for each.
  const existed = existsSync(out);
  const comparison = existed ? compareFiles(files, out) : { written: files.map((f) => f.path), unchanged: [], removed: [] };
  if (comparison.written.length === 0 && comparison.removed.length === 0) {
    return { written: [], unchanged: comparison.unchanged, removed: [] };
  }
  const staging = stagingPathFor(out);
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
    for (const file of files) {
      const target = join(staging, file.path);
      const folder = dirname(target);
      if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
      folders.add(folder);
      if (unchanged.has(file.path)) carry(join(out, file.path), target);
      else writeFileSync(target, file.content);
    }
    swap(out, staging);
  } catch (error) {
    try {
      rmSync(staging, { recursive: true, force: true });
    } catch {
      // Nothing was made, or it cannot be removed either: the error below is the one to report.
    }
    if ((error as { problems?: unknown }).problems) throw error;
    const { code, syscall } = error as NodeJS.ErrnoException;
    fail({
      code: 'write/failed',
      file: shown,
      message: `cannot write the output: ${code ?? (error as Error).message}${syscall ? ` (${syscall})` : ''}`,
      hint: 'check that the folder and its parent are writable',
    });
  }
  return { written: comparison.written, unchanged: comparison.unchanged, removed: comparison.removed };
}

/** The output path and each existing folder above it must be folders (checked before anything is made). */
function assertFolderPossible(out: string, shown: string): void {
  for (let path = out, depth = 0; ; path = dirname(path), depth++) {
    if (existsSync(path)) {
      if (statSync(path).isDirectory()) return;
      const what =
        depth === 0 ? 'the output path is a file, not a folder' : `${ancestorOf(shown, depth) ?? path} is a file, so the output folder cannot be made under it`;
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
  const listed = parseManifest(text)?.files;
  const previous = Array.isArray(listed) ? listed : [];
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
    fail({
      code: 'write/outside',
      message: `refusing to write ${JSON.stringify(path)}: it is outside the output folder`,
      hint: 'this is a bug in an emitter or a template; please report it',
    });
  }
}
