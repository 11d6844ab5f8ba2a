/**
 * Where JSON.parse gave up on a text, as a line and column: the document's loader and verify's
 * `--replay` file name the place of invalid JSON the same way.
 */

/** Where JSON.parse gave up on `text`, 1-based: the position its message names, else the end of the text. */
export function jsonParsePlace(error: Error, text: string): { line: number; col: number } {
  const position = /at position (\d+)/.exec(error.message);
  const before = text.slice(0, position ? Number(position[1]) : text.length).split('\n');
  return { line: before.length, col: (before.at(-1)?.length ?? 0) + 1 };
}
