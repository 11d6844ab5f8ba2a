import { lintDocument, type Config } from '@redocly/openapi-core';
import type { LoadedSpec } from '../load/read-spec.js';
import { toProblems } from '../load/redocly-problems.js';
import type { Problem } from '../problems.js';

/** Lints the loaded document with the config's rules (redocly's and podcast-gen's), reusing the read. */
export async function lintSpec(spec: LoadedSpec, config: Config, cwd: string = process.cwd()): Promise<Problem[]> {
  const problems = await lintDocument({ document: spec.root, config, externalRefResolver: spec.resolver });
  return toProblems(problems, cwd).sort(byPlace);
}

function byPlace(a: Problem, b: Problem): number {
  return (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0);
}
