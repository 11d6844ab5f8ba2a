/** A small catalogue of pet tools, its bindings and validators, and a client that records its calls: what the tests of the tool server's rooms share. */
import type { CallToolResult } from '@modelcontextprotocol/server';
import * as z from 'zod/mini';
import type { ToolBinding, ToolData } from '../../../templates/mcp/tool-server.js';

export const DATA: ToolData = {
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

export const BINDINGS: Record<string, ToolBinding> = {
  add_pet: { operationId: 'addPet', method: 'addPet', input: true, scopes: ['pets.write'], wrapData: false },
  count: { operationId: 'countPets', method: 'countPets', input: false, scopes: [], wrapData: true },
  short: { operationId: 'short', method: 'short', input: true, scopes: ['pets.read'], wrapData: false },
};

/** A result's structuredContent, as a record. */
export const fields = (result: CallToolResult): Record<string, unknown> => (result.structuredContent ?? {}) as Record<string, unknown>;

export const VALIDATORS = { addPet: { params: z.object({ pet: z.object({ name: z.string() }) }) } };

/** A client whose methods answer as the test says, recording what they were given. */
export function fakeClient(answers: Record<string, (...args: unknown[]) => unknown>) {
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
