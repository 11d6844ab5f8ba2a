import { lintDocument, type Config } from '@redocly/openapi-core';
import type { LoadedSpec } from '../load/read-spec.js';
import { toProblems } from '../load/redocly-problems.js';
import type { Problem } from '../problems.js';

/**
 * Lints the loaded document with the config's rules (redocly's and podcast-gen's), reusing the read.
 * Problems come in the order redocly's walk met them; whoever prints them sorts them (`byPlace`), so
 * that the places of warnings nobody prints are never looked up.
 */
export async function lintSpec(spec: LoadedSpec, config: Config, cwd: string = process.cwd()): Promise<Problem[]> {
  const problems = await lintDocument({ document: spec.root, config, externalRefResolver: spec.resolver });
  return toProblems(problems, cwd);
}
