/**
 * The change report on a real pair: GitHub's REST document as published in @octokit/openapi 22.0.0
 * (installed as @octokit/openapi-22) and 23.0.2, compared without the proof, and by the built command
 * with both proofs. The counts per level and surface are pinned: both documents are pinned, so any
 * other count is a change of the comparison or of the proof.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DiffReport } from '../../generator/diff/change.js';
import { diffDocuments } from '../../generator/diff/diff-documents.js';
import { ensureBuilt } from '../cli/helpers/build.js';
import { ROOT } from '../helpers/paths.js';
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

  beforeAll(ensureBuilt, 240_000);

  it('is proved by the built command: the compiler and the validators judge every surface they can', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'bin', 'podcast-gen.js'), 'diff', OLD, NEW, '--format', 'json'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as DiffReport;
    expect(report.unjudged).toStrictEqual([]);
    expect(reportCounts(report)).toStrictEqual(PROVED);
    expect(report.changes.filter((c) => c.surfaces.includes('types') && !c.proof?.types?.length).map((c) => c.rule)).toStrictEqual([]);
    expect(report.changes.filter((c) => c.proof?.validators?.length).length).toBe(198);
    const codes = new Set(report.changes.flatMap((c) => c.proof?.types ?? []).map((p) => p.code));
    expect([...codes].filter((code) => ['TS2305', 'TS2339', 'TS2322'].includes(code)).sort()).toStrictEqual(['TS2305', 'TS2322', 'TS2339']);
  }, 300_000);
});

/** With both proofs: the compiler drops `types` from changes old code survives, and adds it where an error shows it. */
const PROVED = { breaking: 319, warning: 8, info: 1571, wire: 216, types: 252, validators: 244, mcp: 91 };

const PINNED = { breaking: 318, warning: 8, info: 1572, wire: 216, types: 275, validators: 244, mcp: 91 };
