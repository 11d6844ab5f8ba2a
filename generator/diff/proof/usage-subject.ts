/**
 * What a line of a usage file exercises: an operation of the old document, a component schema of
 * it, or an exported name; how it exercises it; and, for a line that reads a value, the places in
 * the old document it reads. A compiler error on the line is matched to the changes by these, and a
 * change counts as looked at only where some line reads its place.
 */

/** How a line uses the old output. */
export type UsageKind =
  /** `"getPet" as getPet,`: an exported name imported. */
  | 'import'
  /** The client made from the old options, or with one credential of them written in an object literal. */
  | 'client'
  /** A method called with only its required parameters. */
  | 'call-required'
  /** A method called with every parameter, each written by name. */
  | 'call-all'
  /** The whole payload assigned to the old payload type. */
  | 'payload'
  /** A field of the payload read (after narrowing through the unions on the way). */
  | 'read'
  /** An exhaustive switch over the old values of an enum. */
  | 'switch';

export interface UsageSubject {
  /** The old operation the line calls or reads (its operationId). */
  operationId?: string;
  /** The old component schema the line uses (its name in the document). */
  schema?: string;
  /** The exported name the line imports. */
  exportName?: string;
  /** For a client line that writes one credential by name: the security scheme (the key of the `auth` option). */
  scheme?: string;
  kind?: UsageKind;
  /** For a read or switch: the old document's places of the value read (its slot, then the components its reference leads through). */
  places?: readonly string[];
  /** For a read or switch: the property names from the payload to it (`<Cat>` for a variant narrowed to). */
  path?: readonly string[];
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
