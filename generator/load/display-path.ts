/**
 * How a file's path is shown in messages. Apart from locate.ts, which reads redocly: the change
 * report imports this alone.
 */

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
