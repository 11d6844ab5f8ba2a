import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { writeOutput } from './helpers/generated-server.js';

const DOC = join(FIXTURE_DOCS, 'mcp', 'java-patterns.yaml');

interface Tool {
  name: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}
type Module = Record<string, unknown>;

let tools: Tool[];
let output: ReturnType<typeof writeOutput> | undefined;
const load = async (path: string) => (await import(pathToFileURL(join(output?.dir as string, path)).href)) as Module;

beforeAll(async () => {
  const { files } = await generateFiles({ spec: DOC, name: 'podcast' });
  tools = (JSON.parse(files.find((f) => f.path === 'mcp/tools.json')?.content ?? '{}') as { tools: Tool[] }).tools;
  output = writeOutput('java-patterns', files);
}, 60_000);
afterAll(() => output?.remove());

/**
 * An MCP client compiles a tool's schemas as JSON Schema means a pattern: in Unicode mode. The MCP
 * SDK's client refuses to call a tool whose output schema it cannot compile, so a pattern only
 * JavaScript's legacy mode reads would make the tool unusable.
 */
describe('patterns in the tool schemas', () => {
  it('are written as Unicode-mode patterns: Java class names as their classes, the unreadable left out', () => {
    const tool = tools.find((t) => t.name === 'get_key');
    expect(tool?.inputSchema).toMatchObject({ properties: { keyId: { type: 'string', pattern: '^[0-9A-Fa-f]{8}$' } } });
    const properties = (tool?.outputSchema as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(properties.fingerprint).toStrictEqual({ type: 'string', pattern: '^[0-9A-Fa-f]{16}$' });
    expect(properties.label).toStrictEqual({ type: 'string' });
    const ajv = new Ajv2020({ strict: false });
    for (const schema of tools.flatMap((t) => [t.inputSchema, t.outputSchema ?? {}])) expect(() => ajv.compile(schema)).not.toThrow();
  });

  it('let the MCP SDK client call the tool, the server still checking the pattern', async () => {
    const { startMockServer } = (await load('mock/index.ts')) as { startMockServer(options: object): Promise<{ url: string; close(): Promise<void> }> };
    const { createPodcastClient } = (await load('client.ts')) as { createPodcastClient(options: object): unknown };
    const { createPodcastMcpServer } = (await load('mcp/server.ts')) as {
      createPodcastMcpServer(client: unknown): { connect(transport: unknown): Promise<void>; close(): Promise<void> };
    };
    const mock = await startMockServer({});
    const server = createPodcastMcpServer(createPodcastClient({ baseUrl: mock.url, apiKey: 'key-1234' }));
    const [near, far] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'java-patterns-test', version: '1.0.0' });
    try {
      await server.connect(far);
      await client.connect(near);
      await client.listTools();
      const answer = await client.callTool({ name: 'get_key', arguments: { keyId: 'deadBEEF' } });
      expect(answer.isError).toBeFalsy();
      expect(answer.structuredContent).toMatchObject({
        fingerprint: expect.stringMatching(/^[0-9A-Fa-f]{16}$/),
        label: expect.stringMatching(/^[a-z_]{3,12}$/),
      });
      const refused = await client.callTool({ name: 'get_key', arguments: { keyId: 'not-hex!' } });
      expect(refused.isError).toBe(true);
    } finally {
      await client.close();
      await server.close();
      await mock.close();
    }
  });
});
