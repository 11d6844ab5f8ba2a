import { createRequire } from 'node:module';
import { createConfig } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { podcastGenPlugin } from '../../generator/lint/plugin.js';
import { readSpec } from '../../generator/load/read-spec.js';
import { expectSameLint, expectSameMap } from './helpers/redocly-judge.js';

const GITHUB = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');

// A large document of one file, under the config it is generated with: the judge is redocly itself.
describe("lint's own resolution on GitHub's document", () => {
  it("resolves it from itself, with redocly's map and problems", async () => {
    const config = await createConfig({ extends: ['podcast-gen/generic'] }, { plugins: [podcastGenPlugin] });
    const spec = await readSpec({ spec: GITHUB, config });
    expect(await expectSameMap(spec.root, config, true)).toBe('own');
    await expectSameLint(spec.root, config, true);
  }, 120_000);
});
