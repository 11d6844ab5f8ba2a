import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { generateFiles } from '../../generator/index.js';
import { documentJudge, readDocument } from '../helpers/ajv.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { emitSchemas } from '../zod/helpers/emit-schemas.js';
import { servedManifest, writeOutput, type ServedManifest } from './helpers/generated-server.js';

const DOC = join(FIXTURE_DOCS, 'corpus', 'ref-into-property.yaml');

interface Tool {
  name: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

let text: string;
let tools: Map<string, Tool>;
let served: ServedManifest;
let params: Record<string, z.ZodType | undefined>;
let output: ReturnType<typeof writeOutput> | undefined;
const judge = documentJudge(readDocument(DOC));

beforeAll(async () => {
  const { files } = await generateFiles({ spec: DOC });
  text = files.find((f) => f.path === 'mcp/tools.json')?.content ?? '';
  tools = new Map((JSON.parse(text) as { tools: Tool[] }).tools.map((tool) => [tool.name, tool]));
  output = writeOutput('ref-into-property', files);
  served = await servedManifest(output.dir);
  const { module } = await emitSchemas(DOC);
  params = Object.fromEntries(Object.entries(module.operationSchemas).map(([id, schemas]) => [id, schemas.params]));
}, 60_000);
afterAll(() => output?.remove());

function validator(schema: Record<string, unknown> | undefined): (value: unknown) => boolean {
  // strictRequired would refuse a `required` naming a property declared only in a branch: plain JSON Schema.
  const ajv = new Ajv2020({ strict: true, strictRequired: false });
  addFormats.default(ajv);
  const validate = ajv.compile(schema ?? {});
  return (value) => validate(value) === true;
}

/**
 * A reference may point at any place of the document that holds a schema: OpenAI's points into
 * another schema's properties (`#/components/schemas/CreateCompletionRequest/properties/logit_bias`).
 * The tool schemas resolve it, and judge as ajv judges the document itself.
 */
describe("references into a schema's properties", () => {
  it('generate every tool, and the server lists exactly tools.json', () => {
    expect([...tools.keys()]).toStrictEqual(['create_answer', 'create_completion', 'create_search', 'plant_tree']);
    expect(`${JSON.stringify(served, null, 2)}\n`).toBe(text);
  });

  const answers: [string, Record<string, unknown>, boolean][] = [
    ['a good answer request', { question: 'why?', model: 'small', logit_bias: { '50256': -100 }, user: 'ada' }, true],
    ['a null bias (the target is nullable)', { question: 'why?', model: 'large', logit_bias: null }, true],
    ['a model outside the enum of the property pointed at', { question: 'why?', model: 'huge' }, false],
    ['a bias over the maximum of the property pointed at', { question: 'why?', model: 'small', logit_bias: { '50256': 101 } }, false],
    ['a user longer than the property pointed at allows', { question: 'why?', model: 'small', user: 'x'.repeat(65) }, false],
  ];
  it.each(answers)('create_answer: %s (inputSchema, the Params validator and ajv on the document agree)', (_, value, valid) => {
    expect(validator(tools.get('create_answer')?.inputSchema)(value)).toBe(valid);
    expect(params.createAnswer?.safeParse(value).success).toBe(valid);
    expect(judge.validate('#/components/schemas/CreateAnswerRequest', value).valid).toBe(valid);
  });

  it('an output schema through a reference into a property judges the payload', () => {
    const valid = validator(tools.get('create_answer')?.outputSchema);
    expect(valid({ answer: '42', model: 'small' })).toBe(true);
    expect(valid({ answer: '42', model: 'huge' })).toBe(false);
  });

  const tree = (depth: number, name = 'oak'): Record<string, unknown> => ({
    name,
    ...(depth > 0 ? { children: [tree(depth - 1), tree(depth - 1, 'elm')] } : {}),
  });
  const forests: [string, Record<string, unknown>, boolean][] = [
    ['a tree three levels deep', { tree: tree(3) }, true],
    ['a nameless tree two levels down', { tree: { name: 'oak', children: [{ name: 'elm', children: [{ name: '' }] }] } }, false],
    ['four children where three are allowed', { tree: { name: 'oak', children: [tree(0), tree(0), tree(0), tree(0)] } }, false],
  ];
  it.each(forests)('plant_tree, recursive through `Forest/properties/tree` (no component named): %s', (_, value, valid) => {
    const tool = tools.get('plant_tree');
    expect(validator(tool?.inputSchema)(value)).toBe(valid);
    expect(validator(tool?.outputSchema)(value)).toBe(valid);
    expect(judge.validate('#/components/schemas/Forest', value).valid).toBe(valid);
  });

  it('names the place a recursive reference points at in $defs, by its pointer', () => {
    const defs = tools.get('plant_tree')?.inputSchema.$defs as Record<string, unknown>;
    expect(Object.keys(defs)).toStrictEqual(['Forest/properties/tree']);
    expect(JSON.stringify(tools.get('plant_tree')?.inputSchema)).toContain('"$ref":"#/$defs/Forest~1properties~1tree"');
  });
});
