/**
 * The side thread's lint (see beside.ts): loads the lint config as this run's main thread did and
 * lints the side thread's copy of the document (bundled, or the root as written). Bundled with @redocly/openapi-core at
 * build (bin/build.js), as the pipeline is.
 */
import { BaseResolver, lintDocument, Source } from '@redocly/openapi-core';
import { toSent, type LintJob, type SentProblem } from './beside.js';
import { loadLintConfig } from './lint-config.js';

export async function runLintJob(job: LintJob): Promise<SentProblem[]> {
  const config = await loadLintConfig(job.config);
  const document = { source: new Source(job.absoluteRef, job.body), parsed: job.document };
  const problems = await lintDocument({ document, config, externalRefResolver: new BaseResolver(config.resolve) });
  return problems.map(toSent);
}
