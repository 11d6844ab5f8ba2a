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
    // The equivalent rewrite of budget_type (an enum became a oneOf of one-value enums) is no change.
    expect(report.changes.filter((c) => c.message.includes('budget_type'))).toStrictEqual([BUDGET_TYPE_VALUE_ADDED]);
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
    // Every types verdict has its error, or says the usage could not look (the rules' verdict stands).
    const typed = report.changes.filter((c) => c.surfaces.includes('types'));
    expect(typed.filter((c) => !c.proof?.types?.length && !c.unproven?.includes('types')).map((c) => c.rule)).toStrictEqual([]);
    expect(typed.filter((c) => c.unproven?.includes('types')).length).toBe(13);
    expect(report.changes.filter((c) => c.rule === 'types-compile-error')).toStrictEqual([]);
    expect(report.changes.filter((c) => c.proof?.validators?.length).length).toBe(49);
    expect(report.changes.filter((c) => c.unproven?.includes('validators')).length).toBe(33);
    const codes = new Set(report.changes.flatMap((c) => c.proof?.types ?? []).map((p) => p.code));
    expect([...codes].filter((code) => ['TS2305', 'TS2339', 'TS2322'].includes(code)).sort()).toStrictEqual(['TS2305', 'TS2322', 'TS2339']);
  }, 300_000);
});

/**
 * With both proofs: the compiler drops `types` where a line that compiled read the place, and adds it
 * where an error about a change shows it. A change in a component is one change however many
 * operations reach it (799 changes; 1,888 counted once per operation).
 */
const PROVED = { breaking: 141, warning: 8, info: 650, wire: 109, types: 100, validators: 82, mcp: 75 };

/** 23.0.2 accepts one budget_type more in the PATCH body than 22.0.0 did: the one change of budget_type. */
const BUDGET_TYPE_VALUE_ADDED = expect.objectContaining({
  rule: 'request-enum-value-added',
  level: 'info',
  message: 'body.budget_type: enum value "BundlePricing" added',
});

const PINNED = { breaking: 140, warning: 8, info: 651, wire: 109, types: 112, validators: 82, mcp: 75 };
