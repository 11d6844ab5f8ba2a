import { Ajv2020 } from 'ajv/dist/2020.js';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { generateInMemory } from '../helpers/generate.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { emitSchemas } from '../zod/helpers/emit-schemas.js';

const DOC = join(FIXTURE_DOCS, 'mcp', 'read-write-only.yaml');

interface Tool {
  name: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

let tool: Tool;
let params: z.ZodType;
let data: z.ZodType;

beforeAll(async () => {
  const files = await generateInMemory(DOC);
  [tool] = (JSON.parse(files.get('mcp/tools.json') as string) as { tools: Tool[] }).tools as [Tool];
  const { module } = await emitSchemas(DOC);
  params = module.SaveNoteParams as z.ZodType;
  data = module.SaveNoteData as z.ZodType;
});

function judge(schema: Record<string, unknown> | undefined): (value: unknown) => boolean {
  const validate = new Ajv2020({ strict: true, strictRequired: false }).compile(schema ?? {});
  return (value) => validate(value) === true;
}

/**
 * The MCP server validates arguments with the request-direction zod validator and the payload
 * with the response-direction one: the advertised schemas must read readOnly and writeOnly alike,
 * or a client checking its call against inputSchema refuses what the server accepts.
 */
describe('tool schemas read readOnly and writeOnly as the validators do', () => {
  const author = { name: 'Ada' };
  const inputs: [string, unknown, boolean][] = [
    ['readOnly properties left out, nested and through $defs', { note: { text: 't', secret: 's', author } }, true],
    // Declared, so not additional; the types ask for it where it is required (Apideck's `id`).
    ['a readOnly property of a closed object may be sent in a request, unchecked', { note: { id: 'any', text: 't', secret: 's', author } }, true],
    ['a writeOnly property stays required in requests', { note: { text: 't', author } }, false],
    ['a required field stays required', { note: { text: 't', secret: 's' } }, false],
  ];
  it.each(inputs)('inputSchema and the Params validator agree: %s', (_, value, valid) => {
    expect(judge(tool.inputSchema)(value)).toBe(valid);
    expect(params.safeParse(value).success).toBe(valid);
  });

  const note = { id: 1, text: 't', author: { id: 2, name: 'Ada' } };
  const outputs: [string, unknown, boolean][] = [
    ['writeOnly properties left out of responses', { items: [note] }, true],
    ['a readOnly property stays required in responses', { items: [{ text: 't', author: note.author }] }, false],
    ['a writeOnly property of a closed object may come in a response, unchecked', { items: [{ ...note, secret: 7 }] }, true],
    ['a closed object still refuses an undeclared key', { items: [{ ...note, other: 's' }] }, false],
    ['a readOnly property nested through a reference stays required', { items: [{ ...note, author: { name: 'Ada' } }] }, false],
  ];
  it.each(outputs)('outputSchema and the Data validator agree: %s', (_, value, valid) => {
    expect(judge(tool.outputSchema)(value)).toBe(valid);
    expect(data.safeParse(value).success).toBe(valid);
  });

  it("$defs differ by direction: Note's id is unchecked and not required in inputSchema, its secret in outputSchema", () => {
    const defs = (schema: Record<string, unknown> | undefined) =>
      (schema?.$defs ?? {}) as Record<string, { properties: Record<string, unknown>; required: string[] }>;
    expect(defs(tool.inputSchema).Note?.properties.id).toStrictEqual({ readOnly: true });
    expect(defs(tool.inputSchema).Note?.required).toStrictEqual(['text', 'secret', 'author']);
    expect(defs(tool.outputSchema).Note?.properties.secret).toStrictEqual({ writeOnly: true });
    expect(defs(tool.outputSchema).Note?.required).toStrictEqual(['id', 'text', 'author']);
    // Author is open: its readOnly id is left out of inputSchema.
    expect(Object.keys(defs(tool.inputSchema).Author?.properties ?? {})).toStrictEqual(['name']);
  });
});
