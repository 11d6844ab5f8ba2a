/** Why code could not be imported: where (the file and line esbuild or Node points at) and what to do. */
export class CodeImportError extends Error {
  /** The file the problem is in: a path on disk, or the path of an in-memory file (`mcp/server.ts`). */
  readonly file: string | undefined;
  /** 1-based line and column in `file`, when known. */
  readonly line: number | undefined;
  readonly column: number | undefined;
  /** What went wrong, without the place. */
  readonly reason: string;
  /** What to do about it. */
  readonly hint: string;

  constructor(problem: { file?: string; line?: number; column?: number; reason: string; hint: string }) {
    const place = problem.file === undefined ? '' : `${[problem.file, problem.line, problem.column].filter((part) => part !== undefined).join(':')}: `;
    super(`${place}${problem.reason} (${problem.hint})`);
    this.name = 'CodeImportError';
    this.file = problem.file;
    this.line = problem.line;
    this.column = problem.column;
    this.reason = problem.reason;
    this.hint = problem.hint;
  }
}
