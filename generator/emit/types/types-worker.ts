/**
 * Worker-thread entry of the types printer (types-printer.ts): loads openapi-typescript as soon as
 * it starts (importing print-types.js loads it), then prints the types of each document it is sent.
 */
import { parentPort } from 'node:worker_threads';
import type { OpenApiDocument } from '../../load/read-spec.js';

const printing = import('./print-types.js');
parentPort?.on('message', (document: OpenApiDocument) => {
  printing
    // The message is this thread's own copy of the document: printed without copying it again.
    .then(({ printTypes }) => printTypes(document, { owned: true }))
    .then(
      (text) => parentPort?.postMessage({ text }),
      (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
});
