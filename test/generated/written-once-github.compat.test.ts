/**
 * GitHub's REST document is a large document: its fixtures, tools and routes are written once, in
 * the data modules, each value that recurs across operations once (no `fixtures/<operationId>.json`,
 * no `mcp/tools.json`). What users get from them must be what the same document's output written
 * whole gives (PODCAST_GEN_LARGE=off: the form every output had before): the same fixtures, the same
 * `tools/list` answer and `describe_tool` texts from the MCP server, the same routes and answers
 * from the mock.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles, type ApiModel } from '../../generator/index.js';
import { readGeneratedMcp, type GeneratedMcp, type ServeOptions } from '../../generator/servers/mcp-generated.js';
import { writeOutput } from '../mcp/helpers/generated-server.js';

const GITHUB = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');

interface Side {
  dir: string;
  remove(): void;
  load(path: string): Promise<Record<string, unknown>>;
}

let once: Side;
let whole: Side;
let model: ApiModel;
const closers: (() => Promise<void>)[] = [];

async function generated(large: 'on' | 'off'): Promise<Side & { model: ApiModel }> {
  const before = process.env.PODCAST_GEN_LARGE;
  process.env.PODCAST_GEN_LARGE = large;
  try {
    const { files, model } = await generateFiles({ spec: GITHUB });
    const { dir, remove } = writeOutput(`written-once-${large}`, files);
    return { dir, remove, model, load: async (path) => (await import(pathToFileURL(join(dir, path)).href)) as Record<string, unknown> };
  } finally {
    if (before === undefined) delete process.env.PODCAST_GEN_LARGE;
    else process.env.PODCAST_GEN_LARGE = before;
  }
}

beforeAll(async () => {
  const made = await generated('on');
  model = made.model;
  once = made;
  whole = await generated('off');
}, 600_000);
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
  once?.remove();
  whole?.remove();
});

async function connect(side: Side, options: ServeOptions): Promise<{ mcp: Client; generated: GeneratedMcp }> {
  const generated = readGeneratedMcp(await side.load('mcp/server.ts'), await side.load('client.ts'), 'github');
  const server = generated.createServer(generated.createClient({ baseUrl: 'http://127.0.0.1:9' }), options);
  const [near, far] = InMemoryTransport.createLinkedPair();
  const mcp = new Client({ name: 'written-once-test', version: '1.0.0' });
  await server.connect(far);
  await mcp.connect(near);
  closers.push(async () => {
    await mcp.close();
    await server.close();
  });
  return { mcp, generated };
}

describe("GitHub's data written once reads as it did written whole", () => {
  it('writes no fixtures/<operationId>.json and no mcp/tools.json, and less than half the bytes', () => {
    expect(readdirSync(join(once.dir, 'fixtures')).filter((name) => name.endsWith('.json'))).toStrictEqual([]);
    expect(readdirSync(join(once.dir, 'mcp'))).not.toContain('tools.json');
    expect(readdirSync(join(whole.dir, 'fixtures')).filter((name) => name.endsWith('.json')).length).toBeGreaterThan(1000);
  });

  it('gives the same fixtures: those of the whole output, and its fixtures/<operationId>.json files', async () => {
    const { fixtures } = (await once.load('fixtures/index.ts')) as { fixtures: Record<string, unknown> };
    const { fixtures: wholeFixtures } = (await whole.load('fixtures/index.ts')) as { fixtures: Record<string, unknown> };
    expect(Object.keys(fixtures)).toStrictEqual(Object.keys(wholeFixtures));
    expect(fixtures).toStrictEqual(JSON.parse(JSON.stringify(wholeFixtures)));
    const folder = join(whole.dir, 'fixtures');
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.json'))) {
      const file = JSON.parse(readFileSync(join(folder, name), 'utf8')) as { operationId: string };
      expect(fixtures[file.operationId]).toStrictEqual(file);
    }
  });

  it('answers tools/list with every tool exactly as tools.json of the whole output lists it', async () => {
    const manifest = JSON.parse(readFileSync(join(whole.dir, 'mcp', 'tools.json'), 'utf8')) as { tools: unknown[] };
    const listed = await (await connect(once, { dynamic: false })).mcp.listTools();
    const listedWhole = await (await connect(whole, { dynamic: false })).mcp.listTools();
    expect(listed.tools.length).toBe(model.operations.length);
    expect(listed).toStrictEqual(listedWhole);
    expect(listed.tools).toStrictEqual(manifest.tools);
  });

  it('answers the dynamic mode (tools/list, describe_tool of every tenth tool) alike', async () => {
    const { mcp } = await connect(once, {});
    const { mcp: mcpWhole } = await connect(whole, {});
    expect(await mcp.listTools()).toStrictEqual(await mcpWhole.listTools());
    const names = model.operations.map((op) => op.toolName).sort();
    for (const name of names.filter((_, i) => i % 10 === 0)) {
      const call = { name: 'describe_tool', arguments: { name } };
      expect(await mcp.callTool(call)).toStrictEqual(await mcpWhole.callTool(call));
    }
  });

  it("gives the mock the same routes, and the same answers to every operation's fixture request that only reads", async () => {
    const { routes } = (await once.load('mock/routes.ts')) as { routes: unknown[] };
    const { routes: wholeRoutes } = (await whole.load('mock/routes.ts')) as { routes: unknown[] };
    expect(routes).toStrictEqual(wholeRoutes);
    const answers = async (side: Side) => {
      const { startMockServer } = (await side.load('mock/index.ts')) as { startMockServer(): Promise<{ url: string; close(): Promise<void> }> };
      const { fixtures } = (await side.load('fixtures/index.ts')) as { fixtures: Record<string, { params?: unknown }> };
      const mock = await startMockServer();
      const generated = readGeneratedMcp(await side.load('mcp/server.ts'), await side.load('client.ts'), 'github');
      type Answer = { status: number; headers: Record<string, string>; body: unknown };
      const client = generated.createClient({ baseUrl: mock.url }) as Record<string, (params: unknown) => { withResponse(): Promise<Answer> }>;
      const got: unknown[] = [];
      try {
        for (const op of model.operations) {
          const params = fixtures[op.operationId]?.params;
          if (op.httpMethod !== 'GET' || params === undefined) continue;
          const call = client[op.methodName] as (params: unknown) => { withResponse(): Promise<Answer> };
          // An error answer (a declared redirect, say) is compared as it fails.
          const answer = await call(params)
            .withResponse()
            .catch(
              (error: { status?: number; body?: unknown; message?: string }): Answer => ({
                status: error.status ?? 0,
                headers: {},
                body: error.body ?? error.message,
              }),
            );
          const { date: _date, ...headers } = answer.headers;
          got.push({ operationId: op.operationId, status: answer.status, headers, body: answer.body });
        }
      } finally {
        await mock.close();
      }
      return got;
    };
    const got = await answers(once);
    expect(got.length).toBeGreaterThan(500);
    expect(got).toStrictEqual(await answers(whole));
  }, 300_000);
});
