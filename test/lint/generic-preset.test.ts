import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAndLint, PodcastGenError, type Problem } from '../../generator/index.js';
import { loadLintConfig } from '../../generator/lint/lint-config.js';
import { GENERIC_RULES } from '../../generator/lint/plugin.js';
import { ROOT } from '../helpers/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'podcast-gen-preset-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The policy table of docs/lint.md: rule -> severity for users' documents. */
function documentedSeverities(): Map<string, string> {
  const page = readFileSync(join(ROOT, 'docs', 'lint.md'), 'utf8');
  const rows = [...page.matchAll(/^\| `([^`]+)` \| (error|warn) \|/gm)];
  return new Map(rows.map((row) => [row[1] as string, row[2] as string]));
}

function severityOf(setting: (typeof GENERIC_RULES)[string]): string {
  return typeof setting === 'string' ? setting : setting.severity;
}

const ok = `responses:\n        '200': { description: ok }`;

/** A document of one path with one GET operation, the operation's other fields and more paths or components as given. */
function doc(parts: { operation?: string; paths?: string; components?: string; path?: string } = {}): string {
  return [
    'openapi: 3.0.3',
    'info: { title: T, version: "1" }',
    'paths:',
    `  ${parts.path ?? '/things'}:`,
    '    get:',
    '      operationId: listThings',
    ...(parts.operation ? [`      ${parts.operation}`] : []),
    `      ${ok}`,
    ...(parts.paths ? [parts.paths] : []),
    ...(parts.components ? ['components:', parts.components] : []),
    '',
  ].join('\n');
}

/**
 * One document per rule of the preset that the rule reports: `[rule, document, code]` (the code is
 * the rule's, unless another stage reports the same first). What severity it has, and whether the
 * run goes on, is what docs/lint.md's table says.
 */
const CASES: [string, string, string?][] = [
  ['podcast-gen/struct', doc({ operation: 'parameters:\n        - { name: q, in: body, schema: { type: string } }' })],
  ['podcast-gen/struct-unread', doc({ operation: 'requried: true' })],
  // Reading the document bundles it, and redocly's bundler refuses an unresolved $ref itself.
  ['no-unresolved-refs', doc({ components: '  schemas:\n    Thing: { $ref: "#/components/schemas/Nope" }' }), 'bundler'],
  ['podcast-gen/operation-id-unique', doc({ paths: `  /others:\n    get:\n      operationId: listThings\n      ${ok}` })],
  ['path-parameters-defined', doc({ path: '/things/{id}' })],
  [
    'podcast-gen/no-identical-paths',
    doc({
      path: '/things/{id}',
      operation: 'parameters: [{ name: id, in: path, required: true, schema: { type: string } }]',
      paths: `  /things/{name}:\n    get:\n      operationId: getThing\n      parameters: [{ name: name, in: path, required: true, schema: { type: string } }]\n      ${ok}`,
    }),
  ],
  ['podcast-gen/tool-name', doc({ operation: 'x-tool-name: List-Things!' })],
  ['spec-components-invalid-map-name', doc({ components: '  schemas:\n    Thing Two: { type: string }' })],
  ['podcast-gen/assumed-reason', doc({ operation: "x-assumed: ''" })],
];

/** Loads and lints a document with the preset (no redocly.yaml beside it); what lint reported, and whether the run would go on. */
async function lintWithPreset(name: string, source: string): Promise<{ problems: Problem[]; goesOn: boolean }> {
  const spec = join(dir, `${name.replace(/\W+/g, '-')}.yaml`);
  writeFileSync(spec, source);
  try {
    const { problems } = await loadAndLint({ spec, cwd: dir });
    return { problems, goesOn: true };
  } catch (error) {
    if (!(error instanceof PodcastGenError)) throw error;
    return { problems: error.problems, goesOn: false };
  }
}

describe('the generic preset (documents without a lint config of their own)', () => {
  it('is what docs/lint.md documents, rule for rule', async () => {
    const documented = documentedSeverities();
    const preset = new Map(Object.entries(GENERIC_RULES).map(([rule, setting]) => [rule, severityOf(setting)]));
    expect(documented).toStrictEqual(preset);
    const config = await loadLintConfig({ specPath: join(dir, 'none.yaml') });
    const applied = Object.entries(config.rules.oas3_0).filter(([, setting]) => severityOf(setting as (typeof GENERIC_RULES)[string]) !== 'off');
    expect(new Map(applied.map(([rule, setting]) => [rule, severityOf(setting as (typeof GENERIC_RULES)[string])]))).toStrictEqual(preset);
  });

  it('replaces the redocly rules that refuse correct documents', () => {
    for (const replaced of ['struct', 'no-identical-paths', 'operation-operationId-unique']) expect(GENERIC_RULES).not.toHaveProperty(replaced);
  });

  it.each(CASES)('%s reports with the severity docs/lint.md gives it, and only errors stop the run', async (rule, source, code = rule) => {
    const severity = documentedSeverities().get(rule);
    const { problems, goesOn } = await lintWithPreset(rule, source);
    expect(problems.map((p) => [p.code, p.severity])).toStrictEqual([[code, severity]]);
    expect(goesOn).toBe(severity === 'warn');
  });

  it("OpenAPI 3.0's nullable and boolean exclusive bounds in a 3.1 schema pass lint: the model reads them as in 3.0", async () => {
    const source = doc({
      components: '  schemas:\n    Count: { type: integer, nullable: true, minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false }',
    }).replace('openapi: 3.0.3', 'openapi: 3.1.0');
    const { problems, goesOn } = await lintWithPreset('read-as-in-3.0', source);
    expect(problems).toStrictEqual([]);
    expect(goesOn).toBe(true);
  });

  it('every rule of the preset has a case', () => {
    expect(CASES.map(([rule]) => rule).sort()).toStrictEqual(Object.keys(GENERIC_RULES).sort());
  });
});
