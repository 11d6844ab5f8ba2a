/** What a run reports while it goes (stage events) and what it returns. */
import type { GeneratedFile } from './emit/plugin.js';
import type { ApiModel } from './model/types.js';
import type { Problem } from './problems.js';

/** Progress of a run, one event per finished stage (the CLI prints these on a terminal). */
export interface StageEvent {
  stage: string;
  ms: number;
  detail?: string;
}

/** Hooks of a run that are not options: progress reporting. */
export interface GenerateHooks {
  onStage?(event: StageEvent): void;
}

/** What a run produced. */
export interface GenerateResult {
  model: ApiModel;
  files: GeneratedFile[];
  /** Problems that did not stop the run (warnings), with places. */
  problems: Problem[];
  /** Outputs added because a chosen one needs them, e.g. `client needs types, zod: added`. */
  notes: string[];
  /** The outputs made, in run order (`index` last). */
  outputs: string[];
  /** Output folder, absolute. */
  outDir: string;
  /** Written (or, with `check`, differing) files, relative to the output folder. */
  written: string[];
  unchanged: string[];
  removed: string[];
  /** With `check`: the differing files' old and new text. */
  changed?: { path: string; before: string | undefined; after: string }[];
  /** With `check`: true when the output folder is current. */
  current?: boolean;
}

/** Reports a finished stage and how long it took since the one before. */
export type StageTimer = (stage: string, detail?: string) => void;

export function stageTimer(hooks: GenerateHooks): StageTimer {
  let last = performance.now();
  return (stage, detail) => {
    const now = performance.now();
    hooks.onStage?.({ stage, ms: Math.round(now - last), ...(detail ? { detail } : {}) });
    last = now;
  };
}
