/**
 * The change report's vocabulary: what `podcast-gen diff` finds between two versions of a document,
 * and for whom each change is breaking. Every part of the diff (comparison, proof, formats, the
 * command) speaks only these types.
 */

/** The levels of a change, from the most serious down: the order every format lists them in. */
export const CHANGE_LEVELS = ['breaking', 'warning', 'info'] as const;

/** How serious a change is for users of the old generated output. */
export type ChangeLevel = (typeof CHANGE_LEVELS)[number];

/**
 * Who a change can break:
 * - `wire`: an HTTP client or server built from the old document;
 * - `types`: TypeScript code written against the old generated output;
 * - `validators`: the old generated zod validators meeting the new API's traffic;
 * - `mcp`: agents and configurations using the old tools (names, input schemas, annotations, scopes).
 */
export const SURFACES = ['wire', 'types', 'validators', 'mcp'] as const;

export type Surface = (typeof SURFACES)[number];

/** Where a change sits in one of the two documents. */
export interface ChangePlace {
  /** The file as the user named it (or `git:<ref>:<path>` for a revision). */
  file: string;
  /** JSON pointer into that document, e.g. `#/paths/~1images/post/responses/200`. */
  pointer: string;
  /** 1-based, when the place could be located in the file's text. */
  line?: number;
  col?: number;
}

/** The operation a change belongs to, as the document names it. */
export interface ChangeOperation {
  operationId: string;
  method: string;
  path: string;
}

/** The compiler's word on a `types` verdict: an error of the old usage compiled against the new output. */
export interface TypesProof {
  /** `TS2339`. */
  code: string;
  /** The line of the usage file that failed, as written, and its number there. */
  line: number;
  text: string;
  message: string;
}

/** A value that shows a `validators` verdict: valid under the new document, rejected by the old validators (or the reverse for requests). */
export interface ValidatorsProof {
  /** `response` (the new API may send it; the old validator rejects it) or `request` (old callers send it; the new validator rejects it). */
  direction: 'request' | 'response';
  /** The generated validator that rejects it, e.g. `deleteImageResponse200`. */
  validator: string;
  value: unknown;
  /** The validator's first issue, as zod words it. */
  issue: string;
}

/** One change between the two documents. */
export interface Change {
  /**
   * Its stable id (`3f9a2c1b7e4d`), from its rule, the component or operation it belongs to and its
   * place there: the same on every run and after edits elsewhere; the ignore file names it.
   */
  id: string;
  /** Stable rule code, kebab-case: `operation-removed`, `response-enum-value-added`. */
  rule: string;
  level: ChangeLevel;
  /** The surfaces it truly breaks (empty for a change that breaks none). */
  surfaces: Surface[];
  /**
   * The operations it reaches, in the new document's order (removed ones last): a change in a
   * component schema is one change however many operations reach it. Absent for a change of the
   * whole document (servers, a component schema's name).
   */
  operations?: ChangeOperation[];
  /** One sentence a reviewer reads: what changed and what it means. */
  message: string;
  old?: ChangePlace;
  new?: ChangePlace;
  /** The compiler's and the validators' evidence, where the proof ran. */
  proof?: { types?: TypesProof[]; validators?: ValidatorsProof[] };
  /**
   * Surfaces a proof was asked to judge and could not look at (no line of the old usage reads the
   * place; no value found): the comparison's verdict stands for them, and the level with it.
   */
  unproven?: Surface[];
}

/** Semver advice for the generated code. */
export type SemverAdvice = 'major' | 'minor' | 'patch' | 'none';

/** A surface that could not be judged (a side failed to generate, say), and why. */
export interface UnjudgedSurface {
  surface: Surface;
  reason: string;
}

/** The whole report, in a deterministic order (operations in document order, then rule). */
export interface DiffReport {
  semver: SemverAdvice;
  old: { file: string; version: string; openapi: string };
  new: { file: string; version: string; openapi: string };
  changes: Change[];
  unjudged: UnjudgedSurface[];
  /** Facts a reader needs beside the changes: "compared after converting Swagger 2.0 to 3.0". */
  notes: string[];
}
