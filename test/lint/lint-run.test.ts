import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BaseResolver,
  createConfig,
  detectSpec,
  getTypes,
  lintDocument,
  loadConfig,
  makeDocumentFromString,
  normalizeTypes,
  resolveDocument,
  type Config,
  type Document,
  type NormalizedProblem,
} from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLintConfig } from '../../generator/lint/lint-config.js';
import { internalRefMap, lintOnce } from '../../generator/lint/lint-run.js';
import { podcastGenPlugin } from '../../generator/lint/plugin.js';
import { readSpec } from '../../generator/load/read-spec.js';
import { FIXTURE_DOCS, ROOT, SPEC } from '../helpers/paths.js';

// redocly itself is the judge: its `resolveDocument` of the map, its `lintDocument` of the problems.

const GITHUB = join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
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

/** What of a problem a user sees: rule, severity, message, places, suggestions, whether it is ignored. */
function shown(problems: readonly NormalizedProblem[]) {
  return problems.map((p) => ({
    ruleId: p.ruleId,
    severity: p.severity,
    message: p.message,
    suggest: p.suggest,
    ignored: p.ignored,
    location: p.location.map((l) => [l.source.absoluteRef, l.pointer, l.reportOnKey]),
  }));
}

/** The problems (or the error) of a lint run. */
async function outcome(run: () => Promise<NormalizedProblem[]>): Promise<unknown> {
  try {
    return shown(await run());
  } catch (error) {
    return { threw: String(error) };
  }
}

async function expectSameLint(document: Document, config: Config, fromJson: boolean): Promise<void> {
  const want = await outcome(() => lintDocument({ document, config, externalRefResolver: new BaseResolver() }));
  const got = await outcome(() => lintOnce({ document, config, externalRefResolver: new BaseResolver(), ownResolution: true, fromJson }));
  expect(got).toEqual(want);
}

async function expectSameMap(document: Document, config: Config, fromJson: boolean): Promise<'own' | 'redocly'> {
  const ours = internalRefMap(document, fromJson);
  if (!ours) return 'redocly';
  const version = detectSpec(document.parsed);
  const types = normalizeTypes(config.extendTypes(getTypes(version), version), config);
  const theirs = await resolveDocument({ rootDocument: document, rootType: types.Root as never, externalRefResolver: new BaseResolver() });
  for (const [key, want] of theirs) {
    const got = ours.get(key);
    expect(got, key).toBeDefined();
    expect(Object.keys(got ?? {}), key).toEqual(Object.keys(want));
    expect([got?.resolved, got?.isRemote, got?.nodePointer], key).toEqual([want.resolved, want.isRemote, want.nodePointer]);
    expect(got?.node === want.node && got?.document === want.document, key).toBe(true);
  }
  return 'own';
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

  it.each([
    { given: 'the podcast document', path: SPEC, fromJson: false },
    { given: "GitHub's document", path: GITHUB, fromJson: true },
  ])(
    "$given, as load reads it: resolved from itself, redocly's map and problems",
    async ({ path, fromJson }) => {
      const config = await createConfig({ extends: ['podcast-gen/generic'] }, { plugins: [podcastGenPlugin] });
      const spec = await readSpec({ spec: path, config });
      expect(await expectSameMap(spec.root, config, fromJson)).toBe('own');
      // GitHub's under the config it is generated with; the podcast document's under both (npm test's time).
      for (const { config } of path === GITHUB ? configs.slice(0, 1) : configs) await expectSameLint(spec.root, config, fromJson);
    },
    60_000,
  );
});
