/**
 * templates/mcp/tool-server.ts, the code every generated MCP server shares, tested as code where it
 * lives: a server over a small catalog, driven by the SDK's own client through an in-memory pair.
 */
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, type CallToolResult } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  callTool,
  createToolServer,
  errorResult,
  MAX_STREAM_ITEMS,
  redactor,
  refusal,
  toolCatalog,
  type ToolBinding,
  type ToolData,
  type ToolServerOptions,
} from '../../templates/mcp/tool-server.js';
import { ApiError, RateLimitError, RequestValidationError, TimeoutError } from '../../templates/runtime.js';

const DATA: ToolData = {
  defs: {
    Pet: { type: 'object', properties: { name: { type: 'string' }, owner: { $ref: '#/$defs/Owner' } } },
    Owner: { type: 'object', properties: { email: { type: 'string' } } },
    'a/b': { type: 'string' },
  },
  responseDefs: { Pet: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
  tools: [
    { name: 'add_pet', title: 'Add a pet', inputSchema: { type: 'object', properties: { pet: { $ref: '#/$defs/Pet' } } }, outputSchema: 'Pet' },
    { name: 'count', inputSchema: { type: 'object' }, leftOut: { inputSchema: [] } },
    {
      name: 'short',
      inputSchema: { type: 'object', properties: { pet: { $ref: '#/$defs/Pet', description: 'the pet' }, slash: { $ref: '#/$defs/a~1b' } } },
      leftOut: { inputSchema: ['Pet'] },
    },
  ],
};

const BINDINGS: Record<string, ToolBinding> = {
  add_pet: { operationId: 'addPet', method: 'addPet', input: true, scopes: ['pets.write'], wrapData: false },
  count: { operationId: 'countPets', method: 'countPets', input: false, scopes: [], wrapData: true },
  short: { operationId: 'short', method: 'short', input: true, scopes: ['pets.read'], wrapData: false },
};

/** A result's structuredContent, as a record. */
const fields = (result: CallToolResult): Record<string, unknown> => (result.structuredContent ?? {}) as Record<string, unknown>;

const VALIDATORS = { addPet: { params: z.object({ pet: z.object({ name: z.string() }) }) } };

/** A client whose methods answer as the test says, recording what they were given. */
function fakeClient(answers: Record<string, (...args: unknown[]) => unknown>) {
  const calls: { method: string; args: unknown[] }[] = [];
  const client = Object.fromEntries(
    Object.entries(answers).map(([method, answer]) => [
      method,
      async (...args: unknown[]) => {
        calls.push({ method, args });
        return answer(...args);
      },
    ]),
  );
  return { client, calls };
}

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

describe('toolCatalog', () => {
  it('builds each tool with the definitions it reaches as $defs, reads the data once, and knows no other name', () => {
    let loads = 0;
    const catalog = toolCatalog(() => {
      loads++;
      return DATA;
    });
    expect(catalog.get('toString')).toBeUndefined();
    const tool = catalog.get('add_pet');
    expect(tool?.inputSchema).toStrictEqual({ ...DATA.tools[0]?.inputSchema, $defs: { Owner: DATA.defs['Owner'], Pet: DATA.defs['Pet'] } });
    // The output schema is the response definition, read as responses read it.
    expect(tool?.outputSchema).toStrictEqual(DATA.responseDefs['Pet']);
    expect(catalog.all().map((t) => t.name)).toStrictEqual(['add_pet', 'count', 'short']);
    expect(catalog.get('add_pet')).toBe(tool);
    expect(loads).toBe(1);
    expect(catalog.get('count')).toStrictEqual({ name: 'count', inputSchema: { type: 'object' } });
  });

  it('lists a left-out definition as a note, follows an escaped reference, and keeps the rest', () => {
    const schema = toolCatalog(() => DATA).get('short')?.inputSchema as unknown as { properties: Record<string, unknown>; $defs: Record<string, unknown> };
    expect(schema.properties['pet']).toStrictEqual({
      description: 'the pet (Pet: its schema is left out of this listing to keep it short; the server checks it in full)',
    });
    expect(Object.keys(schema.$defs)).toStrictEqual(['a/b']);
  });
});

describe('refusal', () => {
  it('offers everything when no scopes are given, and refuses by the scopes missing; a tool that needs none is offered whatever is granted', () => {
    expect(refusal(BINDINGS, 'add_pet', undefined)).toBeUndefined();
    expect(refusal(BINDINGS, 'add_pet', new Set(['pets.write']))).toBeUndefined();
    expect(refusal(BINDINGS, 'add_pet', new Set(['pets.read']))).toMatch(/needs the OAuth scope pets\.write/);
    expect(refusal(BINDINGS, 'count', new Set())).toBeUndefined();
    expect(refusal(BINDINGS, 'count', new Set(['pets.read']))).toBeUndefined();
    expect(refusal(BINDINGS, 'toString', new Set())).toBeUndefined();
  });
});

describe('callTool', () => {
  const binding = BINDINGS['add_pet'] as ToolBinding;

  it('checks the arguments with the params validator and calls the method with what it parsed', async () => {
    const { client, calls } = fakeClient({ addPet: () => ({ id: 1, name: 'Rex' }) });
    const result = await callTool({ client, binding, validators: VALIDATORS, args: { pet: { name: 'Rex', extra: true } } });
    expect(result).toStrictEqual({ content: [{ type: 'text', text: '{"id":1,"name":"Rex"}' }], structuredContent: { id: 1, name: 'Rex' } });
    expect(calls[0]?.args[0]).toStrictEqual({ pet: { name: 'Rex' } });
  });

  it('answers invalid arguments with their issues, without a call', async () => {
    const { client, calls } = fakeClient({ addPet: () => ({}) });
    const result = await callTool({ client, binding, validators: VALIDATORS, args: { pet: { name: 3 } } });
    expect(result.isError).toBe(true);
    expect(result.content).toStrictEqual([{ type: 'text', text: expect.stringMatching(/^Invalid arguments for addPet: pet\.name: /) }]);
    expect((fields(result)['error'] as { kind: string }).kind).toBe('validation');
    expect(calls).toStrictEqual([]);
  });

  it('wraps a payload that is not an object as { data }, and takes the first items of a stream', async () => {
    const count = BINDINGS['count'] as ToolBinding;
    expect((await callTool({ client: fakeClient({ countPets: () => 7 }).client, binding: count, validators: {}, args: {} })).structuredContent).toStrictEqual({
      data: 7,
    });
    async function* forever() {
      for (let i = 0; ; i++) yield i;
    }
    const streamed = await callTool({ client: fakeClient({ countPets: () => forever() }).client, binding: count, validators: {}, args: {} });
    expect((fields(streamed)['data'] as unknown[]).length).toBe(MAX_STREAM_ITEMS);
  });

  it('refuses a payload that is not an object, and a client without the method', async () => {
    expect((await callTool({ client: fakeClient({ addPet: () => 'text' }).client, binding, validators: {}, args: {} })).structuredContent).toStrictEqual({
      error: { kind: 'response', operationId: 'addPet' },
    });
    const missing = await callTool({ client: {}, binding, validators: {}, args: {} });
    expect(missing.content).toStrictEqual([{ type: 'text', text: 'addPet failed: the client has no method addPet' }]);
  });
});

describe('errorResult', () => {
  const headers = {};
  it("says when to retry a rate limit, and carries an API error's fields", () => {
    const limited = errorResult(
      'addPet',
      new RateLimitError({ operationId: 'addPet', status: 429, body: { code: 429, msg: 'slow down' }, headers, retryAfter: 30 }),
    );
    expect(limited.content).toStrictEqual([{ type: 'text', text: 'Rate limited (HTTP 429): slow down. Retry after 30 s.' }]);
    expect(fields(limited)['error']).toMatchObject({ kind: 'rate_limit', status: 429, retryAfter: 30 });
    const api = errorResult('addPet', new ApiError({ operationId: 'addPet', status: 404, body: { code: 404, msg: 'no such pet' }, headers }));
    expect(fields(api)['error']).toMatchObject({ kind: 'api', operationId: 'addPet', status: 404, code: 404, msg: 'no such pet' });
  });

  it('names other client errors by kind, and anything else as internal', () => {
    expect(errorResult('addPet', new RequestValidationError('addPet', [{ path: ['pet'], message: 'Required' }])).content).toStrictEqual([
      { type: 'text', text: 'Invalid arguments for addPet: pet: Required' },
    ]);
    expect(fields(errorResult('addPet', new TimeoutError('addPet', 1000)))['error']).toMatchObject({ kind: 'TimeoutError' });
    expect(errorResult('addPet', 'boom')).toStrictEqual({
      content: [{ type: 'text', text: 'addPet failed: boom' }],
      structuredContent: { error: { kind: 'internal', operationId: 'addPet' } },
      isError: true,
    });
  });
});

describe('redactor', () => {
  it('replaces every secret of 4 characters or more in strings and keys, and leaves shorter ones', () => {
    const redact = redactor(['sk-secret', 'abc']);
    const result = redact({ content: [{ type: 'text', text: 'key sk-secret, abc' }], structuredContent: { 'sk-secret': ['sk-secret!'] } });
    expect(result).toStrictEqual({ content: [{ type: 'text', text: 'key [redacted], abc' }], structuredContent: { '[redacted]': ['[redacted]!'] } });
  });
});

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
