import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { ROOT, SPEC } from '../helpers/paths.js';

/**
 * An edit of the document changes only the files whose content depends on what was edited: the
 * document's hash is in the manifest, not in every banner. Each case edits a copy of the podcast
 * document at the same path, so the banners' source name is the same on both sides, and asks
 * `check` which files of the first generation differ.
 */
describe('an edit of one operation touches only the files that depend on it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'podcast-gen-minimal-diff-'));
  const spec = join(dir, 'api.yaml');
  const out = join(dir, 'out');
  const original = readFileSync(SPEC, 'utf8');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    copyFileSync(join(ROOT, 'spec', 'redocly.yaml'), join(dir, 'redocly.yaml'));
    writeFileSync(spec, original);
    await generate({ spec, out, cwd: dir });
  });

  /** The files `check` finds changed or obsolete after `edit` of the document. */
  async function staleAfter(edit: (text: string) => string): Promise<{ changed: string[]; removed: string[] }> {
    const edited = edit(original);
    expect(edited).not.toBe(original);
    writeFileSync(spec, edited);
    try {
      const result = await generate({ spec, out, cwd: dir, check: true });
      return { changed: result.written, removed: result.removed };
    } finally {
      writeFileSync(spec, original);
    }
  }

  it('is current before any edit', async () => {
    expect(await staleAfter((text) => `${text}\n# a comment changes no output\n`)).toStrictEqual({ changed: [], removed: [] });
  });

  it("a one-word change of one operation's description: the files that carry descriptions of operations, and the manifest", async () => {
    const stale = await staleAfter((text) => text.replace('Deletes a user image material.', 'Removes a user image material.'));
    expect(stale).toStrictEqual({ changed: ['.podcast-gen.json', 'client.ts', 'mcp/server.ts', 'mcp/tools.json', 'types.ts'], removed: [] });
  });

  it('an operationId rename: the files that name operations, its fixture renamed; runtime.ts, the mock code and the other fixtures are untouched', async () => {
    const stale = await staleAfter((text) => text.replace('operationId: deleteImage\n', 'operationId: removeImage\n'));
    expect(stale).toStrictEqual({
      changed: [
        '.podcast-gen.json',
        'client.ts',
        'fixtures/index.ts',
        'fixtures/removeImage.json',
        'mcp/server.ts',
        'mcp/tools.json',
        'mock/routes.ts',
        'operations.ts',
        'schemas.ts',
        'types.ts',
      ],
      removed: ['fixtures/deleteImage.json'],
    });
  });

  it('an edit no output reads: only the manifest, whose hash changed, so check still finds the output stale', async () => {
    const stale = await staleAfter((text) => text.replace(/^info:\n/m, 'info:\n  x-owner: team-a\n'));
    expect(stale).toStrictEqual({ changed: ['.podcast-gen.json'], removed: [] });
    const manifest = JSON.parse(readFileSync(join(out, '.podcast-gen.json'), 'utf8')) as { sha256: string; title: string; version: string };
    expect(manifest).toMatchObject({ title: 'Podcast Asset, Avatar and Account Interface', version: '1.0.0' });
    expect(manifest.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a new info.version: the manifest, and the MCP server, which declares the API's version", async () => {
    const stale = await staleAfter((text) => text.replace(/^ {2}version: 1\.0\.0$/m, '  version: 1.0.1'));
    expect(stale).toStrictEqual({ changed: ['.podcast-gen.json', 'mcp/server.ts'], removed: [] });
  });
});
