/**
 * templates/mcp/tool-catalog.ts, the catalogue room of the generated MCP server: each tool built
 * with the shared definitions it reaches, read once, and nothing for a name that is no tool.
 */
import { describe, expect, it } from 'vitest';
import { toolCatalog } from '../../templates/mcp/tool-catalog.js';
import { DATA } from './helpers/pet-tools.js';

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
