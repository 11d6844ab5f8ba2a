/**
 * The change report on a real pair: GitHub's REST document as published in @octokit/openapi 22.0.0
 * (installed as @octokit/openapi-22) and 23.0.2, compared without the proof. The counts per level and
 * surface are pinned: both documents are pinned, so any other count is a change of the comparison.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../generator/diff/diff-documents.js';
import { reportCounts } from './report-counts.js';

const resolve = createRequire(import.meta.url).resolve;
const OLD = resolve('@octokit/openapi-22/generated/api.github.com.json');
const NEW = resolve('@octokit/openapi/generated/api.github.com.json');

describe("GitHub's document, 22.0.0 against 23.0.2", () => {
  it('is compared without the proof: counts per level and surface, semver major, every change placed', async () => {
    const report = await diffDocuments({ old: { spec: OLD, label: 'api.github.com.json@22.0.0' }, new: { spec: NEW, label: 'api.github.com.json@23.0.2' } });
    expect(reportCounts(report)).toStrictEqual(PINNED);
    expect(report.semver).toBe('major');
    expect(report.changes.filter((c) => (c.old && c.old.line === undefined) || (c.new && c.new.line === undefined)).map((c) => c.rule)).toStrictEqual([]);
  }, 120_000);
});

const PINNED = { breaking: 318, warning: 8, info: 1572, wire: 216, types: 275, validators: 253, mcp: 91 };
