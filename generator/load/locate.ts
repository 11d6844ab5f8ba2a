import { getLineColLocation, type Source } from '@redocly/openapi-core';

/** 1-based line and column of the node a JSON pointer names in a source, or undefined if absent. */
export function locatePointer(source: Source, pointer: string): { line: number; col: number } | undefined {
  try {
    const found = getLineColLocation({ source, pointer: pointer.replace(/^#/, '#'), reportOnKey: true });
    return { line: found.start.line, col: found.start.col };
  } catch {
    return undefined;
  }
}

/** A pointer short enough for a one-line message (a problem's `pointer` keeps it whole). */
export function shortPointer(pointer: string): string {
  return pointer.length <= 120 ? pointer : `${pointer.slice(0, 72)}…${pointer.slice(-40)}`;
}

/** The path as a user should read it: relative to cwd with forward slashes, or the URL unchanged. */
export function displayPath(absoluteRef: string, cwd: string): string {
  if (/^https?:\/\//i.test(absoluteRef)) return absoluteRef;
  const normalizedCwd = cwd.replace(/\\/g, '/').replace(/\/$/, '');
  const file = absoluteRef.replace(/\\/g, '/');
  if (file.startsWith(`${normalizedCwd}/`)) return file.slice(normalizedCwd.length + 1);
  return relativePosix(normalizedCwd, file);
}

function relativePosix(from: string, to: string): string {
  const a = from.split('/').filter(Boolean);
  const b = to.split('/').filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/');
}
