/**
 * The side thread's entry (side-thread.ts): takes the first output of the queue it shares with the
 * main thread, lints the document where asked, then makes the outputs it takes until none is left
 * (one that reads only the document from it alone, the others from a model of its own, built when
 * first needed), sending each result as made, and answers that it is done or what one threw.
 */
import { parentPort } from 'node:worker_threads';
import { Source } from '@redocly/openapi-core';
import { builtinPlugins } from '../plugins/registry.js';
import { runPlugin } from '../plugins/run-plugin.js';
import { loadTemplates } from '../emit/templates.js';
import { loadLintConfig } from '../lint/lint-config.js';
import { lintSpecUnplaced } from '../lint/lint-spec.js';
import { DocumentResolver } from '../load/read-root.js';
import type { UnplacedProblem } from '../load/redocly-problems.js';
import { buildDocumentModel, buildModel } from '../model/build-model.js';
import type { ApiModel } from '../model/types.js';
import { PodcastGenError, tooDeep, type Problem } from '../problems.js';
import type { SidePluginResult, SideReply, SideRequest } from './side-thread.js';

parentPort?.once('message', (request: SideRequest) => {
  void answer(request, (reply) => parentPort?.postMessage(reply)).then((reply) => parentPort?.postMessage(reply));
});

/** Makes the plugins it takes, sending each result as made; answers that it is done, or why it failed. */
async function answer(request: SideRequest, send: (reply: SideReply) => void): Promise<SideReply> {
  // The stage a failure is named by, as the pipeline names its own.
  let stage = 'the model';
  let output: string | undefined;
  try {
    const next = new Int32Array(request.next);
    // Taken before lint: the main thread, done with its model meanwhile, takes the next one.
    let taken = Atomics.add(next, 0, 1);
    if (request.lint) {
      stage = 'lint';
      const started = performance.now();
      send({ lint: { problems: await lintAside(request), ms: Math.round(performance.now() - started) } });
    }
    const templates = loadTemplates(request.templatesDir);
    let model: ApiModel | undefined;
    for (; taken < request.plugins.length; taken = Atomics.add(next, 0, 1)) {
      const { name, options } = request.plugins[taken] as SideRequest['plugins'][number];
      const plugin = builtinPlugins.find((p) => p.name === name);
      output = name;
      if (!plugin) throw new Error(`the side thread has no output "${name}"`);
      // Its model, where first built here, fails as the model, not as this output.
      stage = 'the model';
      output = undefined;
      // An output that reads only the model's document and source (`Plugin.reads`) is given only
      // those: the rest of the model is built when an output first reads it.
      const input =
        plugin.reads === 'document' && !model
          ? (buildDocumentModel(request.document, request.modelOptions) as ApiModel)
          : (model ??= buildModel(request.document, request.modelOptions).model);
      stage = `the ${name} output`;
      output = name;
      const started = performance.now();
      const problems: Problem[] = [];
      const context = { options, templates, outputs: request.outputs, report: (p: Problem) => void problems.push(p) };
      const files = await runPlugin({ plugin, model: input, context, builtin: true });
      const result: SidePluginResult = { name, files, problems, ms: Math.round(performance.now() - started) };
      send({ result });
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

/** The document linted as the main thread would lint it (load-and-lint.ts `lint`), its problems unplaced. */
async function lintAside(request: SideRequest): Promise<UnplacedProblem[]> {
  const lint = request.lint as NonNullable<SideRequest['lint']>;
  const config = await loadLintConfig(lint.config);
  const source = new Source(lint.source.absoluteRef, lint.source.body, lint.source.mimeType);
  const spec = { root: { source, parsed: request.document }, resolver: new DocumentResolver(config.resolve) };
  return lintSpecUnplaced(spec, config, lint.cwd, request.document);
}
