/**
 * The two documents `podcast-gen diff` compares, from the command line's words: a file, or
 * `git:<ref>` (the configured document as it is at that revision) or `git:<ref>:<path>`. A revision's
 * document is copied, with the files its external `$ref`s reach, into a temporary folder at the same
 * relative paths, so the loader reads it as it reads any file; its places are labelled
 * `git:<ref>:<path>`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import { parseYaml } from '../pipeline.js';
import { displayPath } from '../load/display-path.js';
import { EXIT_USAGE, fail } from '../problems.js';
import type { GitRevision } from './git-dates.js';

export type SideName = 'old' | 'new';

/** One document to compare: the path the loader reads and the name every report gives it. */
export interface DocumentSide {
  side: SideName;
  /** An absolute path (a revision's copy in a temporary folder) or a URL. */
  spec: string;
  /** `api/podcast.yaml`, `https://...`, or `git:origin/main:api/podcast.yaml`. */
  label: string;
  /** For a revision: the temporary folder holding its copy. */
  folder?: string;
  /** For a revision: `git:<ref>:` and the copy's root, to name a copied file as the revision's, and where git finds the document. */
  revision?: { prefix: string; root: string; git: GitRevision };
}

/** Both sides, and how to remove what reading them made. */
export interface Sides {
  old: DocumentSide;
  new: DocumentSide;
  /** Removes the temporary copies of revisions. */
  dispose(): void;
}

/** Options of {@link resolveSides}. */
export interface ResolveSidesOptions {
  old: string;
  /** Default: the configured document. */
  new?: string;
  /** The configured document (a path or URL); what `git:<ref>` and a missing `<new>` name. */
  configured: string;
  cwd: string;
}

/** Turns `<old>` and `<new>` into documents to read; throws a PodcastGenError naming the side on bad input. */
export function resolveSides(options: ResolveSidesOptions): Sides {
  const made: DocumentSide[] = [];
  const dispose = () => {
    for (const side of made) if (side.folder) rmSync(side.folder, { recursive: true, force: true });
  };
  try {
    const old = resolveSide('old', options.old, options);
    made.push(old);
    const now = resolveSide('new', options.new ?? options.configured, options);
    made.push(now);
    return { old, new: now, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}

function resolveSide(side: SideName, word: string, options: ResolveSidesOptions): DocumentSide {
  if (word.startsWith('git:')) return revisionSide(side, word, options);
  if (/^https?:\/\//i.test(word)) return { side, spec: word, label: urlLabel(word) };
  const spec = isAbsolute(word) ? word : resolve(options.cwd, word);
  return { side, spec, label: displayPath(spec, options.cwd) };
}

/** A URL as reports name it: without credentials or query string (either may carry a secret). */
function urlLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return url;
  }
}

/** `git:<ref>` or `git:<ref>:<path>` (a ref cannot hold a colon; the path is from the working folder). */
function revisionSide(side: SideName, word: string, options: ResolveSidesOptions): DocumentSide {
  const rest = word.slice('git:'.length);
  const colon = rest.indexOf(':');
  const ref = colon < 0 ? rest : rest.slice(0, colon);
  const path = colon < 0 ? options.configured : rest.slice(colon + 1);
  function usage(message: string, hint: string): never {
    fail({ code: 'diff/git', message: `the ${side} document, ${word}: ${message}`, hint }, EXIT_USAGE);
  }
  if (ref === '' || ref.startsWith('-')) usage('names no git revision', 'write git:<branch, tag or commit>, e.g. git:origin/main');
  if (path === '') usage('names no document after the revision', 'write git:<ref> for the configured document, or git:<ref>:<path>');
  if (/^https?:\/\//i.test(path)) usage(`the document is a URL (${path}), which has no git history`, 'name a file: git:<ref>:<path>');
  const absolute = resolve(options.cwd, path);
  const near = existingFolder(dirname(absolute));
  const git = gitIn(near, side, word);
  const top = git(['rev-parse', '--show-toplevel'])?.toString('utf8').trim();
  if (top === undefined) usage(`${displayPath(near, options.cwd) || '.'} is not in a git repository`, 'run podcast-gen diff inside the repository');
  const inRepo = relative(realpathSync(top), join(realpathSync(near), relative(near, absolute)));
  if (inRepo.startsWith('..') || isAbsolute(inRepo)) usage(`${path} is outside the git repository at ${top}`, 'name a document inside the repository');
  const repoPath = inRepo.split(sep).join('/');
  const commit = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])
    ?.toString('utf8')
    .trim();
  if (commit === undefined) usage(`no revision "${ref}" in this repository`, 'fetch it first with git fetch, or name a branch, tag or commit');
  const label = `git:${ref}:${repoPath}`;
  const readAt = (file: string) => git(['cat-file', 'blob', `${commit}:${file}`]);
  const document = readAt(repoPath);
  if (document === undefined) {
    fail({
      code: 'diff/git-missing',
      file: label,
      message: `the ${side} document is not in revision ${ref}`,
      hint: 'check the path, or compare with a revision that has it',
    });
  }
  const folder = mkdtempSync(join(tmpdir(), 'podcast-gen-diff-'));
  copyWithRefs({ folder, repoPath, first: document, readAt });
  const located: GitRevision = { commit, cwd: near, path: repoPath };
  return { side, spec: join(folder, ...repoPath.split('/')), label, folder, revision: { prefix: `git:${ref}:`, root: folder, git: located } };
}

/** Lint configs looked for beside a revision's document, so the revision is read with its own rules. */
const LINT_CONFIGS = ['redocly.yaml', 'redocly.yml', '.redocly.yaml'];
/** A document reaching more files than this through `$ref`s is read as far as this (the loader reports the rest as missing). */
const MAX_FILES = 2000;

/** Writes the document and every file its relative `$ref`s reach, transitively, at their paths in the repository. */
function copyWithRefs(options: { folder: string; repoPath: string; first: Buffer; readAt(path: string): Buffer | undefined }): void {
  const { folder, readAt } = options;
  const written = new Set<string>();
  const write = (path: string, content: Buffer) => {
    const target = join(folder, ...path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    written.add(path);
  };
  const queue: [string, Buffer][] = [[options.repoPath, options.first]];
  while (queue.length > 0 && written.size < MAX_FILES) {
    const [path, content] = queue.shift()!;
    if (written.has(path)) continue;
    write(path, content);
    for (const ref of externalRefs(content.toString('utf8'))) {
      const target = posix.normalize(posix.join(posix.dirname(path), decodeURIComponent(ref)));
      if (target.startsWith('../') || written.has(target)) continue;
      const found = readAt(target);
      if (found !== undefined) queue.push([target, found]);
    }
  }
  for (const name of LINT_CONFIGS) {
    const path = posix.join(posix.dirname(options.repoPath), name);
    const found = written.has(path) ? undefined : readAt(path);
    if (found !== undefined) write(path, found);
  }
}

/** The file parts of the relative `$ref`s in a YAML or JSON text (none when it does not parse: the loader says why). */
export function externalRefs(text: string): string[] {
  // Most documents are one file: without a `$ref` to anything but `#...`, a large text is not parsed again.
  if (!/\$ref['"]?\s*:\s*['"]?[^'"#\s]/.test(text)) return [];
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch {
    return [];
  }
  const found = new Set<string>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === '$ref' && typeof child === 'string') {
        const file = child.split('#')[0]!;
        if (file !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(file) && !file.startsWith('/')) found.add(file);
      } else stack.push(child);
    }
  }
  return [...found];
}

/** The file's name as the report gives it: a revision's copy as `git:<ref>:<path>`, anything else unchanged. */
export function sideFileLabel(side: DocumentSide, file: string, cwd: string): string | undefined {
  if (!side.revision) return undefined;
  const inCopy = relative(side.revision.root, resolve(cwd, file));
  if (inCopy.startsWith('..') || isAbsolute(inCopy)) return undefined;
  return `${side.revision.prefix}${inCopy.split(sep).join('/')}`;
}

/** Runs git in `cwd`: its output, or undefined when it fails; git missing altogether is bad usage. */
function gitIn(cwd: string, side: SideName, word: string): (args: string[]) => Buffer | undefined {
  return (args) => {
    try {
      return execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 512 * 1024 * 1024 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        fail(
          { code: 'diff/git', message: `the ${side} document, ${word}: git is not installed (or not on PATH)`, hint: 'install git, or compare two files' },
          EXIT_USAGE,
        );
      }
      return undefined;
    }
  };
}

/** The nearest folder that exists, from `folder` up (a document may exist only in the revision). */
function existingFolder(folder: string): string {
  let current = folder;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

/**
 * The revisions a document may have been generated from, newest first: HEAD, then the last commits
 * that changed its file (none outside a git repository).
 */
export function documentRevisions(document: string, cwd: string, limit: number): string[] {
  const absolute = resolve(cwd, document);
  const near = existingFolder(dirname(absolute));
  const git = (args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: near, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' });
    } catch {
      return undefined;
    }
  };
  const head = git(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'])?.trim();
  if (!head) return [];
  const log = git(['log', `-n${limit}`, '--format=%H', 'HEAD', '--', absolute]) ?? '';
  return [...new Set([head, ...log.split('\n').filter(Boolean)])];
}
