/**
 * The side thread's entry (side-thread.ts): reads the document where it was started to (while the
 * main thread reads it; else, or where its read is not the main thread's, it is sent a copy), takes
 * the first output of the queue it shares with the main thread, lints the document where asked, then
 * makes the outputs it takes until none is left (one that reads only the document from it alone, the
 * others from a model of its own, built when first needed), sending each result as made, and answers
 * that it is done or what one threw.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type Config, Source } from '@redocly/openapi-core';
import { builtinPlugins } from '../plugins/registry.js';
import { runPlugin } from '../plugins/run-plugin.js';
import { loadTemplates } from '../emit/templates.js';
import { loadLintConfig } from '../lint/lint-config.js';
import { lintSpecUnplaced } from '../lint/lint-spec.js';
import { DocumentResolver } from '../load/read-root.js';
import { isOneFile, readSpec, textHash, type LoadedSpec } from '../load/read-spec.js';
import type { UnplacedProblem } from '../load/redocly-problems.js';
import { buildDocumentModel, buildModel } from '../model/build-model.js';
import type { ApiModel } from '../model/types.js';
import { hasErrors, PodcastGenError, tooDeep, type Problem } from '../problems.js';
import { workerTakes } from './worker-takes.js';
import { sentFiles } from './sent-files.js';
import type { SideCopy, SideRead, SideReply, SideRequest, SideWorkerData } from './side-thread.js';

/**
 * The worker's own read of the document, begun at once; undefined where it was not asked to read, or
 * the read failed. Let go of once taken: its file's text is not held while the outputs are made.
 */
let ownRead: ReturnType<typeof readDocument> | undefined = readDocument((workerData as SideWorkerData | undefined)?.read);

parentPort?.once('message', (request: SideRequest) => {
  void answer(request, (reply, transfer) => parentPort?.postMessage(reply, transfer)).then((reply) => parentPort?.postMessage(reply));
});

/** Makes the plugins it takes, sending each result as made; answers that it is done, or why it failed. */
async function answer(request: SideRequest, send: (reply: SideReply, transfer?: ArrayBuffer[]) => void): Promise<SideReply> {
  // The stage a failure is named by, as the pipeline names its own.
  let stage = 'the model';
  let output: string | undefined;
  try {
    let input: DocumentInput | undefined = await inputOf(request, send);
    const { document } = input;
    const next = new Int32Array(request.next);
    const { length } = request.plugins;
    const readsDocumentOnly = (index: number) => pluginOf(request, index)?.reads === 'document';
    let model: ApiModel | undefined;
    // The next output where worth taking (worker-takes.ts), taken only if still the next one: the
    // main thread may take it between the look and the take.
    const takeNext = (): number => {
      for (;;) {
        const index = Atomics.load(next, 0);
        if (!workerTakes({ next: index, length, readsDocumentOnly }, model !== undefined)) return length;
        if (Atomics.compareExchange(next, 0, index, index + 1) === index) return index;
      }
    };
    // Taken before lint: the main thread, done with its model meanwhile, takes the next one.
    let taken = takeNext();
    if (request.lint) {
      stage = 'lint';
      const started = performance.now();
      const problems = await lintAside(input, request.lint.cwd);
      send({ lint: { problems, ms: Math.round(performance.now() - started) } });
      // The run fails with lint's errors: no output is made after them, by either thread (the main
      // thread's next take finds the queue empty), as in one thread, where lint comes first.
      if (hasErrors(problems.map((p) => p.problem))) {
        Atomics.store(next, 0, length);
        return { done: true };
      }
    }
    // The file's text and its resolver are lint's alone: not held while the outputs are made.
    input = undefined;
    const templates = loadTemplates(request.templatesDir);
    for (; taken < length; taken = takeNext()) {
      const { name, options } = request.plugins[taken] as SideRequest['plugins'][number];
      const plugin = pluginOf(request, taken);
      output = name;
      if (!plugin) throw new Error(`the side thread has no output "${name}"`);
      // Its model, where first built here, fails as the model, not as this output.
      stage = 'the model';
      output = undefined;
      // An output that reads only the model's document and source (`Plugin.reads`) is given only
      // those: the rest of the model is built when an output first reads it.
      const read =
        plugin.reads === 'document' && !model
          ? (buildDocumentModel(document, request.modelOptions) as ApiModel)
          : (model ??= buildModel(document, request.modelOptions).model);
      stage = `the ${name} output`;
      output = name;
      const started = performance.now();
      const problems: Problem[] = [];
      const context = { options, templates, outputs: request.outputs, report: (p: Problem) => void problems.push(p) };
      const files = await runPlugin({ plugin, model: read, context, builtin: true });
      const sent = sentFiles(files);
      send({ result: { name, files: sent.files, problems, ms: Math.round(performance.now() - started) } }, sent.transfer);
    }
    return { done: true };
  } catch (thrown) {
    const error = tooDeep(thrown, stage, request.modelOptions.source.path) ?? thrown;
    const where = output === undefined ? {} : { output };
    if (error instanceof PodcastGenError) return { failed: { message: error.message, problems: error.problems, exitCode: error.exitCode, ...where } };
    const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
    return { failed: { message, ...(stack ? { stack } : {}), ...where } };
  }
}

/** The built-in plugin of the request's `index`th output. */
function pluginOf(request: SideRequest, index: number) {
  const name = request.plugins[index]?.name;
  return builtinPlugins.find((p) => p.name === name);
}

/** The document the worker makes outputs of, and what lint reads of its file. */
interface DocumentInput {
  document: Record<string, unknown>;
  lintable: () => Promise<{ spec: Pick<LoadedSpec, 'root' | 'resolver' | 'converted'>; config: Config }>;
}

/**
 * The request's document: its own read where that has the hash asked for, else the main thread's
 * copy, sent with the request or asked for now (`send`).
 */
async function inputOf(request: SideRequest, send: (reply: SideReply) => void): Promise<DocumentInput> {
  const pending = ownRead;
  ownRead = undefined;
  if ('copy' in request.document) return copyInput(request.document.copy, request);
  const read = await pending;
  if (read?.hash === request.document.readHash) {
    const { spec, config } = read;
    return { document: spec.document as Record<string, unknown>, lintable: async () => ({ spec, config }) };
  }
  send({ wantsCopy: true });
  return copyInput(await new Promise<SideCopy>((resolve) => parentPort?.once('message', resolve)), request);
}

function copyInput(copy: SideCopy, request: SideRequest): DocumentInput {
  // Lint's alone (see answer): let go of with the input, not held by the request.
  const { text } = copy;
  delete copy.text;
  return {
    document: copy.document,
    lintable: async () => {
      const config = await loadLintConfig(request.lint?.config);
      if (!text) throw new Error('a copy of the document to lint comes with its text');
      const { absoluteRef, body, mimeType } = text;
      const root = { source: new Source(absoluteRef, body, mimeType), parsed: copy.document };
      return { spec: { root, resolver: new DocumentResolver(config.resolve), converted: false }, config };
    },
  };
}

/** The document linted as the main thread would lint it (load-and-lint.ts `lint`), its problems unplaced. */
async function lintAside(input: DocumentInput, cwd: string): Promise<UnplacedProblem[]> {
  const { spec, config } = await input.lintable();
  return lintSpecUnplaced(spec, config, cwd, spec.root.parsed);
}

/**
 * The document read as the load stage reads it (its root file alone: the worker fetches nothing), and
 * its text's hash; a failure is the main thread's to report (it reads the same file), so here it is
 * only a read that did not happen.
 */
async function readDocument(read: SideRead | undefined): Promise<{ spec: LoadedSpec; config: Config; hash: string } | undefined> {
  if (!read) return undefined;
  try {
    const config = await loadLintConfig(read.lintConfig);
    const spec = await readSpec({ spec: read.spec, cwd: read.cwd, config, rootOnly: true });
    return isOneFile(spec) ? { spec, config, hash: textHash(spec.root.source.body) } : undefined;
  } catch {
    return undefined;
  }
}
