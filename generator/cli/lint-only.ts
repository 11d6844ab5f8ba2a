/**
 * `lint` without the rest of the pipeline: imports only load and lint, so the command never loads
 * the emitters, handlebars or openapi-typescript. Same steps as `loadAndLint` in `generator/index.ts`
 * (which `generate` uses), but returns errors instead of throwing them.
 */
import { resolve } from 'node:path';
import type { StageEvent } from '../index.js';
import { loadLintConfig } from '../lint/lint-config.js';
import { lintSpec } from '../lint/lint-spec.js';
import { readSpec } from '../load/read-spec.js';
import { resolveOptions, type GenerateOptions } from '../options.js';
import { hasErrors, PodcastGenError, type Problem } from '../problems.js';

/** Loads and lints one document; throws a PodcastGenError (with every problem) when any is an error. */
export async function lintDocumentFile(options: GenerateOptions, onStage: (event: StageEvent) => void): Promise<{ source: string; problems: Problem[] }> {
  const resolved = resolveOptions(options);
  let last = performance.now();
  const timer = (stage: string, detail?: string) => {
    const now = performance.now();
    onStage({ stage, ms: Math.round(now - last), ...(detail ? { detail } : {}) });
    last = now;
  };
  const specPath = /^https?:\/\//i.test(resolved.spec) ? resolved.spec : resolve(resolved.cwd, resolved.spec);
  const config = await loadLintConfig({ configPath: resolved.lintConfig && resolve(resolved.cwd, resolved.lintConfig), specPath });
  const spec = await readSpec({ spec: resolved.spec, config, cwd: resolved.cwd });
  timer('load', spec.displayPath);
  const problems = [...spec.problems, ...(await lintSpec(spec, config, resolved.cwd))];
  timer('lint', `${problems.length} problem(s)`);
  if (hasErrors(problems)) throw new PodcastGenError(problems);
  return { source: spec.displayPath, problems };
}
