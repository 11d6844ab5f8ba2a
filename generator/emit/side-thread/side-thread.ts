import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { claimLint, LINT_HERE, type LintAnswer, type LintJob, type LintRequest, type SentProblem } from '../../lint/beside.js';
import type { OpenApiDocument } from '../../load/read-spec.js';
import { HELPER_GONE, type HelperWriter } from '../../write/helper-writer.js';
import type { GeneratedFile } from '../emitter.js';
import type { FixtureModel } from '../fixtures/fixture-model.js';
import { sideThreadGone, startFixtureShare, type FixtureShare, type FixtureShareAnswer } from '../fixtures/fixture-share.js';

/**
 * A run's second thread: it prints the types (once per document: the first call starts it, later
 * ones share it), and then takes a share of the fixtures.
 */
export interface SideThread {
  printTypes(document: OpenApiDocument): Promise<string>;
  /** Starts sharing `model`'s fixtures with this thread's own emitter; undefined where there is no second thread. */
  shareFixtures(model: FixtureModel): FixtureShare | undefined;
  /**
   * Offers a document's lint to the side thread (lint/beside.ts), which, with `thenTypes`, first
   * prints its types (as `printTypes` of that document); absent where there is no second thread.
   */
  lint?(job: LintRequest): LintOffer;
  /** Starts loading what `lint` needs, when a run knows early that it will ask. */
  prepareLint?(): void;
  /** Writes files into the staging folder beside this thread (write/write-files.ts); absent where there is no second thread. */
  writer?: HelperWriter;
  /** True for a worker thread: printing there runs beside this thread's work, not in its way. */
  inWorker: boolean;
  close(): Promise<void>;
}

/**
 * Starts the side thread: a worker thread when running compiled (the CLI, the package), else this
 * thread. generate() starts it before the pipeline's own modules load, so on a second core the
 * worker loads openapi-typescript and the TypeScript compiler (about 0.25 s with the code cache)
 * while this thread loads @redocly/openapi-core (about 0.4 s), and prints the types while this
 * thread lints and runs the other emitters; on a large document it is done first, and makes
 * fixtures until this thread's fixtures emitter has claimed the rest. From TypeScript sources
 * (tests under vitest or tsx) a worker could not load its `.ts` entry. Both give the same files
 * (test/generated/side-thread.test.ts). With one core there is nothing to overlap: everything
 * stays in this thread, as it does with `PODCAST_GEN_TYPES_IN_PROCESS=1`.
 */
export function startSideThread(): SideThread {
  const early = started;
  started = undefined;
  return early ?? newSideThread();
}

/** A side thread started before the CLI had read its arguments, for the run that takes it. */
let started: SideThread | undefined;

/**
 * Starts the side thread ahead of the run (bin/podcast-gen.js, when the command line asks for a
 * generation): its worker then loads openapi-typescript while this thread loads the CLI, 0.14 s
 * of a small document's run. The next startSideThread() takes it.
 */
export function startSideThreadEarly(): void {
  started ??= newSideThread();
}

function newSideThread(): SideThread {
  const entry = new URL('./worker.js', import.meta.url);
  const compiled = import.meta.url.endsWith('.js') && existsSync(fileURLToPath(entry));
  const worthIt = availableParallelism() > 1 && !process.env.PODCAST_GEN_TYPES_IN_PROCESS;
  return compiled && worthIt ? workerThread(entry) : inProcessThread();
}

/** The "side thread" that is this thread: types printed here, fixtures made by their emitter alone. */
export function inProcessThread(): SideThread {
  return {
    printTypes: printedOnce((document) => import('../types/print-types.js').then(({ printTypes }) => printTypes(document))),
    shareFixtures: () => undefined,
    inWorker: false,
    async close() {},
  };
}

/** This thread's side of a lint offer. */
export interface LintOffer {
  /** Claims the lint for this thread: true when the side thread has not started it (this thread then lints). */
  claim(): boolean;
  /** The side thread's problems; undefined when this thread claimed the lint. */
  problems: Promise<SentProblem[] | undefined>;
}

interface Waiting<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

/**
 * `printTypes` started once per document: the run starts it early, emitTypes collects the same
 * promise. `printed` holds the prints, for a side thread that also starts one another way (a lint
 * offer whose types are printed first).
 */
function printedOnce(print: (document: OpenApiDocument) => Promise<string>, printed = new WeakMap<OpenApiDocument, Promise<string>>()): SideThread['printTypes'] {
  return (document) => {
    const text = printed.get(document) ?? print(document);
    printed.set(document, text);
    return text;
  };
}

/** What the worker is asked to write: files into a staging folder this thread has made, with their folders. */
export interface WriteRequest {
  kind: 'write';
  staging: string;
  files: readonly GeneratedFile[];
}

/** The worker's answer to a {@link WriteRequest}: done, or the fs error of the write that failed. */
export type WriteAnswer = { kind: 'written' } | { kind: 'write-failed'; message: string; code?: string; syscall?: string };

/** Messages the worker (worker.ts) sends. */
export type SideThreadAnswer = { kind: 'types'; text: string } | { kind: 'types-failed'; error: string } | FixtureShareAnswer | LintAnswer | WriteAnswer;

function workerThread(entry: URL): SideThread {
  const worker = new Worker(entry);
  let waits = 0;
  const holding = <T>(promise: Promise<T>): Promise<T> => {
    if (waits++ === 0) worker.ref();
    return promise.finally(() => {
      if (--waits === 0) worker.unref();
    });
  };
  let failure: Error | undefined;
  // Answers come in the order of the requests, one queue per kind.
  const printing: Waiting<string>[] = [];
  const linting: Waiting<SentProblem[] | undefined>[] = [];
  const writing: Waiting<void>[] = [];
  let fixtures: ((answer: FixtureShareAnswer) => void) | undefined;
  worker.on('message', (answer: SideThreadAnswer) => {
    if (answer.kind === 'types') printing.shift()?.resolve(answer.text);
    else if (answer.kind === 'types-failed') printing.shift()?.reject(new Error(`printing the types failed: ${answer.error}`));
    else if (answer.kind === 'lint') linting.shift()?.resolve(answer.problems);
    else if (answer.kind === 'lint-declined') linting.shift()?.resolve(undefined);
    else if (answer.kind === 'lint-failed') linting.shift()?.reject(new Error(`lint failed: ${answer.error}`));
    else if (answer.kind === 'written') writing.shift()?.resolve();
    else if (answer.kind === 'write-failed') writing.shift()?.reject(Object.assign(new Error(answer.message), { code: answer.code, syscall: answer.syscall }));
    else fixtures?.(answer);
  });
  const gone = (error: Error) => {
    failure ??= error;
    for (const next of [...printing.splice(0), ...linting.splice(0)]) next.reject(error);
    // A write the worker never answered is this thread's to do (write-files.ts).
    for (const next of writing.splice(0)) next.reject(new Error(HELPER_GONE));
    if (fixtures) sideThreadGone(fixtures);
  };
  const ask = <T>(queue: Waiting<T>[], request: unknown): Promise<T> =>
    failure
      ? Promise.reject(failure)
      : holding(
          new Promise<T>((resolve, reject) => {
            queue.push({ resolve, reject });
            worker.postMessage(request);
          }),
        );
  // The prints printTypes started, and those a lint offer's types-first started (lint below).
  const printed = new WeakMap<OpenApiDocument, Promise<string>>();
  worker.on('error', gone);
  worker.on('exit', () => gone(new Error('the side thread ended')));
  // Never keeps the process alive by itself: a run that fails before emitting, or a command line
  // that never generates, ends without waiting. It is held (ref) only while this thread waits for
  // it. After the listeners: adding a 'message' listener holds the worker's port again.
  worker.unref();
  return {
    printTypes: printedOnce((document) => ask(printing, { kind: 'types', document }), printed),
    lint(job) {
      const thenTypes = job.thenTypes && !printed.has(job.document);
      const ticket = new SharedArrayBuffer(4);
      // The worker answers the types of this document (first), then the lint. Whoever asks for
      // them later gets the failure, if any; until then it is no unhandled rejection.
      if (thenTypes) {
        const text = failure ? Promise.reject(failure) : holding(new Promise<string>((resolve, reject) => printing.push({ resolve, reject })));
        text.catch(() => undefined);
        printed.set(job.document, text);
      }
      const { document, fromBody, ...sent } = job;
      const problems = ask(linting, { ...sent, ...(fromBody ? {} : { document }), kind: 'lint', thenTypes, ticket } satisfies LintJob);
      return { claim: () => claimLint(ticket, LINT_HERE), problems };
    },
    prepareLint() {
      worker.postMessage({ kind: 'prepare-lint' });
    },
    writer: {
      write: (staging, files) => (failure ? Promise.reject(new Error(HELPER_GONE)) : ask(writing, { kind: 'write', staging, files } satisfies WriteRequest)),
    },
    shareFixtures(model) {
      if (failure || fixtures) return undefined;
      const started = startFixtureShare(model, (request) => worker.postMessage(request));
      fixtures = started.receive;
      return { ...started.share, theirs: () => holding(started.share.theirs()) };
    },
    inWorker: true,
    async close() {
      await worker.terminate();
    },
  };
}
