/**
 * The one place where podcast-gen runs work side by side: on a large document, a worker thread lints
 * and makes outputs while the main thread builds the model and makes the others. Which thread makes
 * which output is decided as they go: the built-in outputs of the run are a queue, longest first,
 * from which each thread takes the next one when it is free (a counter both threads increment
 * atomically, in shared memory: no message waits for a thread busy with an output). So the worker,
 * which starts first, takes the types and, for a document of one file, lints it meanwhile; the main
 * thread, once it has built its model, takes the fixtures, and the rest goes to whichever is free
 * first, whatever the document's shape. The worker makes an output that reads only the document
 * (`Plugin.reads`) from it alone and builds its own model (a pure function of the document) only for
 * one that reads more, so that what it makes is what the main thread would have made; the pipeline
 * merges the files and problems in run order. bench/RESULTS.md ("A side thread") has what it saves.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { GeneratedFile } from '../emit/plugin.js';
import type { LintConfigOptions } from '../lint/lint-config.js';
import type { UnplacedProblem } from '../load/redocly-problems.js';
import type { ModelOptions } from '../model/build-model.js';
import { localFileBytes } from '../load/local-file-bytes.js';
import { lintConfigOptions, type ResolvedOptions } from '../options.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { PodcastGenError, type Problem } from '../problems.js';
import { receivedFile, type SentFile } from './sent-files.js';

/**
 * The outputs either thread may make, in the order they are taken: the longest first (types and
 * fixtures on a large document), so that what is left at the end is short. The fixtures first would
 * end Microsoft Graph's run sooner, but with both heaps at their largest at once
 * (bench/RESULTS.md, issue 40, "Fifth sitting").
 */
const SHARED_PLUGINS: readonly string[] = ['types', 'fixtures', 'mcp', 'zod', 'client', 'mock'];

/**
 * Below this size the worker's start (its own copy of TypeScript and of the pipeline) costs more than it
 * saves. `PODCAST_GEN_SIDE_THREAD=off` never starts it, `on` starts it whatever the size (tests).
 */
export const SIDE_THREAD_MIN_BYTES = 64 * 1024;

/**
 * Lint, made in the worker while the main thread builds its model and makes outputs (a document of
 * one file, whose problems all lie in it): the worker lints the document as read.
 */
export interface SideLint {
  /** Where the run's lint config is found, as the main thread found it. */
  config: LintConfigOptions;
  cwd: string;
}

/**
 * What a worker started early reads by itself while the main thread reads the same: the document's
 * file (as `--spec` names it, from `cwd`), its root alone, with the run's lint config.
 */
export interface SideRead {
  spec: string;
  cwd: string;
  lintConfig: LintConfigOptions;
}

/** A copy of the main thread's document, for a worker that did not read it itself. */
export interface SideCopy {
  document: Record<string, unknown>;
  /** The document's file as read, where the worker lints: its problems' places are found in it. */
  text?: { absoluteRef: string; body: string; mimeType: string | undefined };
}

/** What the worker is sent: everything it needs to build the model and run its plugins. */
export interface SideRequest {
  /**
   * The document: a copy, or the hash of the file's text (read-spec.ts `textHash`) that the worker's
   * own read ({@link SideRead}) must have; a worker whose read has another asks for the copy.
   */
  document: { copy: SideCopy } | { readHash: string };
  /** Lint the document first (see {@link SideLint}); absent where the main thread lints. */
  lint?: SideLint;
  modelOptions: ModelOptions;
  /** The user's templates folder, absolute, if any. */
  templatesDir: string | undefined;
  /** The plugins either thread may make, in the order they are taken, with their options. */
  plugins: { name: string; options: Record<string, unknown> }[];
  /** The queue's counter (one Int32): the index of the next plugin to take. */
  next: SharedArrayBuffer;
  /** Every output of the run, in run order (a plugin's context). */
  outputs: readonly string[];
}

/** One plugin's work in the side thread. */
export interface SidePluginResult {
  name: string;
  files: readonly GeneratedFile[];
  problems: Problem[];
  ms: number;
}

/**
 * What the worker answers: each plugin's result as soon as it is made (so that the outputs are not
 * all copied across at once at the end, when both threads would hold them), then that it is done,
 * or why it could not make one.
 */
export type SideReply =
  | { wantsCopy: true }
  | { lint: { problems: UnplacedProblem[]; ms: number } }
  | { result: Omit<SidePluginResult, 'files'> & { files: SentFile[] } }
  | { done: true }
  | { failed: { message: string; stack?: string; problems?: Problem[]; exitCode?: number; output?: string } };

export interface SideThread {
  /** The outputs of the queue: the pipeline leaves them out of its own loop, and takes them with `take`. */
  plugins: readonly string[];
  /** The next output of the queue for the main thread to make; undefined once every one is taken, or once the worker failed. */
  take(): string | undefined;
  /** The results of the outputs the worker took, once made; rejects with the error the plugin threw (or the worker's end). */
  results: Promise<SidePluginResult[]>;
  /**
   * Where the worker lints ({@link SideRequest.lint}): its problems, unplaced, and how long it took;
   * rejects with what lint threw (or the worker's end). The pipeline reads it before anything is
   * written, and first where an output failed.
   */
  lint: Promise<{ problems: UnplacedProblem[]; ms: number }> | undefined;
  /**
   * Once `results` rejected: the output the worker failed on; undefined where it failed before any
   * (its read, lint or model) or ended without saying (a crash), so that the pipeline reports the failure first in run order.
   */
  failedOn(): string | undefined;
  /** Ends the worker (after its results, or when the run fails first). */
  stop(): Promise<void>;
}

/** Which of the chosen outputs go to the queue both threads take from: none where a side thread does not pay. */
export function sidePlugins(options: {
  chosen: readonly string[];
  builtin: (name: string) => boolean;
  documentBytes: number;
  setting?: string | undefined;
}): string[] {
  const setting = options.setting ?? 'auto';
  if (setting === 'off' || (setting !== 'on' && options.documentBytes < SIDE_THREAD_MIN_BYTES)) return [];
  const plugins = SHARED_PLUGINS.filter((name) => options.chosen.includes(name) && options.builtin(name));
  // One output alone (the index file is a few lines) leaves the other thread nothing to do.
  return plugins.length < 2 ? [] : plugins;
}

/**
 * Starts the worker and sends it the request at once: it works while the main thread goes on.
 * `copy`: the main thread's document, sent where the worker asks for it (its own read was not it).
 * Undefined where there is no built worker to start: the pipeline then makes every output itself.
 */
export function startSideThread(request: SideRequest, early?: EarlyWorker, copy?: () => SideCopy): SideThread | undefined {
  if ('readHash' in request.document && !(early?.reads && copy))
    throw new Error('a side request without the document needs a worker that reads it, and a copy to send else');
  const worker = early?.worker ?? startWorker();
  if (!worker) return undefined;
  // Now it has work: the process waits for it.
  worker.ref();
  let failed = false;
  let failedOn: string | undefined;
  let linted: ((outcome: { problems: UnplacedProblem[]; ms: number }) => void) | undefined;
  let lintFailed: ((error: Error) => void) | undefined;
  const lint = request.lint
    ? new Promise<{ problems: UnplacedProblem[]; ms: number }>((resolve, reject) => {
        linted = resolve;
        lintFailed = reject;
      })
    : undefined;
  const results = new Promise<SidePluginResult[]>((resolve, reject) => {
    const made: SidePluginResult[] = [];
    const fail = (error: Error) => {
      failed = true;
      // A failure before lint answered is lint's too: the run cannot go on without it.
      lintFailed?.(error);
      reject(error);
    };
    worker.on('message', (reply: SideReply) => {
      if ('wantsCopy' in reply) worker.postMessage((copy as () => SideCopy)());
      else if ('lint' in reply) linted?.(reply.lint);
      else if ('result' in reply) made.push({ ...reply.result, files: reply.result.files.map(receivedFile) });
      else if ('done' in reply) resolve(made);
      else {
        failedOn = reply.failed.output;
        fail(rebuiltError(reply.failed));
      }
    });
    // An end without an answer (a module that failed to load, the process out of memory, a crash) is a failure, never a wait.
    void (early?.ended ?? endOf(worker)).then((end) =>
      fail(
        typeof end === 'number'
          ? new Error(`the side thread making ${request.plugins.map((p) => p.name).join(', ')} stopped with exit code ${end} before it answered`)
          : end,
      ),
    );
  });
  // Seen by the pipeline when it waits; until then a rejection is not unhandled.
  results.catch(() => undefined);
  lint?.catch(() => undefined);
  try {
    worker.postMessage(request);
  } catch (error) {
    // A value the structured clone cannot copy: a live worker would keep the process from ending.
    void worker.terminate();
    throw error;
  }
  const names = request.plugins.map((p) => p.name);
  const next = new Int32Array(request.next);
  return {
    plugins: names,
    // Once the worker failed, the run fails: the main thread makes no more outputs meanwhile.
    take: () => (failed ? undefined : names[Atomics.add(next, 0, 1)]),
    results,
    lint,
    failedOn: () => failedOn,
    stop: async () => void (await worker.terminate()),
  };
}

/**
 * A worker started before the document is read, so that its own modules load meanwhile, and, given
 * a {@link SideRead}, the document is read in it too; it is given its work by {@link startSideThread},
 * or ended with `stop()` when the run turns out not to use it. Until then it does not keep the process alive.
 */
export interface EarlyWorker {
  worker: Worker;
  /** Whether it reads the document itself. */
  reads: boolean;
  /** How it ended unasked, listened for from its start: its error (a module that failed to load), or its exit code. */
  ended: Promise<Error | number>;
  stop(): void;
}

/** An {@link EarlyWorker}, or undefined where there is no built worker to start (`start`: the tests' own worker). */
export function startEarlyWorker(read?: SideRead, start: (read?: SideRead) => Worker | undefined = startWorker): EarlyWorker | undefined {
  const worker = start(read);
  if (!worker) return undefined;
  worker.unref();
  // Listened for now: an error while the document is read is the run's to report, never an uncaught one.
  return { worker, reads: read !== undefined, ended: endOf(worker), stop: () => void worker.terminate() };
}

/** What a worker is started with: the read to do meanwhile, if any. */
export interface SideWorkerData {
  read: SideRead | undefined;
}

/**
 * The worker of a run, started before the pipeline's modules load (which take about as long as the
 * worker's own), where the document file's size and the outputs named say the run may use one (any
 * output named is taken for the built-in of its name); the pipeline adopts it, or stops it where the
 * run turns out not to use it (pipeline.ts). A run that chooses operations is sent a copy: its worker
 * reads nothing itself.
 */
export function startEarlyWorkerFor(resolved: ResolvedOptions, start?: (read?: SideRead) => Worker | undefined): EarlyWorker | undefined {
  const bytes = localFileBytes(resolved.spec, resolved.cwd);
  if (bytes === undefined) return undefined;
  const chosen = resolved.outputs ?? SHARED_PLUGINS;
  if (sidePlugins({ chosen, builtin: () => true, documentBytes: bytes, setting: process.env.PODCAST_GEN_SIDE_THREAD }).length === 0) return undefined;
  const read = resolved.operations ? undefined : { spec: resolved.spec, cwd: resolved.cwd, lintConfig: lintConfigOptions(resolved) };
  return startEarlyWorker(read, start);
}

/** How a worker ends: the error it met (then its exit), or its exit code. Listening keeps an error from ending the process. */
function endOf(worker: Worker): Promise<Error | number> {
  return new Promise((resolve) => {
    worker.once('error', resolve);
    worker.once('exit', resolve);
  });
}

/** A queue's counter, for {@link SideRequest.next}. */
export function queueCounter(): SharedArrayBuffer {
  return new SharedArrayBuffer(4);
}

/**
 * The worker: the built file, or, run from the TypeScript sources (the tests, a clone of the
 * repository), the source file through tsx, so that both take the same path. Undefined where neither
 * is there: the pipeline then makes every output itself.
 */
function startWorker(read?: SideRead): Worker | undefined {
  const workerData: SideWorkerData = { read };
  if (import.meta.url.endsWith('.js')) {
    const file = join(PACKAGE_ROOT, 'dist', 'concurrency', 'side-worker.js');
    return existsSync(file) ? new Worker(file, { workerData }) : undefined;
  }
  const source = new URL('./side-worker.ts', import.meta.url).href;
  const tsx = resolveTsx();
  if (!tsx) return undefined;
  const boot = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(source)});`;
  return new Worker(boot, { eval: true, workerData });
}

/** tsx's loader, a development dependency: present wherever the sources are run. */
function resolveTsx(): string | undefined {
  try {
    return import.meta.resolve('tsx/esm/api');
  } catch {
    return undefined;
  }
}

/**
 * The error the worker met: its problems (a stack too deep is one already, named by its stage in the
 * worker), or the error a built-in plugin threw, a bug the CLI reports with its stack.
 */
function rebuiltError(failed: Extract<SideReply, { failed: unknown }>['failed']): Error {
  if (failed.problems) return new PodcastGenError(failed.problems, failed.exitCode);
  const error = new Error(failed.message);
  if (failed.stack) error.stack = failed.stack;
  return error;
}
