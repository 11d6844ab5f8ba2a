/**
 * When a document is large. Its outputs then keep bulky data where a type checker does not read it:
 * the fixtures and the MCP server's tools in JavaScript data modules typed by a one-line declaration,
 * and `schemas.ts` opening with `// @ts-nocheck` (option zod.tsNocheck). Below it, the same data is
 * plain typed TypeScript and every file is checked as any other. The figures that chose the
 * threshold are in bench/RESULTS.md, "Large documents".
 */

/** The number of operations from which a document is large (ApiModel.large). */
export const LARGE_DOCUMENT_OPERATIONS = 150;

/** Whether a document of `operations` operations is large; `forced` (tests, the benchmark) decides instead when given. */
export function isLargeDocument(operations: number, forced?: boolean): boolean {
  return forced ?? operations >= LARGE_DOCUMENT_OPERATIONS;
}
