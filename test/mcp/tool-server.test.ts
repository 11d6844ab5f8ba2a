/**
 * templates/mcp/tool-server.ts, which puts the catalogue, the gate and the call together as an MCP
 * server: a server over a small catalogue, driven by the SDK's own client through an in-memory pair.
 * Each room has its own tests (tool-catalog, tool-gate, tool-call).
 */
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolServer, TOOLS_PAGE_SIZE, toolCatalog, type ToolServerOptions } from '../../templates/mcp/tool-server.js';
import { BINDINGS, DATA, fakeClient, VALIDATORS } from './helpers/pet-tools.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function connect(client: object, options: ToolServerOptions = {}): Promise<Client> {
  const spec = {
    info: { name: 'pets', title: 'Pets', version: '1.0.0' },
    listing: { ttlMs: 0, cacheScope: 'private' as const },
    catalog: toolCatalog(() => DATA),
    bindings: BINDINGS,
    validators: VALIDATORS,
  };
  const server = createToolServer(spec, client, options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const mcp = new Client({ name: 'test', version: '1.0.0' });
  await mcp.connect(clientSide);
  closers.push(async () => {
    await mcp.close();
    await server.close();
  });
  return mcp;
}

describe('createToolServer, through the SDK client', () => {
  it('lists the catalog and answers a call, redacted', async () => {
    const { client } = fakeClient({ countPets: () => 'sk-secret-1' });
    const mcp = await connect(client, { redact: ['sk-secret-1'] });
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name)).toStrictEqual(['add_pet', 'count', 'short']);
    const result = await mcp.callTool({ name: 'count', arguments: {} });
    expect(result.structuredContent).toStrictEqual({ data: '[redacted]' });
  });

  it('with scopes, lists the granted tools and those that need none, and refuses a call to another as a tool error', async () => {
    const { client, calls } = fakeClient({ addPet: () => ({}) });
    const mcp = await connect(client, { scopes: ['pets.read'] });
    expect((await mcp.listTools()).tools.map((t) => t.name)).toStrictEqual(['count', 'short']);
    const result = await mcp.callTool({ name: 'add_pet', arguments: { pet: { name: 'Rex' } } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toStrictEqual({ error: { kind: 'scope', tool: 'add_pet', missingScopes: ['pets.write'] } });
    expect(calls).toStrictEqual([]);
  });

  it('answers a name that is no tool with a protocol error', async () => {
    const mcp = await connect({});
    await expect(mcp.callTool({ name: 'toString', arguments: {} })).rejects.toThrow(/Unknown tool: toString/);
  });
});

describe('tools/list in pages', () => {
  it('lists TOOLS_PAGE_SIZE tools a page, with a cursor to the next, and refuses a cursor it did not give', async () => {
    const names = Array.from({ length: 250 }, (_, i) => `tool_${String(i).padStart(3, '0')}`);
    const spec = {
      info: { name: 'many', title: 'Many', version: '1.0.0' },
      listing: { ttlMs: 0, cacheScope: 'private' as const },
      catalog: toolCatalog(() => ({ defs: {}, responseDefs: {}, tools: names.map((name) => ({ name, inputSchema: { type: 'object' } })) })),
      bindings: Object.fromEntries(names.map((name) => [name, { operationId: name, method: name, input: false, scopes: [], wrapData: true }])),
      validators: {},
    };
    const server = createToolServer(spec, {}, { dynamic: false });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const mcp = new Client({ name: 'test', version: '1.0.0' });
    await mcp.connect(clientSide);
    closers.push(async () => {
      await mcp.close();
      await server.close();
    });
    // The SDK's client follows the cursors itself when asked for no page in particular.
    expect((await mcp.listTools()).tools.map((tool) => tool.name)).toStrictEqual(names);
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = (await mcp.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } })) as {
        tools: { name: string }[];
        nextCursor?: string;
      };
      pages.push(page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(pages.map((page) => page.length)).toStrictEqual([TOOLS_PAGE_SIZE, TOOLS_PAGE_SIZE, 250 - 2 * TOOLS_PAGE_SIZE]);
    expect(pages.flat()).toStrictEqual(names);
    await expect(mcp.listTools({ cursor: 'not-a-cursor' })).rejects.toThrow(/Invalid cursor/);
  });
});
