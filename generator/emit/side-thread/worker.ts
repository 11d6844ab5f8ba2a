/**
 * Worker-thread entry of the side thread (side-thread.ts): loads openapi-typescript as soon as it
 * starts (importing print-types.js loads it), prints the types of each document it is sent, and
 * makes its share of fixtures. Requests are handled one after another, in the order they came.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { OpenApiDocument } from '../../load/read-spec.js';
import { claimedHere, claimLint, LINT_IN_SIDE_THREAD, pointsOutside, type LintJob } from '../../lint/beside.js';
import type { FixtureShareRequest } from '../fixtures/fixture-share.js';
import type { SideThreadAnswer, WriteRequest } from './side-thread.js';

type Request = { kind: 'types'; document: OpenApiDocument } | { kind: 'prepare-lint' } | LintJob | FixtureShareRequest | WriteRequest;

const printing = import('../types/print-types.js');
const send = (answer: SideThreadAnswer) => parentPort?.postMessage(answer);
let queue: Promise<void> = Promise.resolve();

/** @redocly/openapi-core and the lint config's code, loaded once, on the first lint or its announcement. */
let linter: Promise<typeof import('../../lint/beside-worker.js')> | undefined;
const loadLinter = () => (linter ??= import('../../lint/beside-worker.js'));

parentPort?.on('message', (request: Request) => {
  // Announced before the document is read: loads while the main thread reads and bundles it.
  if (request.kind === 'prepare-lint') loadLinter().catch(() => undefined);
  else queue = queue.then(() => handle(request));
});

async function handle(request: Exclude<Request, { kind: 'prepare-lint' }>): Promise<void> {
  if (request.kind === 'fixtures') {
    // Loaded on first use: a run whose worker is never asked for fixtures does not load them.
    const { makeFixtureShare } = await import('../fixtures/fixture-share.js');
    return makeFixtureShare(request, send);
  }
  if (request.kind === 'types') return printTypesOf(request.document, true);
  if (request.kind === 'write') return writeInto(request);
  let document: OpenApiDocument;
  try {
    // Sent as its body alone (beside.ts): parsed here, with the linter's code (loading since `prepare-lint`).
    document = request.document ?? (await loadLinter()).documentFromBody(request.body);
  } catch (error) {
    if (request.thenTypes) send({ kind: 'types-failed', error: reason(error) });
    return send({ kind: 'lint-failed', error: reason(error) });
  }
  // The types first: the main thread waits for them at the end of its emitters. The copy is the
  // printer's own unless it may still be linted (openapi-typescript changes what it prints).
  if (request.thenTypes) await printTypesOf(document, claimedHere(request.ticket));
  // A root as written that points outside itself is declined unclaimed: the main thread lints it bundled.
  if ((request.asWritten && pointsOutside(document)) || !claimLint(request.ticket, LINT_IN_SIDE_THREAD)) return send({ kind: 'lint-declined' });
  try {
    const { runLintJob } = await loadLinter();
    send({ kind: 'lint', problems: await runLintJob({ ...request, document }) });
  } catch (error) {
    send({ kind: 'lint-failed', error: reason(error) });
  }
}

async function printTypesOf(document: OpenApiDocument, owned: boolean): Promise<void> {
  try {
    const { printTypes } = await printing;
    // An owned document is this thread's own copy (the message): printed without copying it again.
    send({ kind: 'types', text: printTypes(document, { owned }) });
  } catch (error) {
    send({ kind: 'types-failed', error: reason(error) });
  }
}

/** Writes the files into the staging folder (its folders made already); the first failure is answered as fs gave it. */
function writeInto({ staging, files }: WriteRequest): void {
  try {
    for (const file of files) writeFileSync(join(staging, file.path), file.content);
    send({ kind: 'written' });
  } catch (error) {
    const { code, syscall, message } = error as NodeJS.ErrnoException;
    send({ kind: 'write-failed', message, ...(code ? { code } : {}), ...(syscall ? { syscall } : {}) });
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
