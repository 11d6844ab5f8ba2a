import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';
import { generatedMock } from './helpers/generated-mock.js';

type Api = { queryCampaigns(params: object): Promise<unknown> };

// Stream's document: parameters given by `content` are typed as the text of their value, and the
// fixtures held that text, but the validators checked the value's own schema: the client refused it.
describe('a parameter given by content', () => {
  const generated = generatedMock('fixtures-mock-content-parameters', 'content-parameters.yaml');
  let api: Api;
  beforeAll(async () => {
    const { createPodcastClient } = await generated.load<{ createPodcastClient(options: object): Api }>('client.ts');
    api = createPodcastClient({ baseUrl: generated.mock.url });
  });

  it('is sent as the text of its value, as its type says, and the mock takes it', async () => {
    expect(await clientOnOwnMock(generated.out)).toStrictEqual({ called: ['queryCampaigns'], failed: [] });
    await expect(api.queryCampaigns({ payload: '{"limit":5}', recipients: 'true' })).resolves.toHaveProperty('count');
    expect(generated.mock.requests.at(-1)?.query).toStrictEqual({ payload: '{"limit":5}', recipients: 'true' });
    await expect(api.queryCampaigns({ payload: { limit: 5 } })).rejects.toMatchObject({ name: 'RequestValidationError', issues: [{ path: ['payload'] }] });
  });

  it("is a string in the MCP tool's input schema, its media type and value's schema beside it", () => {
    const tools = JSON.parse(readFileSync(join(generated.out, 'mcp', 'tools.json'), 'utf8')) as {
      tools: { inputSchema: { properties: Record<string, unknown> } }[];
    };
    expect(tools.tools[0]?.inputSchema.properties.recipients).toStrictEqual({
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: { type: 'boolean' },
    });
    expect(tools.tools[0]?.inputSchema.properties.payload).toMatchObject({ type: 'string', contentSchema: { type: 'object', required: ['limit'] } });
  });
});
