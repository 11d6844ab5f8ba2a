/**
 * The side thread's lint (see beside.ts): loads the lint config as this run's main thread did and
 * lints the side thread's copy of the document (bundled, or the root as written). Bundled with @redocly/openapi-core at
 * build (bin/build.js), as the pipeline is.
 */
import { BaseResolver, lintDocument, Source } from '@redocly/openapi-core';
import type { OpenApiDocument } from '../load/read-spec.js';
import { normalizeDiscriminatorMappings } from '../load/discriminator-mapping.js';
import { toSent, type LintJob, type SentProblem } from './beside.js';
import { loadLintConfig } from './lint-config.js';

/**
 * A document sent as its body (beside.ts, `LintJob.document`): parsed as the main thread's
 * resolver parsed it (read-root.ts, JSON), its bare discriminator mappings named as readSpec names
 * them, so that it is the same document.
 */
export function documentFromBody(body: string): OpenApiDocument {
  const parsed = JSON.parse(body) as OpenApiDocument;
  normalizeDiscriminatorMappings(parsed, body);
  return parsed;
}

export async function runLintJob(job: LintJob & { document: OpenApiDocument }): Promise<SentProblem[]> {
  const config = await loadLintConfig(job.config);
  const document = { source: new Source(job.absoluteRef, job.body), parsed: job.document };
  const problems = await lintDocument({ document, config, externalRefResolver: new BaseResolver(config.resolve) });
  return problems.map(toSent);
}
