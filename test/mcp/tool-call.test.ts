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
