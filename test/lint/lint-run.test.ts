import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConfig, loadConfig, makeDocumentFromString, type Config } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLintConfig } from '../../generator/lint/lint-config.js';
import { podcastGenPlugin } from '../../generator/lint/plugin.js';
import { readSpec } from '../../generator/load/read-spec.js';
import { FIXTURE_DOCS, ROOT, SPEC } from '../helpers/paths.js';
import { expectSameLint, expectSameMap } from './helpers/redocly-judge.js';

// redocly itself is the judge: its `resolveDocument` of the map, its `lintDocument` of the problems.

const SPEC_CONFIG = join(ROOT, 'spec', 'redocly.yaml');

/** A document of one schema-typed response and the given components, as YAML. */
function doc(components: string, extra = ''): string {
  const response = "'200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/A' } } } }";
  return `openapi: 3.1.0\ninfo: { title: T, version: '1' }\npaths:\n  /a:\n    get:\n      operationId: getA\n      responses: { ${response} }\n${extra}components:\n${components}\n`;
}

/** Documents whose `$ref`s redocly resolves itself (`internalRefMap` gives undefined), or that it resolves from the document alone. */
const ODD: { given: string; source: string; want: 'own' | 'redocly' }[] = [
  { given: 'a $ref to a $ref', source: doc('  schemas:\n    A: { $ref: "#/components/schemas/B" }\n    B: { type: string }'), want: 'redocly' },
  { given: 'a $ref to nothing', source: doc('  schemas:\n    A: { $ref: "#/components/schemas/Nope" }'), want: 'redocly' },
  { given: 'a $ref to another file', source: doc('  schemas:\n    A: { $ref: "other.yaml#/A" }'), want: 'redocly' },
  { given: 'an $anchor', source: doc('  schemas:\n    A: { $anchor: a, type: string }'), want: 'redocly' },
  {
    given: 'an anchor $ref',
    source: doc('  schemas:\n    A: { type: object, properties: { b: { $ref: "#b" } } }\n    B: { $anchor: b, type: string }'),
    want: 'redocly',
  },
  {
    given: 'an externalValue',
    source: doc('  schemas:\n    A: { type: string }\n  examples:\n    E: { externalValue: "e.json" }'),
    want: 'redocly',
  },
  {
    given: 'a path through a $ref',
    source: doc(
      '  schemas:\n    A: { $ref: "#/components/schemas/B/properties/c" }\n    B: { $ref: "#/components/schemas/C" }\n    C: { properties: { c: { type: string } } }',
    ),
    want: 'redocly',
  },
  {
    given: 'a mapping to nothing',
    source: doc(
      '  schemas:\n    A: { oneOf: [{ $ref: "#/components/schemas/B" }], discriminator: { propertyName: k, mapping: { b: "#/components/schemas/Nope" } } }\n    B: { type: object }',
    ),
    want: 'redocly',
  },
  {
    given: 'a mapping into the document',
    source: doc(
      '  schemas:\n    A: { oneOf: [{ $ref: "#/components/schemas/B" }], discriminator: { propertyName: k, mapping: { b: "#/components/schemas/B" } } }\n    B: { type: object }',
    ),
    want: 'own',
  },
  {
    given: 'escaped and percent-encoded tokens',
    source: doc(
      '  schemas:\n    A: { type: object, properties: { p: { $ref: "#/paths/~1a/get/responses/200/content/application~1json" }, q: { $ref: "#/components/schemas/B%20C" } } }\n    B C: { type: string }',
    ),
    want: 'own',
  },
  {
    given: 'an array index and empty segments',
    source: doc(
      '  schemas:\n    A: { allOf: [{ type: object }, { $ref: "#/components/schemas/A/allOf/0" }, { $ref: "#/components//schemas/B/" }] }\n    B: { type: string }',
    ),
    want: 'own',
  },
  { given: 'a $ref to the root', source: doc('  schemas:\n    A: { type: object, description: { $ref: "#" } }'), want: 'own' },
  { given: '$refs in an example', source: doc('  schemas:\n    A: { type: string }\n  examples:\n    E: { value: { $ref: "#/info" } }'), want: 'own' },
];

/** Every YAML document of the test folders with broken or odd `$ref`s and rules to report. */
function fixtureDocuments(): { name: string; source: string }[] {
  const folders = [join(FIXTURE_DOCS, 'malformed'), join(ROOT, 'test', 'lint', 'documents')];
  return folders.flatMap((folder) =>
    readdirSync(folder)
      .filter((name) => name.endsWith('.yaml') && !name.endsWith('redocly.yaml'))
      .map((name) => ({ name, source: readFileSync(join(folder, name), 'utf8') })),
  );
}

let configs: { name: string; config: Config }[];
beforeAll(async () => {
  configs = [
    { name: 'the generic preset', config: await loadLintConfig() },
    { name: "spec/redocly.yaml's config", config: await loadConfig({ configPath: SPEC_CONFIG, plugins: [podcastGenPlugin] }) },
  ];
});

describe('own resolution agrees with redocly', () => {
  it.each(ODD)('$given: resolved by $want', async ({ source, want }) => {
    const document = makeDocumentFromString(source, join(ROOT, 'odd.yaml'));
    const config = await loadLintConfig();
    expect(await expectSameMap(document, config, false)).toBe(want);
    for (const { config } of configs) await expectSameLint(document, config, false);
  });

  it.each(fixtureDocuments())('$name: the same map and problems', async ({ name, source }) => {
    const document = makeDocumentFromString(source, join(ROOT, name));
    for (const { config } of configs) {
      await expectSameMap(document, config, false);
      await expectSameLint(document, config, false);
    }
  });

  it("the podcast document, as load reads it: resolved from itself, redocly's map and problems", async () => {
    const config = await createConfig({ extends: ['podcast-gen/generic'] }, { plugins: [podcastGenPlugin] });
    const spec = await readSpec({ spec: SPEC, config });
    expect(await expectSameMap(spec.root, config, false)).toBe('own');
    for (const { config } of configs) await expectSameLint(spec.root, config, false);
  });
});
