import { existsSync } from 'node:fs';
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
 * Documents of at least this many operations print their types in a worker thread, started before
 * lint. Measured on two cores (median of 3 cold runs): a worker costs about what it saves up to 100
 * operations (podcast 1.09 s against 1.05 s, 100 synthetic 1.40 s against 1.39 s), since loading
 * openapi-typescript and the TypeScript compiler beside the main thread's own loading slows both;
 * from a few hundred it pays (300: 1.76 s against 1.89 s; 1,000: 2.9 s against 3.3 s; GitHub's
 * 1,223: 6.5 s against 7.2 s).
 */
export const WORKER_MIN_OPERATIONS = 200;

/**
 * Starts a types printer for a document of `operations` operations: a worker thread for a large
 * document when running compiled (the CLI, the package), else in this thread. From TypeScript
 * sources (tests under vitest or tsx) a worker could not load its `.ts` entry. Both give the same
 * text (test/generated/generated.test.ts and the spawned CLI check the same generated/).
 */
export function startTypesPrinter(options: { operations: number }): TypesPrinter {
  const entry = new URL('./types-worker.js', import.meta.url);
  const compiled = import.meta.url.endsWith('.js') && existsSync(fileURLToPath(entry));
  return compiled && options.operations >= WORKER_MIN_OPERATIONS ? workerPrinter(entry) : inProcessPrinter();
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
