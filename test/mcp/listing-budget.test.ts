import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles, type GeneratedFile, type Problem } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { emitSchemas } from '../zod/helpers/emit-schemas.js';
import { servedManifest, writeOutput } from './helpers/generated-server.js';

/** Shelf -> Book -> Author -> Birth: each definition one level farther from a shelf's tools. */
const DOC = join(FIXTURE_DOCS, 'mcp', 'listing-budget.yaml');

type Schema = Record<string, unknown> & { $defs?: Record<string, unknown> };
interface Tool {
  name: string;
  inputSchema: Schema;
  outputSchema?: Schema;
}

const size = (value: unknown) => JSON.stringify(value).length;
/** The JSON text a schema lists: itself without `$defs`, plus each definition (the budget's measure). */
const listedSize = ({ $defs = {}, ...root }: Schema) => size(root) + Object.values($defs).reduce<number>((sum, def) => sum + size(def), 0);

async function generated(maxSchemaBytes?: number): Promise<{ files: GeneratedFile[]; problems: Problem[]; tools: Map<string, Tool> }> {
  const { files, problems } = await generateFiles({ spec: DOC, ...(maxSchemaBytes === undefined ? {} : { mcp: { maxSchemaBytes } }) });
  const text = files.find((f) => f.path === 'mcp/tools.json')?.content ?? '';
  return { files, problems, tools: new Map((JSON.parse(text) as { tools: Tool[] }).tools.map((t) => [t.name, t])) };
}

let whole: Awaited<ReturnType<typeof generated>>;
let budget: number;
let trimmed: Awaited<ReturnType<typeof generated>>;
let output: ReturnType<typeof writeOutput> | undefined;

beforeAll(async () => {
  whole = await generated();
  // One byte short of create_shelf's whole input schema: the farthest definition (Birth) cannot stay.
  budget = listedSize(whole.tools.get('create_shelf')?.inputSchema as Schema) - 1;
  trimmed = await generated(budget);
  output = writeOutput('listing-budget', trimmed.files);
}, 60_000);
afterAll(() => output?.remove());

describe('a tool schema over mcp.maxSchemaBytes', () => {
  it('lists everything under the default budget, with no warning', () => {
    expect(Object.keys(whole.tools.get('create_shelf')?.inputSchema.$defs ?? {}).sort()).toEqual(['Author', 'Birth', 'Book', 'Label']);
    expect(whole.problems.filter((p) => p.code === 'mcp/schema-left-out')).toEqual([]);
  });

  it('leaves out the definitions farthest from the root, and stays within the budget', () => {
    const input = trimmed.tools.get('create_shelf')?.inputSchema as Schema;
    expect(Object.keys(input.$defs ?? {}).sort()).toEqual(['Author', 'Book', 'Label']);
    expect(listedSize(input)).toBeLessThanOrEqual(budget);
    // Where Author referenced Birth, a note says what was left out, and why.
    expect((input.$defs?.Author as { properties: Record<string, unknown> }).properties.born).toEqual({
      description: '(Birth: its schema is left out of this listing to keep it short; the server checks it in full)',
    });
    // A small tool is untouched.
    expect(trimmed.tools.get('get_shelf_label')).toEqual(whole.tools.get('get_shelf_label'));
  });

  it('warns once per tool, naming it and the option to raise', () => {
    const warnings = trimmed.problems.filter((p) => p.code === 'mcp/schema-left-out');
    expect(warnings.map((w) => [w.severity, w.pointer, w.message])).toEqual([
      [
        'warn',
        '#/paths/~1shelves/post',
        `tool create_shelf lists its input schema without 1 of the definitions it reaches (over ${budget.toLocaleString('en-US')} bytes of JSON); the server still checks them in full`,
      ],
    ]);
    expect(warnings[0]?.hint).toMatch(/mcp\.maxSchemaBytes/);
  });

  /** The tool's input (the body's properties, at its root), with the author's birth as given. */
  const shelf = (born: unknown) => ({ label: { text: 'Poetry' }, books: [{ title: 'Odes', author: { name: 'Keats, John', born } }] });

  it('is a valid JSON Schema that accepts at least what the whole one accepts (ajv 2020-12)', () => {
    const ajv = new Ajv2020({ strict: false });
    const listed = ajv.compile(trimmed.tools.get('create_shelf')?.inputSchema as Schema);
    const full = ajv.compile(whole.tools.get('create_shelf')?.inputSchema as Schema);
    expect([full(shelf({ year: 1795 })), listed(shelf({ year: 1795 }))]).toEqual([true, true]);
    // Inside the left-out Birth: the whole schema refuses, the listing leaves it to the server.
    expect([full(shelf({ year: 'soon' })), listed(shelf({ year: 'soon' }))]).toEqual([false, true]);
    // Outside it, the listing still refuses.
    expect(listed({ ...shelf({ year: 1795 }), label: {} })).toBe(false);
  });

  it('the server lists exactly tools.json, and its validators still check the whole input', async () => {
    const served = await servedManifest(output?.dir as string);
    expect(`${JSON.stringify(served, null, 2)}\n`).toBe(trimmed.files.find((f) => f.path === 'mcp/tools.json')?.content);
    const { module } = await emitSchemas(DOC);
    const params = (module.operationSchemas as Record<string, { params: { safeParse(v: unknown): { success: boolean } } }>).createShelf?.params;
    expect(params?.safeParse(shelf({ year: 1795 })).success).toBe(true);
    expect(params?.safeParse(shelf({ year: 'soon' })).success).toBe(false);
  });

  it('refuses a budget that is no whole number of bytes', async () => {
    await expect(generateFiles({ spec: DOC, mcp: { maxSchemaBytes: -1 } })).rejects.toThrow(/maxSchemaBytes/);
  });
});
