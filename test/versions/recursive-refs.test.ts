import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { batchFolder, removeBatch } from '../robustness/helpers/compile.js';
import { documentJudge } from '../zod/helpers/judge-2020.js';
import { clientOnOwnMock } from './document-roundtrip.js';

const SPEC = join(FIXTURE_DOCS, 'versions', 'recursive-refs-3.1.yaml');

// openapi-typescript prints both shapes as indexes TypeScript refuses: a schema that reaches itself
// through unions and arrays only (TS2502), and a $ref into a schema's `definitions` (TS2339).
describe('a document whose references openapi-typescript prints as indexes that do not compile', () => {
  let batch: string;
  let out: string;
  beforeAll(async () => {
    batch = batchFolder('recursive-refs');
    out = join(batch, 'out');
    await generate({ spec: SPEC, out });
  }, 120_000);
  afterAll(() => removeBatch(batch));

  it('types a JSON value and a cycle of two as aliases that refer to themselves, and components name them', () => {
    const types = readFileSync(join(out, 'types.ts'), 'utf8');
    expect(types).toContain('    Json: Schema_Json;\n');
    expect(types).toMatch(/export type Schema_Json = string \| number \| boolean \| null \| Schema_Json\[\] \| \{\n\s+\[key: string\]: Schema_Json;\n\};/);
    expect(types).toContain('export type Schema_Ping = number | Schema_Pong[];');
    expect(types).toContain('export type Schema_Pong = string | Schema_Ping[];');
    expect(types).toMatch(/export type Schema_Outline = \{\n\s+title\?: string;\n\} \| Schema_Outline\[\];/);
    // Only what is on such a cycle: Document refers to Json from inside an object type.
    expect(types).not.toContain('Schema_Document');
    expect(types).toContain('body: components["schemas"]["Json"];');
  });

  it("types a reference into a schema's definitions as a component of its own, a recursive one included", () => {
    const types = readFileSync(join(out, 'types.ts'), 'utf8');
    expect(types).toContain('root: components["schemas"]["Tree/definitions/node"];');
    expect(types).toContain('children?: components["schemas"]["Tree/definitions/node"][];');
    expect(types).toContain('"Tree/definitions/kind": "menu" | "item";');
    expect(types).not.toContain('["definitions"]');
  });

  it('its fixtures are valid by ajv (2020-12) against the document as written, and the client completes them against the mock', async () => {
    const document = load(readFileSync(SPEC, 'utf8')) as { components: { schemas: Record<string, unknown> } };
    const fixture = (id: string) =>
      JSON.parse(readFileSync(join(out, 'fixtures', `${id}.json`), 'utf8')) as { params: { body?: unknown }; response: { body: unknown } };
    expect(documentJudge(document, 'Document')(fixture('putDocument').params.body)).toBe(true);
    expect(documentJudge(document, 'Tree')(fixture('getTree').response.body)).toBe(true);
    const { called, failed } = await clientOnOwnMock(out);
    expect(failed).toStrictEqual([]);
    expect(called.sort()).toStrictEqual(['getTree', 'putDocument']);
  }, 60_000);
});
