import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../generator/diff/change.js';
import { formatReport, REPORT_FORMATS } from '../../generator/diff/format/index.js';
import { mdCode, mdText } from '../../generator/diff/format/markdown.js';
import { ROOT } from '../helpers/paths.js';
import { ENUM_ADDED, RENAME, report, SERVER_ADDED, view } from './report-fixture.js';

const TOOL = { toolVersion: '9.9.9' };

describe('the report formats', () => {
  it('text: the headline, the counts and advice, one block per change, the verdict', () => {
    expect(formatReport('text', view(), TOOL)).toBe(
      [
        'podcast-gen diff: git:HEAD:spec/podcast.openapi.yaml (1.4.0) -> spec/podcast.openapi.yaml (1.4.0)',
        '1 breaking change, 1 warning, 1 info; semver advice: major',
        '',
        'breaking  operation-id-changed  removeImage (DELETE /open/podcast/v1/images/{id})',
        '  The operationId changed from deleteImage to removeImage: client.deleteImage is gone; the MCP tool keeps its name (x-tool-name).',
        '  breaks: types',
        '  old: git:HEAD:spec/podcast.openapi.yaml:376:7',
        '  new: spec/podcast.openapi.yaml:376:7',
        "  types: TS2339 at line 12 of the old usage: await client.deleteImage({ id: 'id' });",
        "    Property 'deleteImage' does not exist on type 'PodcastClient'.",
        '',
        'warning   response-enum-value-added  listImages (GET /open/podcast/v1/images)',
        '  The response enum of status gained "archived" | <b>',
        '  breaks: validators',
        '  new: spec/podcast.openapi.yaml:900:11',
        '  validators: the new API may send {"status":"archived"}; listImagesResponse200 rejects it: Invalid option: expected one of "ready"|"failed"',
        '',
        'info      server-added  the document',
        '  A server was added: https://eu.example.com',
        '  breaks: nothing',
        '  new: spec/podcast.openapi.yaml',
        '',
        'result: failed (1 at or above --fail-on breaking)',
        '',
      ].join('\n'),
    );
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
        '| level | changes | wire | types | validators | mcp |',
        '|:--|--:|--:|--:|--:|--:|',
        '| breaking | 1 | 0 | 1 | 0 | 0 |',
        '| warning | 1 | 0 | 0 | 1 | 0 |',
        '| info | 1 | 0 | 0 | 0 | 0 |',
        '',
        '<details>',
        '<summary>1 breaking change</summary>',
        '',
        '- `operation-id-changed` in `removeImage` (`DELETE /open/podcast/v1/images/{id}`): The operationId changed from deleteImage to removeImage: client.deleteImage is gone; the MCP tool keeps its name (x-tool-name).',
        '  breaks: types; new `spec/podcast.openapi.yaml:376:7`, old `git:HEAD:spec/podcast.openapi.yaml:376:7`',
        "  - TS2339 at line 12 of the old usage `await client.deleteImage({ id: 'id' });`: Property 'deleteImage' does not exist on type 'PodcastClient'.",
        '',
        '</details>',
        '',
        '<details>',
        '<summary>1 warning</summary>',
        '',
        '- `response-enum-value-added` in `listImages` (`GET /open/podcast/v1/images`): The response enum of status gained "archived" \\| \\<b\\>',
        '  breaks: validators; new `spec/podcast.openapi.yaml:900:11`',
        '  - the new API may send `{"status":"archived"}`; `listImagesResponse200` rejects it: Invalid option: expected one of "ready"\\|"failed"',
        '',
        '</details>',
        '',
        '<details>',
        '<summary>1 info</summary>',
        '',
        '- `server-added` in the document: A server was added: https://eu.example.com',
        '  breaks: nothing; new `spec/podcast.openapi.yaml`',
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
    expect(value.summary).toStrictEqual({ breaking: 1, warning: 1, info: 0, ignored: 1 });
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
      rule: 'parameter-removed',
      level: 'breaking',
      surfaces: ['wire', 'types'],
      operations: [{ operationId: 'a', method: 'get', path: '/x' }],
      message: '100% gone,\nreally: yes',
      old: { file: 'git:main:api/a,b.yaml', pointer: '#/paths/~1x/get/parameters/0', line: 3, col: 9 },
    };
    expect(formatReport('github', { ...view([tricky, ENUM_ADDED]), ignored: [{ change: SERVER_ADDED, reason: 'r', entry: 'f:1' }] }, TOOL)).toBe(
      [
        '::error file=spec/podcast.openapi.yaml,title=parameter-removed (breaking)::a (GET /x): 100%25 gone,%0Areally: yes Breaks: wire, types.',
        '::warning file=spec/podcast.openapi.yaml,line=900,col=11,title=response-enum-value-added (warning)::listImages (GET /open/podcast/v1/images): The response enum of status gained "archived" | <b> Breaks: validators.',
        'podcast-gen diff: 1 breaking change, 1 warning, 0 info; semver advice: major; 1 ignored',
        '',
      ].join('\n'),
    );
    const local = formatReport('github', view([{ ...tricky, old: { file: 'api/a,b.yaml', pointer: '#/x', line: 3, col: 9 } }]), TOOL);
    expect(local.split('\n')[0]).toBe(
      '::error file=api/a%2Cb.yaml,line=3,col=9,title=parameter-removed (breaking)::a (GET /x): 100%25 gone,%0Areally: yes Breaks: wire, types.',
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
        '    <properties><property name="semver" value="major"/><property name="fail-on" value="warning"/></properties>',
        '    <testcase classname="removeImage" name="operation-id-changed (breaking)"><failure message="The operationId changed from deleteImage to removeImage: client.deleteImage is gone; the MCP tool keeps its name (x-tool-name)." type="operation-id-changed (breaking)">removeImage (DELETE /open/podcast/v1/images/{id}): The operationId changed from deleteImage to removeImage: client.deleteImage is gone; the MCP tool keeps its name (x-tool-name).',
        'breaks: types',
        'old: git:HEAD:spec/podcast.openapi.yaml:376:7',
        'new: spec/podcast.openapi.yaml:376:7',
        "types: TS2339 at line 12: await client.deleteImage({ id: 'id' });: Property 'deleteImage' does not exist on type 'PodcastClient'.</failure></testcase>",
        '    <testcase classname="document" name="server-removed (warning)"><failure message="gone: &lt;a href=&quot;x&quot;&gt;&amp;\ufffd" type="server-removed (warning)">the document: gone: &lt;a href="x"&gt;&amp;\ufffd',
        'breaks: nothing',
        'new: spec/podcast.openapi.yaml</failure></testcase>',
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
    expect(text).toContain('| breaking | 3000 | 0 | 3000 | 0 | 0 |');
    expect(text).toMatch(/^\d+ more changes are not listed here \(a comment's size is limited\): `--format text` lists them all\.$/m);
    const listed = text.split('\n').filter((line) => line.startsWith('- `operation-id-changed`')).length;
    expect(listed + Number(/^(\d+) more changes/m.exec(text)![1])).toBe(3000);
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
