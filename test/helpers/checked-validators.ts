/**
 * Users' type checkers skip the inside of `schemas.ts` (it opens with `// @ts-nocheck`, option
 * zod.tsNocheck): the tests that compile generated output take the directive out first, so that the
 * validators' own code is checked as strictly as every other file.
 */
const DIRECTIVE = /^\/\/ @ts-nocheck\b.*\n/m;

/** `text` without its `// @ts-nocheck` line. */
export function withoutTsNocheck(text: string): string {
  return text.replace(DIRECTIVE, '');
}

/** What a test writes for a generated file: its text, `schemas.ts` without its `// @ts-nocheck` line. */
export function checkedContent(file: { path: string; content: string }): string {
  return file.path.endsWith('schemas.ts') ? withoutTsNocheck(file.content) : file.content;
}
