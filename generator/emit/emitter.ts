import type { ApiModel } from '../model/types.js';
import type { Problem } from '../problems.js';
import type { Templates } from './templates.js';
import type { FixtureShare } from './fixtures/fixture-share.js';
import type { SideThread } from './side-thread/side-thread.js';

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
  /** The run's side thread (a worker thread), already printing the model's document; absent: types print in this thread. */
  sideThread?: SideThread;
  /** The fixtures the side thread helps make, when it does (fixtures/fixture-share.ts). */
  fixtureShare?: FixtureShare;
}

/** One output kind (types, client, schemas, mcp, fixtures, mock). */
export interface Emitter {
  /** Short name shown in progress lines, e.g. `client`. */
  name: string;
  /** Made with the side thread's help (fixtures): the pipeline lets the side thread start on it first. */
  shared?: boolean;
  emit(context: EmitContext): GeneratedFile[] | Promise<GeneratedFile[]>;
}
