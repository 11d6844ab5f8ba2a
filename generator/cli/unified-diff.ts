/** Most lines of diff shown per file: `check` points at the change; `git diff` shows it all. */
export const MAX_DIFF_LINES = 40;
/** Most lines of diff shown by one `check` in all (a change of a schema many operations use reaches many files). */
export const MAX_TOTAL_DIFF_LINES = 120;

/**
 * A short unified diff of one generated file (`--- a/path`, `+++ b/path`, hunks with 3 lines of
 * context), cut after {@link MAX_DIFF_LINES} lines. The `diff` package is loaded only when needed.
 */
export async function unifiedDiff(path: string, before: string | undefined, after: string, maxLines = MAX_DIFF_LINES): Promise<string> {
  const { createTwoFilesPatch } = await import('diff');
  const patch = createTwoFilesPatch(before === undefined ? '/dev/null' : `a/${path}`, `b/${path}`, before ?? '', after, undefined, undefined, { context: 3 });
  const lines = patch.split('\n').filter((line) => !line.startsWith('====') && line !== '');
  if (lines.length <= maxLines) return `${lines.join('\n')}\n`;
  return `${lines.slice(0, maxLines).join('\n')}\n... ${lines.length - maxLines} more diff lines of ${path}\n`;
}
