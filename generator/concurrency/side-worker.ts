/**
 * The side thread's entry (side-thread.ts): builds the model from its copy of the document, makes the
 * plugins it takes from the queue it shares with the main thread until none is left, and answers
 * once, with their files and problems or with what one threw.
 */
import { parentPort } from 'node:worker_threads';
import { builtinPlugins } from '../plugins/registry.js';
import { runPlugin } from '../plugins/run-plugin.js';
import { loadTemplates } from '../emit/templates.js';
import { buildModel } from '../model/build-model.js';
import { PodcastGenError, tooDeep, type Problem } from '../problems.js';
import type { SidePluginResult, SideReply, SideRequest } from './side-thread.js';

parentPort?.once('message', (request: SideRequest) => {
  void answer(request, (reply) => parentPort?.postMessage(reply)).then((reply) => parentPort?.postMessage(reply));
});

/** Makes the plugins it takes, sending each result as made; answers that it is done, or why it failed. */
async function answer(request: SideRequest, send: (reply: SideReply) => void): Promise<SideReply> {
  // The output being made when a failure came; none: the model.
  let output: string | undefined;
  try {
    const { model } = buildModel(request.document, request.modelOptions);
    const templates = loadTemplates(request.templatesDir);
    const next = new Int32Array(request.next);
    for (let taken = Atomics.add(next, 0, 1); taken < request.plugins.length; taken = Atomics.add(next, 0, 1)) {
      const { name, options } = request.plugins[taken] as SideRequest['plugins'][number];
      output = name;
      const started = performance.now();
      const plugin = builtinPlugins.find((p) => p.name === name);
      if (!plugin) throw new Error(`the side thread has no output "${name}"`);
      const problems: Problem[] = [];
      const context = { options, templates, outputs: request.outputs, report: (p: Problem) => void problems.push(p) };
      const files = await runPlugin({ plugin, model, context, builtin: true });
      const result: SidePluginResult = { name, files, problems, ms: Math.round(performance.now() - started) };
      send({ result });
    }
    return { done: true };
  } catch (thrown) {
    // The stage a failure is named by, as the pipeline names its own.
    const stage = output === undefined ? 'the model' : `the ${output} output`;
    const error = tooDeep(thrown, stage, request.modelOptions.source.path) ?? thrown;
    const where = output === undefined ? {} : { output };
    if (error instanceof PodcastGenError) return { failed: { message: error.message, problems: error.problems, exitCode: error.exitCode, ...where } };
    const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
    return { failed: { message, ...(stack ? { stack } : {}), ...where } };
  }
}
