import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { ajv2020, documentJudge } from '../zod/helpers/judge-2020.js';
import { clientOnOwnMock, useGeneratedOutput } from './document-roundtrip.js';

const SPEC = join(FIXTURE_DOCS, 'versions', 'keywords-3.1.yaml');
const document = load(readFileSync(SPEC, 'utf8')) as {
  components: { schemas: Record<string, unknown> };
  paths: Record<string, { post: { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } } }>;
};

/** Compiled by TypeScript 7 in keywords-3.1.compat.test.ts. */
describe('a 3.1 document using every JSON Schema 2020-12 keyword podcast-gen maps', () => {
  const output = useGeneratedOutput('keywords-3.1', SPEC);

  it('its fixtures are valid by ajv (2020-12) against the document as written; those no value is made for are named', () => {
    const judged: string[] = [];
    const everything = document.paths['/everything']?.post.requestBody.content['application/json']?.schema;
    for (const file of readdirSync(join(output.out, 'fixtures')).filter((f) => f.endsWith('.json'))) {
      const fixture = JSON.parse(readFileSync(join(output.out, 'fixtures', file), 'utf8')) as {
        operationId: string;
        params: unknown;
        response: { body: unknown };
      };
      if (fixture.operationId === 'postEverything') {
        const validate = ajv2020().compile({ ...everything, components: document.components });
        expect(validate(fixture.params), JSON.stringify(fixture.params)).toBe(true);
        judged.push('Everything');
        continue;
      }
      if (fixture.operationId === 'postBilling') {
        const body = (fixture.params as { body: unknown }).body;
        expect(documentJudge(document, 'Billing')(body), JSON.stringify(body)).toBe(true);
        judged.push('Billing body');
        continue;
      }
      const name = fixture.operationId === 'getPoint' ? 'Point' : fixture.operationId === 'postShape' ? 'Shape' : fixture.operationId.slice(3);
      expect(documentJudge(document, name)(fixture.response.body), `${fixture.operationId}: ${JSON.stringify(fixture.response.body)}`).toBe(true);
      judged.push(name);
    }
    const leftOut = output.problems.filter((p) => p.code === 'fixtures/unsatisfiable').map((p) => p.message);
    expect(judged.length + leftOut.length).toBe(15);
    expect(judged.length).toBeGreaterThanOrEqual(10);
    expect(
      leftOut.every((m) => /getConditional/.test(m)),
      leftOut.join('\n'),
    ).toBe(true);
  });

  it('the client completes every fixture against the generated mock', async () => {
    const { called, failed } = await clientOnOwnMock(output.out);
    expect(failed).toStrictEqual([]);
    expect(called.length).toBeGreaterThanOrEqual(10);
  }, 60_000);

  it("the MCP tools' JSON Schema (2020-12) keeps the keywords as they are", async () => {
    const { files } = await generateFiles({ spec: SPEC });
    const text = files.find((f) => f.path === 'mcp/tools.json')?.content ?? '';
    for (const keyword of [
      'prefixItems',
      'patternProperties',
      'dependentRequired',
      'dependentSchemas',
      'propertyNames',
      'unevaluatedProperties',
      'if',
      'then',
      'else',
    ]) {
      expect(text, keyword).toContain(`"${keyword}"`);
    }
    expect(text).toContain('"unevaluatedItems"');
    expect(text).toContain('"contains"');
    // The tool's input schema, judged by ajv in 2020-12 mode: its fixture passes, a broken keyword does not.
    const tools = (JSON.parse(text) as { tools: { name: string; inputSchema: object }[] }).tools;
    const validate = ajv2020().compile(tools.find((t) => t.name === 'post_everything')?.inputSchema ?? {});
    const { params } = JSON.parse(readFileSync(join(output.out, 'fixtures', 'postEverything.json'), 'utf8')) as { params: Record<string, unknown> };
    expect(validate(params), JSON.stringify(params)).toBe(true);
    const broken: [string, unknown][] = [
      ['billing', { card: '1234' }],
      ['point', [1, 'x']],
      ['closedPair', ['a', 1, 2]],
      ['tags', ['a']],
      ['labels', { other: 1 }],
      ['shape', { kind: 'circle', radius: 1, side: 2 }],
      ['conditional', { kind: 'big' }],
    ];
    for (const [name, value] of broken) expect(validate({ ...params, [name]: value }), name).toBe(false);
  });
});
