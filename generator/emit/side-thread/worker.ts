/**
 * Worker-thread entry of the side thread (side-thread.ts): loads openapi-typescript as soon as it
 * starts (importing print-types.js loads it), prints the types of each document it is sent, and
 * makes its share of fixtures. Requests are handled one after another, in the order they came.
 */
import { parentPort } from 'node:worker_threads';
import type { OpenApiDocument } from '../../load/read-spec.js';
import type { FixtureShareRequest } from '../fixtures/fixture-share.js';
import type { SideThreadAnswer } from './side-thread.js';

type Request = { kind: 'types'; document: OpenApiDocument } | FixtureShareRequest;

const printing = import('../types/print-types.js');
const send = (answer: SideThreadAnswer) => parentPort?.postMessage(answer);
let queue: Promise<void> = Promise.resolve();

parentPort?.on('message', (request: Request) => {
  queue = queue.then(() => handle(request));
});

async function handle(request: Request): Promise<void> {
  if (request.kind === 'fixtures') {
    // Loaded on first use: a run whose worker is never asked for fixtures does not load them.
    const { makeFixtureShare } = await import('../fixtures/fixture-share.js');
    return makeFixtureShare(request, send);
  }
  try {
    const { printTypes } = await printing;
    // The message is this thread's own copy of the document: printed without copying it again.
    send({ kind: 'types', text: printTypes(request.document, { owned: true }) });
  } catch (error) {
    send({ kind: 'types-failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
