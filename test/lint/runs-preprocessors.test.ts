import { createConfig, type Plugin } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { runsPreprocessors } from '../../generator/lint/lint-run.js';
import { podcastGenPlugin } from '../../generator/lint/plugin.js';

/** A plugin with one preprocessor that changes nothing: whether it runs is the config's to say. */
const marking: Plugin = { id: 'test', preprocessors: { oas3: { 'test/mark': () => ({}) } } };
const document = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} };

describe('whether a config runs a preprocessor (then lint resolves as redocly does, and runs before the model)', () => {
  it.each([
    { given: 'the generic preset', preprocessors: {}, want: false },
    { given: 'a preprocessor turned on', preprocessors: { 'test/mark': 'on' }, want: true },
    { given: 'a preprocessor turned off', preprocessors: { 'test/mark': 'off' }, want: false },
    { given: 'a preprocessor off by its severity', preprocessors: { 'test/mark': { severity: 'off' } }, want: false },
  ])('$given: $want', async ({ preprocessors, want }) => {
    const config = await createConfig({ extends: ['podcast-gen/generic'], preprocessors } as never, { plugins: [podcastGenPlugin, marking] });
    expect(runsPreprocessors(config, document)).toBe(want);
  });
});
