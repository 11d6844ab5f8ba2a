/**
 * Results an agent can hold, in process, on a small shelter document: its server generated, driven
 * by the SDK's own client (which checks every structured result against the tool's outputSchema),
 * its calls answered by its own generated mock on 127.0.0.1. A 100-item list over the budget is cut
 * and says how to get the rest; `fields` projects it; a photo is an image block; the hints say what
 * each tool does. The compatibility suite does the same on GitHub's document.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { writeOutput } from './helpers/generated-server.js';

type Result = Awaited<ReturnType<Client['callTool']>> & { structuredContent?: Record<string, unknown> };
interface Server {
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
}

const PETS = Array.from({ length: 100 }, (_, id) => ({ id, name: `pet ${id}`, notes: `${'calm, '.repeat(20)}likes walks`, tags: ['dog'] }));
// The mock sends a string body as UTF-8 text: bytes that are ASCII arrive as they are.
const PNG = Buffer.from('not really a PNG, but its bytes', 'ascii');

let output: ReturnType<typeof writeOutput> | undefined;
let mock: { url: string; close(): Promise<void> } | undefined;
let mcp: Client;
let server: Server;

beforeAll(async () => {
  const { files } = await generateFiles({ spec: join(FIXTURE_DOCS, 'mcp', 'results.yaml'), name: 'shelter' });
  output = writeOutput('results', files);
  const load = async (path: string) => (await import(pathToFileURL(join(output?.dir as string, path)).href)) as Record<string, unknown>;
  const { startMockServer } = (await load('mock/index.ts')) as { startMockServer(options: object): Promise<typeof mock> };
  const { createShelterClient } = (await load('client.ts')) as { createShelterClient(options: object): unknown };
  const { createShelterMcpServer } = (await load('mcp/server.ts')) as { createShelterMcpServer(client: unknown, options: object): Server };
  mock = await startMockServer({
    fixtures: {
      listPets: { response: { status: 200, headers: { 'content-type': 'application/json' }, body: PETS } },
      getPetPhoto: { response: { status: 200, headers: { 'content-type': 'image/png' }, body: PNG.toString('ascii') } },
    },
  });
  server = createShelterMcpServer(createShelterClient({ baseUrl: mock?.url }), { resultBudget: 6000 });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  mcp = new Client({ name: 'results-test', version: '1.0.0' });
  await mcp.connect(clientSide);
}, 60_000);
afterAll(async () => {
  await mcp?.close();
  await server?.close();
  await mock?.close();
  output?.remove();
});

const call = async (name: string, args: Record<string, unknown>) => (await mcp.callTool({ name, arguments: args })) as Result;

/** Whether `value` is valid under the tool's listed outputSchema, judged by ajv. */
async function validOutput(name: string, value: unknown): Promise<boolean> {
  const tool = (await mcp.listTools()).tools.find((t) => t.name === name);
  return new Ajv2020({ strict: false }).validate(tool?.outputSchema as object, value) as boolean;
}

describe('a generated server keeps its results within the budget', () => {
  it('cuts the 100-item list at an item boundary, valid, saying what was cut and the page that gets the rest', async () => {
    const result = await call('list_pets', { per_page: 100 });
    const data = result.structuredContent?.['data'] as unknown[];
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThan(100);
    expect(JSON.stringify(result.structuredContent).length).toBeLessThanOrEqual(6000);
    expect(await validOutput('list_pets', result.structuredContent)).toBe(true);
    expect(result.content).toContainEqual({
      type: 'text',
      text: `This result was cut to fit 6,000 characters: data holds the first ${data.length} of 100 items. To get the rest, call again with page=2 and per_page=${data.length}.`,
    });
    expect(result._meta?.['dev.podcast-gen/result']).toMatchObject({ cut: { kept: data.length, total: 100, next: { page: 2, per_page: data.length } } });
  });

  it('projects each item to the fields asked for, still valid against the outputSchema, and refuses unknown fields', async () => {
    const result = await call('list_pets', { per_page: 100, fields: ['id', 'name'] });
    const data = result.structuredContent?.['data'] as Record<string, unknown>[];
    expect(data).toHaveLength(100);
    expect(data[0]).toStrictEqual({ id: 0, name: 'pet 0' });
    expect(await validOutput('list_pets', result.structuredContent)).toBe(true);
    const refused = await call('get_pet', { id: 1, fields: ['name', 'colour'] });
    expect(refused.isError).toBe(true);
    expect(refused.content).toStrictEqual([
      {
        type: 'text',
        text: 'Invalid arguments for getPet: fields: fields names colour, which the result does not have; the fields are: id, name, notes, tags',
      },
    ]);
  });

  it('answers the photo as an image content block', async () => {
    const result = await call('get_pet_photo', { id: 1 });
    expect(result.content).toStrictEqual([{ type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' }]);
  });

  it('says a transfer is destructive and not idempotent, and a reading tool only reads', async () => {
    const tools = new Map((await mcp.listTools()).tools.map((tool) => [tool.name, tool]));
    expect(tools.get('transfer_pet')?.annotations).toStrictEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
    expect(tools.get('list_pets')?.annotations).toStrictEqual({ readOnlyHint: true, openWorldHint: true });
  });
});
