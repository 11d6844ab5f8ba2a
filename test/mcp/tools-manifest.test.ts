import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateInMemory } from '../helpers/generate.js';
import { GENERATED, SPEC } from '../helpers/paths.js';
import { listToolsResultJsonSchema, REVISIONS, sdkResultValidator } from './helpers/mcp-revisions.js';
import { nearMisses } from './helpers/near-misses.js';

interface Tool {
  name: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations: Record<string, boolean>;
  _meta: Record<string, { operationId: string; method: string; scopes: string[] }>;
}
interface Fixture {
  params: Record<string, unknown>;
  response: { body: { data: unknown } };
}

const META = 'dev.podcast-gen/operation';
let text: string;
let tools: Tool[];

function fixture(operationId: string): Fixture {
  return JSON.parse(readFileSync(join(GENERATED, 'fixtures', `${operationId}.json`), 'utf8')) as Fixture;
}

function strictAjv(): Ajv2020 {
  // strictRequired would refuse the exactly-one pattern (`oneOf: [{ required: [id] }, ...]`), plain JSON Schema.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
  addFormats.default(ajv);
  return ajv;
}

beforeAll(async () => {
  const files = await generateInMemory(SPEC);
  text = files.get('mcp/tools.json') as string;
  tools = (JSON.parse(text) as { tools: Tool[] }).tools;
});

describe('generated/mcp/tools.json', () => {
  it('matches its snapshot and is byte-stable', async () => {
    await expect(text).toMatchFileSnapshot('./__snapshots__/tools.json');
    expect((await generateInMemory(SPEC)).get('mcp/tools.json')).toBe(text);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('has one tool per operation, sorted, with names MCP hosts accept and no collisions', () => {
    const names = tools.map((t) => t.name);
    expect(names).toHaveLength(12);
    expect([...names].sort()).toStrictEqual(names);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(12);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it.each(REVISIONS)('is a valid tools/list result of protocol revision %s (JSON Schema from the SDK, and the SDK codec)', async (revision) => {
    const validate = strictAjv().compile(listToolsResultJsonSchema(revision));
    expect(validate(JSON.parse(text)), JSON.stringify(validate.errors)).toBe(true);
    const codec = await sdkResultValidator(revision);
    expect(codec('tools/list', JSON.parse(text))).toMatchObject({ ok: true });
    // The derived schemas do judge: a tool without an input schema root of type object is refused.
    const broken = { ...JSON.parse(text), tools: [{ name: 'x', inputSchema: { type: 'array' } }] };
    expect(validate(broken)).toBe(false);
    expect(codec('tools/list', broken)).toMatchObject({ ok: false });
  });

  it('derives annotations from the method and carries scopes, method and path in _meta', () => {
    for (const tool of tools) {
      const meta = tool._meta[META] as { method: string; scopes: string[] };
      expect(tool.annotations.openWorldHint).toBe(true);
      expect(tool.annotations.readOnlyHint).toBe(meta.method === 'GET');
      if (meta.method === 'GET') expect(Object.keys(tool.annotations)).toStrictEqual(['readOnlyHint', 'openWorldHint']);
      if (meta.method === 'DELETE') expect(tool.annotations).toMatchObject({ destructiveHint: true, idempotentHint: true });
      if (meta.method === 'POST') expect(tool.annotations).toMatchObject({ destructiveHint: false, idempotentHint: false });
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('podcast_get_subscription')?._meta[META]?.scopes).toStrictEqual([]);
    expect(byName.get('podcast_create_multi_camera_avatar')?._meta[META]).toMatchObject({
      operationId: 'createMultiCameraAvatar',
      method: 'POST',
      path: '/open/podcast/v1/avatars/multi_camera',
      scopes: ['podcast.generate'],
    });
  });
});

describe('every tool inputSchema (ajv 2020, strict) against the fixtures', () => {
  it.each([...Array(12).keys()])('tool %#: accepts the fixture params, rejects each near miss, and its outputSchema accepts the fixture data', (index) => {
    const tool = tools[index] as Tool;
    const operationId = (tool._meta[META] as { operationId: string }).operationId;
    const { params, response } = fixture(operationId);
    const ajv = strictAjv();
    const validate = ajv.compile(tool.inputSchema);
    expect(validate(params), `${tool.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    for (const [miss, args] of Object.entries(nearMisses(operationId, params))) {
      expect(validate(args), `${tool.name} accepted ${miss}`).toBe(false);
    }
    if (tool.outputSchema) {
      const output = ajv.compile(tool.outputSchema);
      expect(output(response.body.data), JSON.stringify(output.errors)).toBe(true);
    }
  });
});
