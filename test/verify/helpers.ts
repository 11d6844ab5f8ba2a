import * as index from '../../generated/index.js';
import * as fixturesModule from '../../generated/fixtures/index.js';
import { generateFiles } from '../../generator/index.js';
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

/** A credential the tests send; it must never appear in a report. */
export const TEST_KEY = 'vk-test-secret-credential-0042';
