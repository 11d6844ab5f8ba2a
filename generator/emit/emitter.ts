import type { ApiModel } from '../model/types.js';
import type { Problem } from '../problems.js';
import type { Templates } from './templates.js';
import type { TypesPrinter } from './types/types-printer.js';

/** A file an emitter produces: a path relative to the output folder and its whole text. */
export interface GeneratedFile {
  path: string;
  content: string;
}

/** What every emitter receives: the model (never the raw document) and the template set. */
export interface EmitContext {
  model: ApiModel;
  templates: Templates;
  /** Where emitters report what they could not express exactly (warnings naming the place). */
  report(problem: Problem): void;
  /** The run's types printer (a worker thread), already printing the model's document; absent: in this thread. */
  typesPrinter?: TypesPrinter;
}

/** One output kind (types, client, schemas, mcp, fixtures, mock). */
export interface Emitter {
  /** Short name shown in progress lines, e.g. `client`. */
  name: string;
  emit(context: EmitContext): GeneratedFile[] | Promise<GeneratedFile[]>;
}
