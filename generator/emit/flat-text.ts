/**
 * Text made by concatenation (handlebars' output, TypeScript's printer, template literals) is kept
 * by V8 as a tree of its pieces until something reads it: far larger than its characters, and alive
 * until the file is written (bench/RESULTS.md, "Generation's peak memory (issue 19)"). Reading one character
 * makes V8 replace the tree with one flat string, in place, so the pieces can be collected while the
 * next output is emitted.
 */
export function flatText(text: string): string {
  text.charCodeAt(0);
  return text;
}
