/**
 * Lint beside the model and the emitters. On a large document lint takes as long as the model and
 * half the emitters together. A document to be bundled is sent to the side thread
 * (emit/side-thread/) as written, and linted there while this thread bundles it. Any other is sent
 * with its types to print, and whichever thread is free first lints: the side thread once it has
 * printed the types, or this thread once it has run the emitters it runs alone (the other then
 * makes fixtures). One shared ticket decides, claimed once (an atomic compare-and-exchange). Nothing
 * reaches the output folder before lint is done: a run whose document fails lint fails as it would
 * have before the model, with the same problems, and leaves no staging folder (pipeline.ts).
 */
import type { NormalizedProblem } from '@redocly/openapi-core';
import type { OpenApiDocument } from '../load/read-spec.js';
import type { LintConfigOptions } from './lint-config.js';

/**
 * From this size of document on, lint runs beside: the side thread loads @redocly/openapi-core
 * for it (0.15 s), which a smaller document's lint does not make up for (1,000 operations, 0.7 MB,
 * lint in 0.35 s; 5,000 operations, 3.6 MB, lint in 1.1 s).
 */
export const LINT_BESIDE_BYTES = 1024 * 1024;

/** What the side thread is sent: the document (the loaded one, or the root as written), its source (the file lint names), and how to find the config. */
export interface LintJob {
  kind: 'lint';
  /**
   * The document; absent when it is its body as JSON.parse reads it, bare discriminator mappings
   * named (as readSpec leaves the root it parsed), and nothing else changed: the side thread then
   * parses the body it is sent anyway (`documentFromBody`, beside-worker.ts). A copy of the parsed
   * document costs this thread v8's serializer (35 ms on 5,000 operations) and the side thread its
   * deserializer (115 ms), against 40 ms of JSON.parse.
   */
  document?: OpenApiDocument;
  absoluteRef: string;
  body: string;
  config: LintConfigOptions;
  /** Print the types of this document first (from a copy while lint may still be the side thread's: openapi-typescript changes what it prints). */
  thenTypes: boolean;
  /**
   * The root as written, sent before it is bundled. The side thread lints it only when every
   * `$ref` in it points inside it: linted as written, what an external reference pulls in would be
   * found in another file than where this thread, linting the bundled root, finds it. Otherwise it
   * declines without claiming, and this thread lints.
   */
  asWritten?: boolean;
  /** One Int32: 0 while nobody lints, then who does (see {@link claimLint}). */
  ticket: SharedArrayBuffer;
}

/**
 * True when some `$ref` (or discriminator mapping) names something outside the document: any
 * reference that does not start with `#`.
 */
export function pointsOutside(document: unknown): boolean {
  const stack: unknown[] = [document];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === 'string' && !record.$ref.startsWith('#')) return true;
    const mapping = (record.discriminator as { mapping?: unknown } | undefined)?.mapping;
    if (mapping && typeof mapping === 'object' && Object.values(mapping).some((target) => typeof target === 'string' && !target.startsWith('#'))) return true;
    for (const key of Object.keys(record)) stack.push(record[key]);
  }
  return false;
}

/** What the pipeline offers the side thread to lint (the job before it is sent): `fromBody`, see {@link LintJob.document}. */
export type LintRequest = Omit<LintJob, 'kind' | 'ticket' | 'document'> & { document: OpenApiDocument; fromBody: boolean };

/** Who claimed a lint ticket. */
export const LINT_HERE = 1;
export const LINT_IN_SIDE_THREAD = 2;

/** Claims the ticket for `who`: true when it was free, so that `who` lints. */
export function claimLint(ticket: SharedArrayBuffer, who: typeof LINT_HERE | typeof LINT_IN_SIDE_THREAD): boolean {
  return Atomics.compareExchange(new Int32Array(ticket), 0, 0, who) === 0;
}

/** Whether this thread has claimed the ticket (so the side thread's copy will not be linted). */
export function claimedHere(ticket: SharedArrayBuffer): boolean {
  return Atomics.load(new Int32Array(ticket), 0) === LINT_HERE;
}

/** A redocly problem as it crosses threads: each place names its source by its absolute path or URL. */
export type SentProblem = Omit<NormalizedProblem, 'location'> & { location: (Omit<NormalizedProblem['location'][number], 'source'> & { absoluteRef: string })[] };

/** What the side thread answers: the problems, or that this thread claimed the lint first, or why it failed. */
export type LintAnswer = { kind: 'lint'; problems: SentProblem[] } | { kind: 'lint-declined' } | { kind: 'lint-failed'; error: string };

/** A problem ready to cross threads (its source objects left behind). */
export function toSent(problem: NormalizedProblem): SentProblem {
  return { ...problem, location: problem.location.map(({ source, ...place }) => ({ ...place, absoluteRef: source.absoluteRef })) };
}
