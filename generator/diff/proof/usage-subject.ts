/**
 * What a line of a usage file exercises: an operation of the old document, a component schema of
 * it, or an exported name. A compiler error on that line is matched to the changes by its subject.
 */
export interface UsageSubject {
  /** The old operation the line calls or reads (its operationId). */
  operationId?: string;
  /** The old component schema the line uses (its name in the document). */
  schema?: string;
  /** The exported name the line imports. */
  exportName?: string;
}

/** A usage file as written: its text and, by line number (1-based), what each line exercises. */
export interface UsageFile {
  /** Virtual path beside the two outputs, e.g. `usage/calls.ts`. */
  path: string;
  text: string;
  subjects: Map<number, UsageSubject>;
}

/** Builds a usage file line by line, keeping the line -> subject table as it goes. */
export class UsageWriter {
  private readonly lines: string[] = [];
  private readonly subjects = new Map<number, UsageSubject>();

  /** Adds a line; with a subject, a compiler error there is laid to it. */
  line(text: string, subject?: UsageSubject): void {
    this.lines.push(text);
    if (subject) this.subjects.set(this.lines.length, subject);
  }

  done(path: string): UsageFile {
    return { path, text: `${this.lines.join('\n')}\n`, subjects: this.subjects };
  }
}
