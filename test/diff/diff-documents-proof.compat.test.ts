/**
 * diffDocuments with the proof: both sides generated in memory and handed to proveChanges, whose
 * verdicts (and changes of its own) come back levelled and ordered with the rest.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffDocuments } from '../../generator/diff/diff-documents.js';

const temp = mkdtempSync(join(tmpdir(), 'podcast-gen-diff-proof-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('diffDocuments with the proof', () => {
  it('the podcast operationId rename: the compiler quotes TS2339 at the old method call', async () => {
    const renamed = join(temp, 'renamed.yaml');
    writeFileSync(renamed, readFileSync('spec/podcast.openapi.yaml', 'utf8').replace(/operationId: deleteImage\n/, 'operationId: removeImage\n'));
    const report = await diffDocuments({ old: { spec: 'spec/podcast.openapi.yaml' }, new: { spec: renamed }, proof: { types: true, validators: true } });
    expect(report.unjudged).toStrictEqual([]);
    expect(report.changes.map((c) => [c.rule, c.level, c.surfaces.join(' ')])).toStrictEqual([['operation-id-changed', 'breaking', 'types']]);
    expect(report.changes[0]?.proof?.types?.map((p) => p.code)).toContain('TS2339');
  }, 300_000);
});
