import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { OpenApiDocument } from '../../load/read-spec.js';

/** Prints a document's types, once per document (the first call starts it, later ones share it). */
export interface TypesPrinter {
  print(document: OpenApiDocument): Promise<string>;
  /** True for a worker thread: printing there runs beside this thread's work, not in its way. */
  inWorker: boolean;
  close(): Promise<void>;
}

/**
 * Starts a types printer: a worker thread when running compiled (the CLI, the package), else this
 * thread. generate() starts it before the pipeline's own modules load, so on a second core the
 * worker loads openapi-typescript and the TypeScript compiler (about 0.25 s with the code cache)
 * while this thread loads @redocly/openapi-core (about 0.4 s), and prints the types while this
 * thread lints and runs the other emitters. From TypeScript sources (tests under vitest or tsx) a
 * worker could not load its `.ts` entry. Both give the same text (test/generated/types-worker.test.ts).
 * With one core there is nothing to overlap: the printing stays in this thread, as it does with
 * `PODCAST_GEN_TYPES_IN_PROCESS=1`.
 */
export function startTypesPrinter(): TypesPrinter {
  const entry = new URL('./types-worker.js', import.meta.url);
  const compiled = import.meta.url.endsWith('.js') && existsSync(fileURLToPath(entry));
  const worthIt = availableParallelism() > 1 && !process.env.PODCAST_GEN_TYPES_IN_PROCESS;
  return compiled && worthIt ? workerPrinter(entry) : inProcessPrinter();
}

/** The printer that runs in this thread. */
export function inProcessPrinter(): TypesPrinter {
  return { print: once((document) => import('./print-types.js').then(({ printTypes }) => printTypes(document))), inWorker: false, async close() {} };
}

/** `print` started once per document: the run starts it early, emitTypes collects the same promise. */
function once(print: (document: OpenApiDocument) => Promise<string>): TypesPrinter['print'] {
  const printed = new WeakMap<OpenApiDocument, Promise<string>>();
  return (document) => {
    const text = printed.get(document) ?? print(document);
    printed.set(document, text);
    return text;
  };
}

function workerPrinter(entry: URL): TypesPrinter {
  const worker = new Worker(entry);
  // Never keeps the process alive by itself: a run that fails before emitting ends without waiting.
  worker.unref();
  let failure: Error | undefined;
  const waiting: { resolve(text: string): void; reject(error: Error): void }[] = [];
  worker.on('message', (answer: { text?: string; error?: string }) => {
    const next = waiting.shift();
    if (answer.text !== undefined) next?.resolve(answer.text);
    else next?.reject(new Error(`printing the types failed: ${answer.error ?? 'no reason given'}`));
  });
  worker.on('error', (error) => {
    failure = error;
    for (const next of waiting.splice(0)) next.reject(error);
  });
  return {
    print: once((document) =>
      failure
        ? Promise.reject(failure)
        : new Promise<string>((resolve, reject) => {
            waiting.push({ resolve, reject });
            worker.ref();
            worker.postMessage(document);
          }).finally(() => worker.unref()),
    ),
    inWorker: true,
    async close() {
      await worker.terminate();
    },
  };
}
