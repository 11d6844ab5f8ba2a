import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { OpenApiDocument } from '../../load/read-spec.js';

/** Prints a document's types, once per document (the first call starts it, later ones share it). */
export interface TypesPrinter {
  print(document: OpenApiDocument): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts a types printer. Compiled (the CLI, the package), it is a worker thread that begins
 * loading openapi-typescript and the TypeScript compiler (about 0.7 s) at once, so that on a machine
 * with two cores the load, lint and model stages and the other emitters run meanwhile. From
 * TypeScript sources (tests under vitest or tsx) a worker could not load its `.ts` entry, so the same
 * function runs in this thread; both give the same text (test/generated/generated.test.ts).
 */
export function startTypesPrinter(): TypesPrinter {
  const entry = new URL('./types-worker.js', import.meta.url);
  const compiled = import.meta.url.endsWith('.js') && existsSync(fileURLToPath(entry));
  return compiled ? workerPrinter(entry) : inProcessPrinter();
}

/** The printer that runs in this thread. */
export function inProcessPrinter(): TypesPrinter {
  const printed = new WeakMap<OpenApiDocument, Promise<string>>();
  return {
    print(document) {
      const known = printed.get(document);
      if (known) return known;
      const text = import('./print-types.js').then(({ printTypes }) => printTypes(document));
      printed.set(document, text);
      return text;
    },
    async close() {},
  };
}

function workerPrinter(entry: URL): TypesPrinter {
  const worker = new Worker(entry);
  // Never keeps the process alive by itself: a run that fails before emitting ends without waiting.
  worker.unref();
  const printed = new WeakMap<OpenApiDocument, Promise<string>>();
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
    print(document) {
      const known = printed.get(document);
      if (known) return known;
      const text = failure
        ? Promise.reject(failure)
        : new Promise<string>((resolve, reject) => {
            waiting.push({ resolve, reject });
            worker.ref();
            worker.postMessage(document);
          }).finally(() => worker.unref());
      printed.set(document, text);
      return text;
    },
    async close() {
      await worker.terminate();
    },
  };
}
