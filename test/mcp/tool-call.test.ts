/**
 * templates/mcp/tool-call.ts, the call room of the generated MCP server: arguments checked with
 * the operation's validators, the client's method called, answers and errors shaped as results.
 */
import { describe, expect, it } from 'vitest';
import { callTool, errorResult, MAX_STREAM_ITEMS, type ToolBinding } from '../../templates/mcp/tool-call.js';
import { ApiError, RateLimitError, RequestValidationError, TimeoutError } from '../../templates/runtime.js';
import { BINDINGS, fakeClient, fields, VALIDATORS } from './helpers/pet-tools.js';

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

  it('answers a stream that stays open with the items that came within the wait, saying so, and stops it', async () => {
    const count = BINDINGS['count'] as ToolBinding;
    let signal: AbortSignal | undefined;
    async function* stalls() {
      yield 1;
      yield 2;
      // Keep-alive comments reset the client's idle timer: no item comes, and the stream never ends.
      await new Promise(() => undefined);
    }
    const client = {
      countPets: (options: { signal?: AbortSignal }) => {
        signal = options.signal;
        return stalls();
      },
    };
    const started = Date.now();
    const hung = new Promise((resolve) => setTimeout(() => resolve('hung'), 3000));
    const result = await Promise.race([callTool({ client, binding: count, validators: {}, args: {}, streamWaitMs: 200 }), hung]);
    expect(result).not.toBe('hung');
    const streamed = result as Awaited<ReturnType<typeof callTool>>;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(streamed.structuredContent).toStrictEqual({ data: [1, 2] });
    expect(streamed.content?.at(-1)).toStrictEqual({
      type: 'text',
      text: 'countPets streamed 2 items within 200 ms and had not ended: this result holds those, the stream was closed.',
    });
    expect(signal?.aborted).toBe(true);
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

describe('callTool: results an agent can hold', () => {
  const list: ToolBinding = {
    operationId: 'listPets',
    method: 'listPets',
    input: true,
    scopes: [],
    wrapData: true,
    paging: { style: 'page', param: 'page', sizeParam: 'per_page', list: ['data'] },
    fields: 'items',
  };
  const tool = {
    name: 'list_pets',
    inputSchema: {
      type: 'object',
      properties: {
        page: { type: 'integer' },
        per_page: { type: 'integer' },
        fields: { type: 'array', items: { type: 'string', enum: ['id', 'name', 'notes'] } },
      },
    },
    outputSchema: { type: 'object', properties: { data: { type: 'array', items: { type: 'object', properties: { id: {}, name: {}, notes: {} } } } } },
  };
  const pets = Array.from({ length: 100 }, (_, id) => ({ id, name: `pet ${id}`, notes: 'n'.repeat(200) }));

  it('cuts a list over the budget at an item boundary, and says how to get the rest with the paging arguments', async () => {
    const { client, calls } = fakeClient({ listPets: () => pets });
    const result = await callTool({ client, binding: list, validators: {}, args: { page: 1, per_page: 100 }, tool, budget: 5000 });
    const data = fields(result)['data'] as unknown[];
    expect(data.length).toBeLessThan(100);
    expect(JSON.stringify(result.structuredContent).length).toBeLessThanOrEqual(5000);
    expect(result.content?.[1]).toStrictEqual({
      type: 'text',
      text: `This result was cut to fit 5,000 characters: data holds the first ${data.length} of 100 items. To get the rest, call again with page=2 and per_page=${data.length}.`,
    });
    expect(result._meta?.['dev.podcast-gen/result']).toStrictEqual({
      cut: { budget: 5000, path: ['data'], kept: data.length, total: 100, next: { page: 2, per_page: data.length } },
    });
    expect(calls[0]?.args[0]).toStrictEqual({ page: 1, per_page: 100 });
  });

  it('keeps the fields asked for in the call that gets the rest of a cut', async () => {
    const { client, calls } = fakeClient({ listPets: () => pets });
    const result = await callTool({ client, binding: list, validators: {}, args: { page: 1, per_page: 100, fields: ['id', 'notes'] }, tool, budget: 2000 });
    const data = fields(result)['data'] as unknown[];
    expect(data[0]).toStrictEqual({ id: 0, notes: 'n'.repeat(200) });
    const next = { page: 2, per_page: data.length, fields: ['id', 'notes'] };
    expect(result._meta?.['dev.podcast-gen/result']).toStrictEqual({ cut: { budget: 2000, path: ['data'], kept: data.length, total: 100, next } });
    expect(result.content?.[1]).toStrictEqual({
      type: 'text',
      text: `This result was cut to fit 2,000 characters: data holds the first ${data.length} of 100 items. To get the rest, call again with page=2 and per_page=${data.length} and fields=["id","notes"].`,
    });
    expect(calls[0]?.args[0]).toStrictEqual({ page: 1, per_page: 100 });
  });

  it('projects each item to the fields asked for, takes fields out of the call, and refuses unknown fields listing the valid ones', async () => {
    const { client, calls } = fakeClient({ listPets: () => pets.slice(0, 2) });
    const result = await callTool({ client, binding: list, validators: {}, args: { fields: ['id', 'name'] }, tool });
    expect(result.structuredContent).toStrictEqual({
      data: [
        { id: 0, name: 'pet 0' },
        { id: 1, name: 'pet 1' },
      ],
    });
    expect(calls[0]?.args[0]).toStrictEqual({});
    const refused = await callTool({ client, binding: list, validators: {}, args: { fields: ['id', 'colour'] }, tool });
    expect(refused.isError).toBe(true);
    expect(refused.content).toStrictEqual([
      { type: 'text', text: 'Invalid arguments for listPets: fields: fields names colour, which the result does not have; the fields are: id, name, notes' },
    ]);
    expect(calls).toHaveLength(1);
  });

  it('answers a result over the budget with no list to cut as an error that says so, never more than the budget', async () => {
    const note = { id: 1, name: 'pet 1', notes: 'n'.repeat(20_000) };
    const one: ToolBinding = { operationId: 'getPet', method: 'getPet', input: true, scopes: [], wrapData: true, fields: 'object' };
    const result = await callTool({ client: fakeClient({ getPet: () => note }).client, binding: one, validators: {}, args: {}, budget: 5000 });
    const size = JSON.stringify({ data: note }).length;
    expect(JSON.stringify(result).length).toBeLessThanOrEqual(5000);
    expect(result.isError).toBe(true);
    expect(result.content).toStrictEqual([
      {
        type: 'text',
        text: `getPet answered ${size.toLocaleString('en-US')} characters of JSON with no list to cut: over this tool's result budget of 5,000, so it is left out. Ask for fewer fields with fields, or give this tool a larger budget (the server's resultBudgets option).`,
      },
    ]);
    expect(result._meta?.['dev.podcast-gen/result']).toStrictEqual({ cut: { budget: 5000, size } });
    const plain = await callTool({
      client: fakeClient({ getPet: () => note }).client,
      binding: { operationId: 'getPet', method: 'getPet', input: true, scopes: [], wrapData: true },
      validators: {},
      args: {},
      budget: 5000,
    });
    expect(plain.content?.[0]).toStrictEqual({
      type: 'text',
      text: `getPet answered ${size.toLocaleString('en-US')} characters of JSON with no list to cut: over this tool's result budget of 5,000, so it is left out. Give this tool a larger budget (the server's resultBudgets option).`,
    });
  });

  it('answers an image as an image block, audio as audio, other bytes as an embedded resource, and bytes over the budget as a note', async () => {
    const binary: ToolBinding = { operationId: 'getPhoto', method: 'getPhoto', input: false, scopes: [], wrapData: true, result: 'binary' };
    const call = (blob: Blob, budget?: number) =>
      callTool({ client: fakeClient({ getPhoto: () => blob }).client, binding: binary, validators: {}, args: {}, ...(budget ? { budget } : {}) });
    const bytes = new Uint8Array([137, 80, 78, 71]);
    expect(await call(new Blob([bytes], { type: 'image/png' }))).toStrictEqual({ content: [{ type: 'image', data: 'iVBORw==', mimeType: 'image/png' }] });
    expect((await call(new Blob([bytes], { type: 'audio/mpeg' }))).content).toStrictEqual([{ type: 'audio', data: 'iVBORw==', mimeType: 'audio/mpeg' }]);
    expect((await call(new Blob([bytes], { type: 'application/pdf; q=1' }))).content).toStrictEqual([
      { type: 'resource', resource: { uri: 'urn:podcast-gen:getPhoto:response', mimeType: 'application/pdf', blob: 'iVBORw==' } },
    ]);
    const over = await call(new Blob([new Uint8Array(3000)], { type: 'image/png' }), 1000);
    expect(over.content).toStrictEqual([
      {
        type: 'text',
        text: "getPhoto answered 3,000 bytes of image/png, 4,000 characters as base64: over this tool's result budget of 1,000, so they are left out (a larger resultBudget for this tool lets them through).",
      },
    ]);
  });
});
