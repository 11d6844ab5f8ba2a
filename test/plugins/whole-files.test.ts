/**
 * The options `fixtures.jsonFiles` and `mcp.manifest`: whether the values a large document writes
 * once (its data modules) are also written whole, as `fixtures/<operationId>.json` and
 * `mcp/tools.json`. By default (`auto`) only a smaller document's are; `always` and `never` decide
 * whatever the size. Where written, the files are the same bytes whatever the document's size (the
 * large form only changes how the code reads its data), and the generated code mentions them only
 * where they exist.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles, type GeneratedFile } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';

const DOC = join(FIXTURE_DOCS, 'paging', 'styles.yaml');

type Setting = 'auto' | 'always' | 'never';

/** The document's fixtures and MCP files, its size forced (`large`) as the benchmark and tests force it. */
async function generated(large: boolean, jsonFiles?: Setting, manifest?: Setting): Promise<GeneratedFile[]> {
  const before = process.env.PODCAST_GEN_LARGE;
  process.env.PODCAST_GEN_LARGE = large ? 'on' : 'off';
  try {
    const { files } = await generateFiles({
      spec: DOC,
      outputs: ['fixtures', 'mcp'],
      ...(jsonFiles ? { fixtures: { jsonFiles } } : {}),
      ...(manifest ? { mcp: { manifest } } : {}),
    });
    return files;
  } finally {
    if (before === undefined) delete process.env.PODCAST_GEN_LARGE;
    else process.env.PODCAST_GEN_LARGE = before;
  }
}

const fixtureFiles = (files: readonly GeneratedFile[]) => files.filter((f) => /^fixtures\/[^/]+\.json$/.test(f.path));
const toolsJson = (files: readonly GeneratedFile[]) => files.find((f) => f.path === 'mcp/tools.json');
const text = (files: readonly GeneratedFile[], path: string) => files.find((f) => f.path === path)?.content ?? '';

describe('the files written whole again: fixtures.jsonFiles and mcp.manifest', () => {
  it.each([
    { given: { large: false }, want: { jsonFiles: true, toolsJson: true } },
    { given: { large: true }, want: { jsonFiles: false, toolsJson: false } },
    { given: { large: true, jsonFiles: 'always', manifest: 'always' }, want: { jsonFiles: true, toolsJson: true } },
    { given: { large: false, jsonFiles: 'never', manifest: 'never' }, want: { jsonFiles: false, toolsJson: false } },
    { given: { large: true, jsonFiles: 'always', manifest: 'auto' }, want: { jsonFiles: true, toolsJson: false } },
    { given: { large: false, jsonFiles: 'auto', manifest: 'never' }, want: { jsonFiles: true, toolsJson: false } },
  ] as { given: { large: boolean; jsonFiles?: Setting; manifest?: Setting }; want: { jsonFiles: boolean; toolsJson: boolean } }[])(
    '$given: .json files $want.jsonFiles, tools.json $want.toolsJson',
    async ({ given, want }) => {
      const files = await generated(given.large, given.jsonFiles, given.manifest);
      const small = await generated(false);
      expect(fixtureFiles(files).length > 0).toBe(want.jsonFiles);
      expect(toolsJson(files) !== undefined).toBe(want.toolsJson);
      // Where written, the same bytes as a small document's, whatever the form the code reads.
      if (want.jsonFiles) expect(fixtureFiles(files)).toStrictEqual(fixtureFiles(small));
      if (want.toolsJson) expect(toolsJson(files)).toStrictEqual(toolsJson(small));
      // The code points to the files only where they are.
      expect(text(files, 'fixtures/index.ts').includes('`<operationId>.json`')).toBe(want.jsonFiles);
      expect(text(files, 'mcp/server.ts').includes('`tools.json`')).toBe(want.toolsJson);
      // The data modules are a large document's whatever is chosen.
      expect(files.some((f) => f.path === 'fixtures/fixtures-data.js')).toBe(given.large);
      expect(files.some((f) => f.path === 'mcp/server-data.js')).toBe(given.large);
    },
  );

  it.each([
    { given: { fixtures: { jsonFiles: 'sometimes' } }, want: /option "jsonFiles" of output "fixtures" must be one of auto, always, never/ },
    { given: { mcp: { manifest: 'yes' } }, want: /option "manifest" of output "mcp" must be one of auto, always, never/ },
    { given: { fixtures: { jsonFiles: true } }, want: /option "jsonFiles" of output "fixtures" must be a string/ },
  ])('refuses $given', async ({ given, want }) => {
    await expect(generateFiles({ spec: DOC, outputs: ['fixtures', 'mcp'], ...given })).rejects.toThrow(want);
  });
});
