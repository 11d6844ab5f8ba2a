import * as index from '../../generated/index.js';
import * as fixturesModule from '../../generated/fixtures/index.js';
import { loadVerifyTarget } from '../../generator/cli/verify-target.js';
import { type GenerateOptions, generateFiles } from '../../generator/index.js';
import { generatedApiOf, type GeneratedApi } from '../../generator/verify/generated-api.js';
import type { ApiModel, Problem } from '../../generator/index.js';

/** The podcast document's model and the committed generated code (`generated/`), as verify takes them. */
export async function podcastTarget(): Promise<{ model: ApiModel; generated: GeneratedApi; problems: Problem[] }> {
  const { model, problems } = await generateFiles({});
  return {
    model,
    problems,
    generated: generatedApiOf(index as unknown as Record<string, unknown>, fixturesModule as unknown as Record<string, unknown>, model),
  };
}

/** A document's model and its output generated in memory and loaded, as `podcast-gen verify` takes them. */
export async function generatedTarget(
  options: GenerateOptions,
  cwd = process.cwd(),
): Promise<{ model: ApiModel; generated: GeneratedApi; problems: Problem[] }> {
  const { model, files, problems } = await generateFiles(options);
  return { model, problems, generated: (await loadVerifyTarget({ model, files, cwd })).generated };
}

/** A credential the tests send; it must never appear in a report. */
export const TEST_KEY = 'vk-test-secret-credential-0042';
