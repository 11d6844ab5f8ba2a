/**
 * The pipeline itself: load -> lint -> model -> emit -> write. index.ts imports this module only
 * once a run has started its types printer, so that the worker thread loads openapi-typescript
 * while this thread loads @redocly/openapi-core and the rest of these imports.
 */
import { dirname, resolve } from 'node:path';
import type { Config, Document } from '@redocly/openapi-core';
import { fixturePathsOf } from './emit/fixtures/emit-fixtures.js';
import { fixtureModelOf } from './emit/fixtures/fixture-model.js';
import type { FixtureShare } from './emit/fixtures/fixture-share.js';
import { emitters, type GeneratedFile } from './emit/index.js';
import { manifestFile } from './emit/manifest.js';
import { loadTemplates } from './emit/templates.js';
import type { LintOffer, SideThread } from './emit/side-thread/side-thread.js';
import type { GenerateHooks, GenerateResult } from './index.js';
import { LINT_BESIDE_BYTES } from './lint/beside.js';
import { localFileSize, offerLint, sendLint, type OfferedLint } from './lint/offer-lint.js';
import { transformsDocument } from './load/bundle.js';
import { lint, load, stageTimer, type StageTimer } from './load-and-lint.js';
import type { LoadedSpec } from './load/read-spec.js';
import { sourceLabel } from './load/source-label.js';
import { buildModel, namesEveryOperation } from './model/build-model.js';
import type { ApiModel } from './model/types.js';
import { DEFAULT_SPEC, type ResolvedOptions } from './options.js';
import { withLazyPlace, type Problem } from './problems.js';
import { compareFiles, HELPER_FROM_FILES, openEarlyStaging, writeFiles, type EarlyStaging } from './write/write-files.js';

// The library's loadAndLint() (index.ts) reaches the stages through this bundle too.
export { loadAndLint } from './load-and-lint.js';

/** Generates every output from a document and writes it (or, with `check`, compares it). */
export async function runPipeline(resolved: ResolvedOptions, hooks: GenerateHooks, sideThread: SideThread): Promise<GenerateResult> {
  const timer = stageTimer(hooks);
  // A large document is linted in the side thread (lint/beside.ts), which starts loading redocly now.
  if (sideThread.prepareLint && localFileSize(resolved) >= LINT_BESIDE_BYTES) sideThread.prepareLint();
  // A preprocessor changes the document it lints: that must be this thread's document.
  const besideFor = (root: Document, config: Config) => (sideThread.lint && root.source.body.length >= LINT_BESIDE_BYTES && !transformsDocument(config) ? sideThread.lint : undefined);
  // A document to be bundled is sent as written, before the bundle pass: the side thread, which
  // needs the bundled document for the types, lints it meanwhile (GitHub's document: 0.8 s of
  // bundling here, 1.25 s of lint there). A document that is its own bundle is sent after load,
  // with its types to print first (`later`): it is then the very object the model reads.
  let early: LintOffer | undefined;
  const { spec, config } = await load(resolved, timer, (root, config) => {
    const beside = besideFor(root, config);
    if (beside) early = sendLint(beside, root, resolved, { thenTypes: false, asWritten: true, asParsed: true });
  });
  // When the model's document will be this very document, a worker starts printing it now, beside
  // lint and the model rather than after them (generateFrom asks for the model's document: the same
  // print). In this thread it waits for the model: a run that fails lint should not print at all.
  const printNow = sideThread.inWorker && namesEveryOperation(spec.document);
  const later = early ? undefined : besideFor(spec.root, config);
  // The root unbundled: its own bundle, the very object readSpec parsed.
  const offer = early ?? (later && sendLint(later, spec.root, resolved, { thenTypes: printNow, asParsed: spec.document === spec.root.parsed }));
  // A print a lint offer started (thenTypes) is the one this call gets: the side thread prints a document once.
  if (printNow) sideThread.printTypes(spec.document).catch(() => undefined);
  if (offer) return generateFrom(spec, offerLint(spec, config, resolved, offer, timer), resolved, sideThread, timer);
  const problems = await lint(spec, config, resolved, timer);
  return generateFrom(spec, problems, resolved, sideThread, timer);
}

/**
 * Model, emit and write (or, with `check`, compare) a document linted already, or whose lint was
 * offered to the side thread (lint/offer-lint.ts): nothing reaches the output folder before lint
 * is done (an early staging folder is removed when lint fails), and a document that fails lint
 * fails with lint's problems, also where the model or an emitter failed on it first.
 */
async function generateFrom(spec: LoadedSpec, linted: Problem[] | OfferedLint, resolved: ResolvedOptions, sideThread: SideThread, timer: StageTimer): Promise<GenerateResult> {
  const offered = Array.isArray(linted) ? undefined : linted;
  const later: Problem[] = [];
  let emitted: { model: ApiModel; files: GeneratedFile[]; early?: EarlyWrite };
  try {
    emitted = await modelAndEmit(spec, later, resolved, sideThread, timer, offered?.settle);
  } catch (error) {
    await offered?.problems();
    throw error;
  }
  const { model, files, early } = emitted;
  let problems: Problem[];
  try {
    problems = [...(offered ? await offered.problems() : (linted as Problem[])), ...later];
  } catch (error) {
    early?.remove();
    throw error;
  }
  const outDir = resolve(resolved.cwd, resolved.out);
  const base = { model, files, problems, outDir };
  if (resolved.check) {
    const comparison = compareFiles(files, outDir);
    timer('check', `${comparison.written.length + comparison.removed.length} stale`);
    return { ...base, ...comparison, current: comparison.written.length === 0 && comparison.removed.length === 0 };
  }
  // The side thread is idle by now: it writes the folder with the most files beside this thread.
  const written = await writeFiles(files, outDir, resolved.out, sideThread.writer, early?.staging);
  timer('write', `${written.written.length} written, ${written.unchanged.length} unchanged`);
  return { ...base, ...written };
}

/** An early staging folder (write-files.ts), which both threads write the fixtures into as they make them. */
interface EarlyWrite {
  staging: EarlyStaging;
  /** Stops the side thread's writes into the folder, then removes it. */
  remove(): void;
}

/**
 * Opens an early staging folder when the fixtures are about to be made, for a new output folder of
 * many files, with a side thread to share them (else there is nothing to gain). This thread writes
 * what it has made so far (every output but the types, the index and the fixtures) while the side
 * thread is still busy printing or linting; then each thread writes the fixtures it makes as it
 * makes them, so the writes are shared by the claiming of fixture chunks like the rest of the work,
 * and what is left to write at the end, when there is nothing else to share, is the few files made
 * last. On 5,000 operations that was 0.4 s of this thread's writes, beside the side thread's 0.2 s.
 */
function openEarlyWrite(files: readonly GeneratedFile[], model: ApiModel, outDir: string, share: FixtureShare | undefined, sideThread: SideThread): EarlyWrite | undefined {
  if (!share || !sideThread.writer || model.operations.length < HELPER_FROM_FILES) return undefined;
  const staging = openEarlyStaging(outDir);
  if (!staging) return undefined;
  const remove = () => {
    share.stopWriting();
    staging.remove();
  };
  try {
    staging.write(files);
    share.writeInto(staging.path);
  } catch {
    remove();
    return undefined;
  }
  return { staging, remove };
}

/** The model and every emitter's files; their problems go to `problems`. */
async function modelAndEmit(spec: LoadedSpec, problems: Problem[], resolved: ResolvedOptions, sideThread: SideThread, timer: StageTimer, beforeShared?: () => Promise<void>): Promise<{ model: ApiModel; files: GeneratedFile[]; early?: EarlyWrite }> {
  const outDir = resolve(resolved.cwd, resolved.out);
  const label = sourceLabel({ absoluteRef: spec.absoluteRef, outDir, packageSpecFolder: dirname(DEFAULT_SPEC) });
  const built = buildModel(spec.document, { apiName: resolved.name, source: { path: spec.displayPath, label, hash: spec.hash } });
  const { model } = built;
  problems.push(...built.problems.map((p) => placed({ ...p, file: p.file ?? spec.displayPath }, spec)));
  timer('model', `${model.operations.length} operations`);
  const templates = loadTemplates(resolved.templates && resolve(resolved.cwd, resolved.templates));
  // Emitters name places by JSON pointer; the reporter prints them as file:line:col where it can.
  const report = (p: Problem) => problems.push(p.line === undefined ? placed(p, spec) : p);
  const files: GeneratedFile[] = [];
  sideThread.printTypes(model.document).catch(() => undefined);
  // Sent now, so that the side thread starts on fixtures as soon as the types are printed.
  // The part of the model fixtures are made of, with its discriminator tags made here, once (this
  // module's own fixtures find them made: fixture-model.ts).
  const fixtureShare = sideThread.shareFixtures(fixtureModelOf(model));
  let settled = false;
  let early: EarlyWrite | undefined;
  try {
    for (const emitter of emitters) {
      if (emitter.shared && !settled) {
        settled = true;
        await beforeShared?.();
        if (!resolved.check) early = openEarlyWrite(files, model, outDir, fixtureShare, sideThread);
      }
      files.push(...(await emitter.emit({ model, templates, sideThread, report, ...(fixtureShare ? { fixtureShare } : {}) })));
      timer(`emit ${emitter.name}`);
    }
  } catch (error) {
    early?.remove();
    throw error;
  }
  // Every chunk has been answered by now (the fixtures emitter waited for them): the side thread writes no more.
  early?.staging.adopt(fixturePathsOf(model, fixtureShare?.writtenChunks() ?? []));
  files.push(manifestFile(model, files));
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { model, files, ...(early ? { early } : {}) };
}

/**
 * A problem that names a pointer gets its line and column when they are first read: finding them
 * parses the whole source into an AST (0.45 s for GitHub's document), and under `--quiet` no
 * warning is ever printed.
 */
function placed(problem: Problem, spec: LoadedSpec): Problem {
  const { pointer } = problem;
  return pointer ? withLazyPlace({ ...problem }, () => spec.locate(pointer)) : problem;
}
