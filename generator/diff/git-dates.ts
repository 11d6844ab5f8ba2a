/**
 * The day something was deprecated, from git, where the old document is a revision and says no day
 * itself: the commit that wrote its `deprecated: true` line, as `git blame` names it (its committer
 * date). A line rewritten since (reformatted, moved) is dated by the rewrite, a later day: the
 * deprecation period is then shown shorter, never longer, than it was.
 */
import { execFileSync } from 'node:child_process';
import type { ChangeRecord } from './compare/record.js';

/** A document at a git revision: the commit, a folder in its repository, and the document's path there. */
export interface GitRevision {
  commit: string;
  /** A folder inside the repository, where git runs. */
  cwd: string;
  /** The document's path from the repository's root, with `/`. */
  path: string;
}

/** The commit that last wrote line `line` of the document at the revision, and its day (UTC), or undefined where git cannot say. */
export function blameLine(revision: GitRevision, line: number): { day: string; commit: string } | undefined {
  let out: string;
  try {
    out = execFileSync('git', ['blame', '--porcelain', '-L', `${line},${line}`, revision.commit, '--', revision.path], {
      cwd: revision.cwd,
      stdio: ['ignore', 'pipe', 'ignore'],
      encoding: 'utf8',
    });
  } catch {
    return undefined;
  }
  const commit = /^([0-9a-f]{40,64}) /.exec(out)?.[1];
  const time = /^committer-time (\d+)$/m.exec(out)?.[1];
  if (commit === undefined || time === undefined) return undefined;
  return { day: new Date(Number(time) * 1000).toISOString().slice(0, 10), commit };
}

/**
 * The removal records of deprecated things whose day of deprecation the document does not give,
 * dated by git where the line of their `deprecated` is found in the revision's document.
 */
export function dateDeprecations(
  records: readonly ChangeRecord[],
  revision: GitRevision,
  locate: (pointer: string) => { line: number } | undefined,
): ChangeRecord[] {
  const blamed = new Map<number, { day: string; commit: string } | undefined>();
  return records.map((record) => {
    const lifecycle = record.facts?.lifecycle;
    const removal = record.old !== undefined && record.new === undefined;
    if (!removal || !lifecycle?.deprecated || lifecycle.deprecatedOn !== undefined || lifecycle.deprecatedPointer === undefined) return record;
    const line = locate(lifecycle.deprecatedPointer)?.line;
    if (line === undefined) return record;
    if (!blamed.has(line)) blamed.set(line, blameLine(revision, line));
    const found = blamed.get(line);
    if (found === undefined) return record;
    const deprecatedFrom = `git: commit ${found.commit.slice(0, 10)} wrote ${revision.path}:${line}`;
    return { ...record, facts: { ...record.facts, lifecycle: { ...lifecycle, deprecatedOn: found.day, deprecatedFrom } } };
  });
}
