/**
 * `lint` without the rest of the pipeline: imports only the load and lint stages, so the command
 * never loads the emitters, handlebars or openapi-typescript (bin/build.js bundles it on its own).
 */
import type { StageEvent } from '../run-result.js';
import { loadAndLint } from '../load-and-lint.js';
import { resolveOptions, type GenerateOptions } from '../options.js';
import type { Problem } from '../problems.js';

/** Loads and lints one document; throws a PodcastGenError (with every problem) when any is an error. */
export async function lintDocumentFile(options: GenerateOptions, onStage: (event: StageEvent) => void): Promise<{ source: string; problems: Problem[] }> {
  const { spec, problems } = await loadAndLint(resolveOptions(options), { onStage });
  return { source: spec.displayPath, problems };
}
