import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';

const SPEC = join(FIXTURE_DOCS, 'versions', 'schema-examples-map-3.1.yaml');

describe("a 3.1 schema's examples written as a map of Example objects", () => {
  it('is warned of, not refused, and its first value is the example the fixtures take', async () => {
    const { files, problems } = await generateFiles({ spec: SPEC });
    expect(problems.filter((p) => p.severity === 'error')).toStrictEqual([]);
    expect(problems.filter((p) => p.code === 'podcast-gen/struct-unread').map((p) => p.message)).toStrictEqual(['Expected type `array` but got `object`.']);
    const fixture = JSON.parse(files.find((f) => f.path === 'fixtures/getStatus.json')?.content ?? '{}') as { response: { body: unknown } };
    expect(fixture.response.body).toStrictEqual({ inProgress: true, fileSize: 4096 });
    // The MCP tool's output schema stays JSON Schema: no map where a list belongs.
    expect(files.find((f) => f.path === 'mcp/tools.json')?.content).not.toContain('Example 1');
  });
});
