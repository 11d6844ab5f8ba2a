/**
 * This thread's side of a lint offered to the side thread (beside.ts): who lints is settled before
 * the first shared emitter, and the problems come back as lint() gives them.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Source, type Config, type Document, type NormalizedProblem } from '@redocly/openapi-core';
import type { LintOffer, SideThread } from '../emit/side-thread/side-thread.js';
import { lintConfigOptions, type StageTimer } from '../load-and-lint.js';
import { toProblems } from '../load/redocly-problems.js';
import type { ResolvedOptions } from '../options.js';
import { hasErrors, PodcastGenError, type Problem } from '../problems.js';
import { parsedAsJson } from '../load/read-root.js';
import type { LoadedSpec, OpenApiDocument } from '../load/read-spec.js';
import type { SentProblem } from './beside.js';
import { lintSpec } from './lint-spec.js';

/** A lint offered to the side thread (lint/beside.ts). */
export interface OfferedLint {
  /** Called before the first shared emitter: lints here unless the side thread has started. */
  settle(): Promise<void>;
  /** The problems lint() would give, or the PodcastGenError it would throw, once lint is done. */
  problems(): Promise<Problem[]>;
}

/**
 * Sends a document's lint to the side thread: the loaded document (its types printed first with
 * `thenTypes`), or, before bundling (`asWritten`), the root as written, which the side thread,
 * idle while this thread bundles, lints at once. `asParsed`: the document is the root as readSpec
 * parsed it (not bundled since), so that a JSON one is sent as its body alone (beside.ts). A run
 * that fails before it asks for the problems leaves them unread: that is no unhandled rejection.
 */
export function sendLint(lint: NonNullable<SideThread['lint']>, document: Document, resolved: ResolvedOptions, options: { thenTypes: boolean; asWritten?: boolean; asParsed: boolean }): LintOffer {
  const { source } = document;
  const { asParsed, ...flags } = options;
  const fromBody = asParsed && parsedAsJson(source);
  const offer = lint({ document: document.parsed as OpenApiDocument, fromBody, absoluteRef: source.absoluteRef, body: source.body, config: lintConfigOptions(resolved), ...flags });
  offer.problems.catch(() => undefined);
  return offer;
}

/**
 * The lint sent to the side thread (sendLint), as the pipeline waits for it: the side thread lints
 * unless this thread, done with the emitters it runs alone, has claimed the lint first. Should the
 * side thread decline or fail to lint (it ended), this thread lints.
 */
export function offerLint(spec: LoadedSpec, config: Config, resolved: ResolvedOptions, offer: LintOffer, timer: StageTimer): OfferedLint {
  const lintHere = () => lintSpec(spec, config, resolved.cwd);
  const finish = async (found: Promise<Problem[]>, where: string) => {
    const problems = [...spec.problems, ...(await found)];
    timer('lint', `${problems.length} problem(s), ${where}`);
    if (hasErrors(problems)) throw new PodcastGenError(problems);
    return problems;
  };
  const here = (where: string) => finish(lintHere(), where);
  const there = () => {
    const found = offer.problems.then((sent) => (sent ? toProblems(sent.map((problem) => received(problem, spec)), resolved.cwd) : lintHere()), lintHere);
    return finish(found, 'in the side thread');
  };
  let result: Promise<Problem[]> | undefined;
  return {
    async settle() {
      if (result || !offer.claim()) return;
      result = here('here, while the side thread made fixtures');
      await result.catch(() => undefined);
    },
    // A run that failed before settling claims the lint too, if it still can: its report is then not kept waiting.
    problems: () => (result ??= offer.claim() ? here('here') : there()),
  };
}

/** A problem from the side thread with its places in this thread's sources again (the line and column come from them). */
function received(problem: SentProblem, spec: LoadedSpec): NormalizedProblem {
  const source = (absoluteRef: string) => (absoluteRef === spec.root.source.absoluteRef ? spec.root.source : new Source(absoluteRef, ''));
  return { ...problem, location: problem.location.map(({ absoluteRef, ...place }) => ({ ...place, source: source(absoluteRef) })) } as NormalizedProblem;
}

/** The size of a local `--spec` file (0 for a URL, or a file that is not there: load reports it). */
export function localFileSize(resolved: ResolvedOptions): number {
  if (/^https?:\/\//i.test(resolved.spec)) return 0;
  try {
    return statSync(resolve(resolved.cwd, resolved.spec)).size;
  } catch {
    return 0;
  }
}
