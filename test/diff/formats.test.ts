import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../generator/diff/change.js';
import { categoryOf } from '../../generator/diff/format/changelog.js';
import { formatReport, REPORT_FORMATS } from '../../generator/diff/format/index.js';
import { mdCode, mdText } from '../../generator/diff/format/markdown.js';
import { ROOT } from '../helpers/paths.js';
import { ANNOUNCED_REMOVAL, ENUM_ADDED, RENAME, report, SERVER_ADDED, SHARED_ADDED, view } from './report-fixture.js';

const TOOL = { toolVersion: '9.9.9' };

describe('the report formats', () => {
  it('text: the headline, the counts and advice, one block per change, the verdict', () => {
    expect(formatReport('text', view(), TOOL)).toBe(
      [
        'podcast-gen diff: git:HEAD:spec/podcast.openapi.yaml (1.4.0) -> spec/podcast.openapi.yaml (1.4.0)',
        '1 breaking change, 1 warning, 1 info; semver advice: major',
        'note: semver advice major: 1 change breaks the generated code below level breaking (a level the config sets, an operation below --stability-level, a removal announced): the level decides what fails the run, not what semver means',
        '',
        'breaking  operation-id-changed  removeImage (DELETE /open/podcast/v1/images/{id})',
        '  The operationId changed from deleteImage to removeImage: client.deleteImage is gone; the MCP tool keeps its name (x-tool-name).',
        '  breaks: types',
        '  old: git:HEAD:spec/podcast.openapi.yaml:376:7',
        '  new: spec/podcast.openapi.yaml:376:7',
        '  id: 5b1d0c3e9a27',
        "  types: TS2339 at line 12 of the old usage: await client.deleteImage({ id: 'id' });",
        "    Property 'deleteImage' does not exist on type 'PodcastClient'.",
        '',
        'warning   response-enum-value-added  listImages (GET /open/podcast/v1/images)',
        '  The response enum of status gained "archived" | <b>',
        '  breaks: validators',
        '  new: spec/podcast.openapi.yaml:900:11',
        '  id: c80e41f6d253',
        '  validators: the new API may send {"status":"archived"}; listImagesResponse200 rejects it: Invalid option: expected one of "ready"|"failed"',
        '',
        'info      server-added  the document',
        '  A server was added: https://eu.example.com',
        '  breaks: nothing',
        '  new: spec/podcast.openapi.yaml',
        '  id: 0a7f92b4e1c6',
        '',
        'result: failed (1 at or above --fail-on breaking)',
        '',
      ].join('\n'),
    );
  });

  it('text: says where the semver advice and the levels differ (a removal announced is info and still major)', () => {
    const text = formatReport('text', view([ANNOUNCED_REMOVAL], { report: { ...report([ANNOUNCED_REMOVAL]), semver: 'major' } }), TOOL);
    expect(text.split('\n').slice(1, 3)).toStrictEqual([
      '0 breaking changes, 0 warnings, 1 info; semver advice: major',
      'note: semver advice major: 1 change breaks the generated code below level breaking (a level the config sets, an operation below --stability-level, a removal announced): the level decides what fails the run, not what semver means',
    ]);
    expect(formatReport('text', view([SERVER_ADDED]), TOOL)).not.toContain('note: semver');
  });

  it('text: ignored changes, notes, unjudged surfaces and a version that rose too little are said', () => {
    const base = report([SERVER_ADDED]);
    const text = formatReport(
      'text',
      {
        report: {
          ...base,
          notes: ['compared after converting Swagger 2.0 to OpenAPI 3.0'],
          unjudged: [{ surface: 'types', reason: 'the new output failed\nto generate' }],
        },
        ignored: [{ change: RENAME, reason: 'on purpose', entry: '.podcast-gen-ignore.yaml:1' }],
        failOn: 'warning',
        versionProblem: 'info.version rose from 1.4.0 to 1.4.1 (patch); the advice is major',
      },
      TOOL,
    );
    expect(text).toBe(
      [
        'podcast-gen diff: git:HEAD:spec/podcast.openapi.yaml (1.4.0) -> spec/podcast.openapi.yaml (1.4.0)',
        '0 breaking changes, 0 warnings, 1 info; semver advice: minor',
        '1 ignored (operation-id-changed by .podcast-gen-ignore.yaml:1)',
        'note: compared after converting Swagger 2.0 to OpenAPI 3.0',
        '',
        'info      server-added  the document',
        '  A server was added: https://eu.example.com',
        '  breaks: nothing',
        '  new: spec/podcast.openapi.yaml',
        '  id: 0a7f92b4e1c6',
        '',
        'not judged: types: the new output failed to generate',
        '',
        'version: info.version rose from 1.4.0 to 1.4.1 (patch); the advice is major',
        '',
        'result: failed (--check-version)',
        '',
      ].join('\n'),
    );
  });

  it('markdown: the verdict and the table first, each level folded, document text escaped', () => {
    expect(formatReport('markdown', view(), TOOL)).toBe(
      [
        '### podcast-gen diff: semver advice major',
        '',
        '`git:HEAD:spec/podcast.openapi.yaml` (1.4.0) → `spec/podcast.openapi.yaml` (1.4.0): 1 breaking change, 1 warning, 1 info. **Fails:** 1 at or above `--fail-on breaking`.',
        '',
        '| level | changes | by operation | wire | types | validators | mcp |',
        '|:--|--:|--:|--:|--:|--:|--:|',
        '| breaking | 1 | 1 | 0 | 1 | 0 | 0 |',
        '| warning | 1 | 1 | 0 | 0 | 1 | 0 |',
        '| info | 1 | 1 | 0 | 0 | 0 | 0 |',
        '',
        '<details>',
        '<summary>1 breaking change</summary>',
        '',
        '- `operation-id-changed` in `removeImage` (`DELETE /open/podcast/v1/images/{id}`): The operationId changed from deleteImage to removeImage: client.deleteImage is gone; the MCP tool keeps its name (x-tool-name).',
        '  breaks: types; new `spec/podcast.openapi.yaml:376:7`, old `git:HEAD:spec/podcast.openapi.yaml:376:7`, id `5b1d0c3e9a27`',
        "  - TS2339 at line 12 of the old usage `await client.deleteImage({ id: 'id' });`: Property 'deleteImage' does not exist on type 'PodcastClient'.",
        '',
        '</details>',
        '',
        '<details>',
        '<summary>1 warning</summary>',
        '',
        '- `response-enum-value-added` in `listImages` (`GET /open/podcast/v1/images`): The response enum of status gained "archived" \\| \\<b\\>',
        '  breaks: validators; new `spec/podcast.openapi.yaml:900:11`, id `c80e41f6d253`',
        '  - the new API may send `{"status":"archived"}`; `listImagesResponse200` rejects it: Invalid option: expected one of "ready"\\|"failed"',
        '',
        '</details>',
        '',
        '<details>',
        '<summary>1 info</summary>',
        '',
        '- `server-added` in the document: A server was added: https://eu.example.com',
        '  breaks: nothing; new `spec/podcast.openapi.yaml`, id `0a7f92b4e1c6`',
        '',
        '</details>',
        '',
      ].join('\n'),
    );
  });

  it.each([
    ['</details><img src=x onerror=alert(1)>', '\\</details\\>\\<img src=x onerror=alert(1)\\>'],
    ['[click](https://evil.example) *bold* `code`', '\\[click\\](https://evil.example) \\*bold\\* \\`code\\`'],
    ['a\nb\r\n\tc & d', 'a b c &amp; d'],
  ])('markdown text %j is escaped', (given, want) => {
    expect(mdText(given)).toBe(want);
  });

  it.each([
    ['plain', '`plain`'],
    ['a`b', '``a`b``'],
    ['`x`', '`` `x` ``'],
  ])('markdown code %j holds its backticks', (given, want) => {
    expect(mdCode(given)).toBe(want);
  });

  it('json: valid against docs/diff-report.schema.json, keys in the documented order whatever order a change was built in', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'docs', 'diff-report.schema.json'), 'utf8')) as object;
    const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
    const ignored = [{ change: SERVER_ADDED, reason: 'known', entry: '.podcast-gen-ignore.yaml:4', expires: '2027-01-31' }];
    const text = formatReport('json', { ...view([RENAME, ENUM_ADDED]), ignored, versionProblem: 'too little' }, TOOL);
    const value = JSON.parse(text) as Record<string, unknown>;
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
    expect(Object.keys(value)).toStrictEqual([
      'semver',
      'old',
      'new',
      'summary',
      'failOn',
      'failed',
      'versionProblem',
      'changes',
      'ignored',
      'unjudged',
      'notes',
    ]);
    expect(value.summary).toStrictEqual({ breaking: 1, warning: 1, info: 0, ignored: 1, byOperation: { breaking: 1, warning: 1, info: 0 } });
    expect(value.failed).toBe(true);
    expect(value.ignored).toStrictEqual([{ reason: 'known', entry: '.podcast-gen-ignore.yaml:4', expires: '2027-01-31', change: SERVER_ADDED }]);
    const shuffled = Object.fromEntries(Object.entries(RENAME).reverse()) as unknown as Change;
    expect(formatReport('json', view([shuffled, ENUM_ADDED]), TOOL)).toBe(formatReport('json', view([RENAME, ENUM_ADDED]), TOOL));
    // The schema is strict: a change without its level is refused.
    const broken = { ...value, changes: [{ rule: 'x', surfaces: [], message: 'm' }] };
    expect(validate(broken)).toBe(false);
  });

  it('github: one annotation per change at its line, properties and data escaped, a place in the checkout only', () => {
    const tricky: Change = {
      id: 'a1b2c3d4e5f6',
      rule: 'parameter-removed',
      level: 'breaking',
      surfaces: ['wire', 'types'],
      operations: [{ operationId: 'a', method: 'get', path: '/x' }],
      message: '100% gone,\nreally: yes',
      old: { file: 'git:main:api/a,b.yaml', pointer: '#/paths/~1x/get/parameters/0', line: 3, col: 9 },
    };
    expect(formatReport('github', { ...view([tricky, ENUM_ADDED]), ignored: [{ change: SERVER_ADDED, reason: 'r', entry: 'f:1' }] }, TOOL)).toBe(
      [
        '::error file=spec/podcast.openapi.yaml,title=parameter-removed (breaking)::a (GET /x): 100%25 gone,%0Areally: yes Breaks: wire, types. Id: a1b2c3d4e5f6.',
        '::warning file=spec/podcast.openapi.yaml,line=900,col=11,title=response-enum-value-added (warning)::listImages (GET /open/podcast/v1/images): The response enum of status gained "archived" | <b> Breaks: validators. Id: c80e41f6d253.',
        'podcast-gen diff: 1 breaking change, 1 warning, 0 info; semver advice: major; 1 ignored',
        '',
      ].join('\n'),
    );
    const local = formatReport('github', view([{ ...tricky, old: { file: 'api/a,b.yaml', pointer: '#/x', line: 3, col: 9 } }]), TOOL);
    expect(local.split('\n')[0]).toBe(
      '::error file=api/a%2Cb.yaml,line=3,col=9,title=parameter-removed (breaking)::a (GET /x): 100%25 gone,%0Areally: yes Breaks: wire, types. Id: a1b2c3d4e5f6.',
    );
  });

  it('sarif: SARIF 2.1.0 in the shape code scanning reads, each result pointing at its rule', () => {
    const sarif = JSON.parse(formatReport('sarif', view(), TOOL)) as {
      runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; ruleIndex: number }[] }[];
    };
    const validate = new Ajv({ allErrors: true, strict: false }).compile(SARIF_SUBSET);
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
    const [run] = sarif.runs;
    expect(run!.results.map((r) => run!.tool.driver.rules[r.ruleIndex]!.id)).toStrictEqual(run!.results.map((r) => r.ruleId));
    expect(run!.results.map((r) => r.ruleId)).toStrictEqual(['operation-id-changed', 'response-enum-value-added', 'server-added']);
    expect(JSON.stringify(sarif)).not.toContain('git:HEAD:spec/podcast.openapi.yaml:');
  });

  it('junit: a failed case per change at or above --fail-on, the rest passing, XML escaped', () => {
    const strange: Change = { ...SERVER_ADDED, rule: 'server-removed', level: 'warning', message: 'gone: <a href="x">&\u0001' };
    expect(formatReport('junit', { ...view([RENAME, strange]), failOn: 'warning' }, TOOL)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="podcast-gen diff git:HEAD:spec/podcast.openapi.yaml -&gt; spec/podcast.openapi.yaml" tests="2" failures="2" errors="0">',
        '  <testsuite name="podcast-gen diff git:HEAD:spec/podcast.openapi.yaml -&gt; spec/podcast.openapi.yaml" tests="2" failures="2" errors="0" skipped="0">',
        '    <properties><property name="semver" value="major"/><property name="fail-on" value="warning"/><property name="changes" value="1 breaking change, 1 warning, 0 info"/></properties>',
        '    <testcase classname="removeImage" name="operation-id-changed (breaking)"><failure message="The operationId changed from deleteImage to removeImage: client.deleteImage is gone; the MCP tool keeps its name (x-tool-name)." type="operation-id-changed (breaking)">removeImage (DELETE /open/podcast/v1/images/{id}): The operationId changed from deleteImage to removeImage: client.deleteImage is gone; the MCP tool keeps its name (x-tool-name).',
        'breaks: types',
        'old: git:HEAD:spec/podcast.openapi.yaml:376:7',
        'new: spec/podcast.openapi.yaml:376:7',
        'id: 5b1d0c3e9a27',
        "types: TS2339 at line 12: await client.deleteImage({ id: 'id' });: Property 'deleteImage' does not exist on type 'PodcastClient'.</failure></testcase>",
        '    <testcase classname="document" name="server-removed (warning)"><failure message="gone: &lt;a href=&quot;x&quot;&gt;&amp;\ufffd" type="server-removed (warning)">the document: gone: &lt;a href="x"&gt;&amp;\ufffd',
        'breaks: nothing',
        'new: spec/podcast.openapi.yaml',
        'id: 0a7f92b4e1c6</failure></testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
    expect(formatReport('junit', view([]), TOOL)).toContain('tests="1" failures="0"');
    expect(formatReport('junit', view([]), TOOL)).toContain('<testcase classname="podcast-gen.diff" name="no changes"/>');
  });

  it('markdown stays within what a pull-request comment holds: past the budget, changes are counted, not listed', () => {
    const many = Array.from({ length: 3000 }, (_, i): Change => ({ ...RENAME, message: `change ${i}: ${'x'.repeat(100)}` }));
    const text = formatReport('markdown', view(many), TOOL);
    expect(text.length).toBeLessThan(65_536);
    expect(text).toContain('| breaking | 3000 | 3000 | 0 | 3000 | 0 | 0 |');
    expect(text).toMatch(/^\d+ more changes are not listed here \(a comment's size is limited\): `--format text` lists them all\.$/m);
    const listed = text.split('\n').filter((line) => line.startsWith('- `operation-id-changed`')).length;
    expect(listed + Number(/^(\d+) more changes/m.exec(text)![1])).toBe(3000);
  });

  it('every format counts grouped changes, with the count once per operation beside them', () => {
    const grouped = view([RENAME, SHARED_ADDED, SERVER_ADDED]);
    const line = '1 breaking change, 0 warnings, 2 info (4 by operation)';
    expect(formatReport('text', grouped, TOOL).split('\n')[1]).toBe(`${line}; semver advice: major`);
    expect(formatReport('github', grouped, TOOL)).toContain(`podcast-gen diff: ${line}; semver advice: major; 0 ignored`);
    expect(formatReport('junit', grouped, TOOL)).toContain(`<property name="changes" value="${line}"/>`);
    const markdown = formatReport('markdown', grouped, TOOL);
    expect(markdown).toContain(line);
    expect(markdown).toContain('| info | 2 | 4 | 0 | 0 | 0 | 0 |');
    expect(markdown).toContain(
      '  in 3 operations: listImages (GET /open/podcast/v1/images), addImage (POST /open/podcast/v1/images), quotaSummary (GET /open/podcast/v1/quota/summary)',
    );
    const json = JSON.parse(formatReport('json', grouped, TOOL)) as { summary: unknown; changes: { operations?: unknown[] }[] };
    expect(json.summary).toStrictEqual({ breaking: 1, warning: 0, info: 2, ignored: 0, byOperation: { breaking: 1, warning: 0, info: 4 } });
    expect(json.changes[1]?.operations).toHaveLength(3);
    const sarif = JSON.parse(formatReport('sarif', grouped, TOOL)) as { runs: { properties: { counts: unknown } }[] };
    expect(sarif.runs[0]?.properties.counts).toStrictEqual([
      { level: 'breaking', changes: 1, byOperation: 1 },
      { level: 'warning', changes: 0, byOperation: 0 },
      { level: 'info', changes: 2, byOperation: 4 },
    ]);
    expect(formatReport('changelog', grouped, TOOL)).toContain(line);
  });

  it("sarif: each result carries the change's stable id as its fingerprint", () => {
    const sarif = JSON.parse(formatReport('sarif', view(), TOOL)) as {
      runs: { results: { fingerprints: Record<string, string>; partialFingerprints: Record<string, string>; properties: { id: string } }[] }[];
    };
    expect(sarif.runs[0]?.results.map((r) => [r.fingerprints, r.partialFingerprints, r.properties.id])).toStrictEqual(
      [RENAME, ENUM_ADDED, SERVER_ADDED].map((c) => [{ 'podcastGenChangeId/v1': c.id }, { 'podcastGenChangeId/v1': c.id }, c.id]),
    );
  });

  it("changelog: per operation, in a consumer's words, with the semver advice", () => {
    const changelog = formatReport(
      'changelog',
      {
        ...view([RENAME, ENUM_ADDED, SHARED_ADDED, SERVER_ADDED, ANNOUNCED_REMOVAL]),
        ignored: [{ change: { ...SERVER_ADDED, id: '9e0c1d2b3a4f', message: 'A server was added: https://us.example.com' }, reason: 'r', entry: 'f:1' }],
      },
      TOOL,
    );
    expect(changelog).toBe(
      [
        '# Changelog: 1.4.0 → 1.4.0',
        '',
        '`git:HEAD:spec/podcast.openapi.yaml` → `spec/podcast.openapi.yaml`',
        '',
        '**Semver advice for the generated code: major**: some change breaks code or calls written for the previous version: read the breaking ones first.',
        '',
        'At a glance: 0 operations added, 1 removed (1 as announced), 0 deprecated; 1 breaking change, 1 warning, 4 info (6 by operation), 1 of them accepted by the ignore file.',
        '',
        '## Operations with something to do',
        '',
        '### `DELETE /open/podcast/v1/images/{id}` (`removeImage`)',
        '',
        '#### Changed',
        '',
        '- **Breaking.** The operationId changed from deleteImage to removeImage: client.deleteImage is gone; the MCP tool keeps its name (x-tool-name). To do: code written against the generated client needs a change (the compiler shows where).',
        '',
        '### `GET /open/podcast/v1/images` (`listImages`)',
        '',
        '#### Added',
        '',
        '- What you receive: The response enum of status gained "archived" \\| \\<b\\>. To do: the previous validators reject what the API may now send: regenerate.',
        '',
        '### `GET /open/podcast/v1/subscription` (`getSubscription`)',
        '',
        '#### Removed',
        '',
        '- **Announced before, and it breaks.** GET /open/podcast/v1/subscription is gone: `client.getSubscription` and the tool `podcast_get_subscription` with it; it was deprecated, and its sunset 2026-06-30 (x-sunset) has come: announced. To do: calls made as before fail or are answered otherwise; code written against the generated client needs a change (the compiler shows where); agents and tool configurations that use the tool need updating.',
        '',
        '## Types several operations share',
        '',
        '### Added',
        '',
        '- What you receive: Envelope.trace: added (in 3 operations: listImages (GET /open/podcast/v1/images), addImage (POST /open/podcast/v1/images), quotaSummary (GET /open/podcast/v1/quota/summary)).',
        '',
        '## The whole API',
        '',
        '### Added',
        '',
        '- A server was added: https://eu.example.com.',
        '- A server was added: https://us.example.com.',
        '',
      ].join('\n'),
    );
  });

  it.each([
    { given: 'operation-added', want: 'Added' },
    { given: 'parameter-added-required', want: 'Added' },
    { given: 'response-enum-value-added', want: 'Added' },
    { given: 'request-property-added-required', want: 'Added' },
    { given: 'operation-removed-after-deprecation', want: 'Removed' },
    { given: 'response-property-removed-before-sunset', want: 'Removed' },
    { given: 'operation-tag-removed', want: 'Removed' },
    { given: 'parameter-deprecated', want: 'Deprecated' },
    { given: 'operation-sunset-earlier', want: 'Deprecated' },
    { given: 'request-nullable-removed', want: 'Changed' },
    { given: 'operation-security-added', want: 'Changed' },
    { given: 'idempotency-key-required-added', want: 'Changed' },
    { given: 'operation-id-changed', want: 'Changed' },
  ])('changelog: $given is under $want', ({ given, want }) => {
    expect(categoryOf(given)).toBe(want);
  });

  it.each(REPORT_FORMATS)('%s never prints the credentials of a URL', (format) => {
    const secret: Change = { ...SERVER_ADDED, message: 'A server was added: https://deploy:hunter2@eu.example.com/v1' };
    const text = formatReport(format, view([secret]), TOOL);
    expect(text).not.toContain('hunter2');
    expect(text).toContain('https://***@eu.example.com/v1');
  });

  it.each(REPORT_FORMATS)('%s is the same text for the same report', (format) => {
    expect(formatReport(format, view(), TOOL)).toBe(formatReport(format, structuredClone(view()), TOOL));
  });
});

/** The part of the SARIF 2.1.0 schema that code scanning needs of a result (written from the specification's required properties). */
const SARIF_SUBSET = {
  type: 'object',
  required: ['version', 'runs'],
  properties: {
    $schema: { type: 'string' },
    version: { const: '2.1.0' },
    runs: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['tool', 'results'],
        properties: {
          tool: {
            type: 'object',
            required: ['driver'],
            properties: {
              driver: {
                type: 'object',
                required: ['name'],
                properties: {
                  name: { type: 'string', minLength: 1 },
                  version: { type: 'string' },
                  informationUri: { type: 'string' },
                  rules: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['id'],
                      properties: {
                        id: { type: 'string' },
                        shortDescription: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
                      },
                    },
                  },
                },
              },
            },
          },
          results: {
            type: 'array',
            items: {
              type: 'object',
              required: ['message', 'ruleId', 'level', 'locations'],
              properties: {
                ruleId: { type: 'string' },
                ruleIndex: { type: 'integer', minimum: 0 },
                level: { enum: ['none', 'note', 'warning', 'error'] },
                message: { type: 'object', required: ['text'], properties: { text: { type: 'string', minLength: 1 } } },
                locations: {
                  type: 'array',
                  minItems: 1,
                  items: {
                    type: 'object',
                    required: ['physicalLocation'],
                    properties: {
                      physicalLocation: {
                        type: 'object',
                        required: ['artifactLocation'],
                        properties: {
                          artifactLocation: { type: 'object', required: ['uri'], properties: { uri: { type: 'string', pattern: '^[^:]*$' } } },
                          region: {
                            type: 'object',
                            required: ['startLine'],
                            properties: { startLine: { type: 'integer', minimum: 1 }, startColumn: { type: 'integer', minimum: 1 } },
                          },
                        },
                      },
                    },
                  },
                },
                properties: { type: 'object' },
              },
            },
          },
        },
      },
    },
  },
};
