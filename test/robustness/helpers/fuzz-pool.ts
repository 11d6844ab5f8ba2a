/**
 * A small pool of worker threads for the document fuzzer, reused across cases. Each thread has a
 * heap limit and each case a wall-clock limit: a document that runs out of memory or never ends
 * fails its own case (the thread is replaced), never the suite.
 */
import { Worker } from 'node:worker_threads';
import type { Problem } from '../../../generator/index.js';

/** The entry points that read a document: the library's generate, and the CLI's lint, check and diff. */
export type Entry = 'generate' | 'lint' | 'check' | 'diff';

/** One run: an entry point on a document file, in a folder of its own (`out`: an empty folder for check). */
export interface FuzzJob {
  entry: Entry;
  file: string;
  dir: string;
  out: string;
  /** For `diff`: the document before the mutation (`file` is after it), and whether to prove by compiling (`--types`). */
  original?: string;
  types?: boolean;
}

/** How a run in the worker ended. */
export type RunEnding =
  | { ending: 'generated'; problems: Problem[] }
  | { ending: 'refused'; problems: Problem[]; exitCode: number }
  | { ending: 'cli'; code: number; stdout: string; stderr: string; command?: 'diff' }
  | { ending: 'thrown'; name: string; message: string; stack: string };

/** What the worker answers; `heapMb` is the heap it held at most, sampled, beyond what it held before. */
export type JobAnswer = RunEnding & { heapMb: number };

/** How a run ended, as the pool saw it: the worker's answer, or the worker's own end. */
export type JobResult = (JobAnswer | { ending: 'out-of-memory' | 'timeout' | 'worker-exit' | 'worker-error'; detail: string; heapMb?: undefined }) & {
  ms: number;
};

export interface PoolLimits {
  /** Old-generation heap of each thread, in MB. */
  maxOldGenerationSizeMb: number;
  /** Stack of each thread, in MB: about the main thread's, so a recursion the CLI would overflow overflows here too. */
  stackSizeMb: number;
  /** Wall-clock time of one run. */
  timeoutMs: number;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
}

const BOOT = new URL('./fuzz-worker-boot.mjs', import.meta.url);

export class FuzzPool {
  readonly #limits: PoolLimits;
  readonly #free: Slot[] = [];
  readonly #waiting: ((slot: Slot) => void)[] = [];
  readonly #all = new Set<Slot>();

  constructor(size: number, limits: PoolLimits) {
    this.#limits = limits;
    for (let i = 0; i < size; i++) this.#free.push(this.#spawn());
  }

  /** Resolves when every thread has loaded the generator (a thread that cannot start rejects). */
  async ready(): Promise<void> {
    await Promise.all([...this.#all].map((slot) => slot.ready));
  }

  async run(job: FuzzJob): Promise<JobResult> {
    const slot = this.#free.pop() ?? (await new Promise<Slot>((resolve) => this.#waiting.push(resolve)));
    await slot.ready;
    const { result, dead } = await this.#runOn(slot, job);
    const next = dead ? this.#replace(slot) : slot;
    const waiter = this.#waiting.shift();
    if (waiter) waiter(next);
    else this.#free.push(next);
    return result;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#all].map((slot) => slot.worker.terminate()));
    this.#all.clear();
  }

  #spawn(): Slot {
    const worker = new Worker(BOOT, {
      resourceLimits: { maxOldGenerationSizeMb: this.#limits.maxOldGenerationSizeMb, stackSizeMb: this.#limits.stackSizeMb },
      env: { ...process.env, PODCAST_GEN_SIDE_THREAD: 'off' },
      stdout: true,
      stderr: true,
    });
    // An 'error' with no listener would end this process: the run that sees it reports it.
    worker.on('error', () => undefined);
    // What a run prints (warnings, a library's own logging) is not the case's outcome: read and dropped.
    worker.stdout.resume();
    worker.stderr.resume();
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('message', (message) => (message === 'ready' ? resolve() : reject(new Error(`fuzz worker said ${String(message)}`))));
      worker.once('exit', (code) => reject(new Error(`fuzz worker stopped with exit code ${code} while starting`)));
    });
    const slot = { worker, ready };
    this.#all.add(slot);
    return slot;
  }

  #replace(slot: Slot): Slot {
    this.#all.delete(slot);
    void slot.worker.terminate();
    return this.#spawn();
  }

  #runOn(slot: Slot, job: FuzzJob): Promise<{ result: JobResult; dead: boolean }> {
    const { worker } = slot;
    const start = performance.now();
    return new Promise((resolve) => {
      const finish = (answer: JobAnswer | Extract<JobResult, { detail: string }>, dead: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve({ result: { ...answer, ms: performance.now() - start } as JobResult, dead });
      };
      const onMessage = (answer: JobAnswer) => finish(answer, false);
      const onError = (error: Error & { code?: string }) =>
        finish({ ending: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out-of-memory' : 'worker-error', detail: error.stack ?? String(error), ms: 0 }, true);
      const onExit = (code: number) => finish({ ending: 'worker-exit', detail: `the thread ended with exit code ${code}`, ms: 0 }, true);
      const timer = setTimeout(
        () => finish({ ending: 'timeout', detail: `no answer within ${this.#limits.timeoutMs} ms`, ms: 0 }, true),
        this.#limits.timeoutMs,
      );
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(job);
    });
  }
}
