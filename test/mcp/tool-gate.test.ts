/**
 * templates/mcp/tool-gate.ts, the gate room of the generated MCP server: which tools a caller is
 * offered (selection, then scopes), the refusal of any other as a tool result, and redaction.
 */
import { describe, expect, it } from 'vitest';
import { toolCatalog } from '../../templates/mcp/tool-catalog.js';
import { redactor, refusal, toolGate } from '../../templates/mcp/tool-gate.js';
import { BINDINGS, DATA, fields } from './helpers/pet-tools.js';

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

describe('toolGate', () => {
  const spec = { catalog: toolCatalog(() => DATA), bindings: BINDINGS };
  const table: { given: Parameters<typeof toolGate>[1]; offered: string[] }[] = [
    { given: {}, offered: ['add_pet', 'count', 'short'] },
    { given: { scopes: ['pets.read'] }, offered: ['count', 'short'] },
    { given: { scopes: [] }, offered: ['count'] },
    { given: { tools: ['add_pet', 'short'], scopes: ['pets.write'] }, offered: ['add_pet'] },
  ];
  it.each(table)('offers $offered given $given', ({ given, offered }) => {
    expect(toolGate(spec, given).offered).toStrictEqual(offered);
  });

  it('refuses a tool the selection leaves out, then one beyond the scopes, and lets the others through', () => {
    const gate = toolGate(spec, { tools: ['add_pet', 'count'], scopes: ['pets.read'] });
    expect(fields(gate.refuse('short') ?? { content: [] })['error']).toStrictEqual({ kind: 'not_selected', tool: 'short' });
    expect(fields(gate.refuse('add_pet') ?? { content: [] })['error']).toStrictEqual({ kind: 'scope', tool: 'add_pet', missingScopes: ['pets.write'] });
    expect(gate.refuse('count')).toBeUndefined();
    expect(gate.refuse('toString')).toBeUndefined();
  });

  it('throws for a selection naming a tool that is not there', () => {
    expect(() => toolGate(spec, { tools: ['add_pets'] })).toThrow(/no tool named add_pets/);
  });
});

describe('redactor', () => {
  it('replaces every secret of 4 characters or more in strings and keys, and leaves shorter ones', () => {
    const redact = redactor(['sk-secret', 'abc']);
    const result = redact({ content: [{ type: 'text', text: 'key sk-secret, abc' }], structuredContent: { 'sk-secret': ['sk-secret!'] } });
    expect(result).toStrictEqual({ content: [{ type: 'text', text: 'key [redacted], abc' }], structuredContent: { '[redacted]': ['[redacted]!'] } });
  });
});
