/**
 * The change report on a real pair: GitHub's REST document as published in @octokit/openapi 22.0.0
 * (installed as @octokit/openapi-22) and 23.0.2, compared without the proof, and by the built command
 * with both proofs. The counts per level and surface are pinned: both documents are pinned, so any
 * other count is a change of the comparison or of the proof. The report before grouping (one change
 * per operation a change reaches) loses no breaking change to the grouped one, and the ids are the
 * same on two runs and after edits elsewhere on either side.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change, DiffReport } from '../../generator/diff/change.js';
import { diffDocuments } from '../../generator/diff/diff-documents.js';
import { ensureBuilt } from '../cli/helpers/build.js';
import { ROOT } from '../helpers/paths.js';
import { operationCounts, reportCounts } from './report-counts.js';

const resolve = createRequire(import.meta.url).resolve;
const OLD = resolve('@octokit/openapi-22/generated/api.github.com.json');
const NEW = resolve('@octokit/openapi/generated/api.github.com.json');

const SIDES = { old: { spec: OLD, label: 'api.github.com.json@22.0.0' }, new: { spec: NEW, label: 'api.github.com.json@23.0.2' } };

/** A breaking change as it reaches one operation: its rule, message and the operation. */
const perOperation = (changes: readonly Change[]) =>
  changes
    .filter((c) => c.level === 'breaking')
    .flatMap((c) => (c.operations ?? [undefined]).map((op) => `${c.rule} ${op ? `${op.method} ${op.path}` : ''} ${c.message}`));

describe("GitHub's document, 22.0.0 against 23.0.2", () => {
  const temp = mkdtempSync(join(tmpdir(), 'podcast-gen-github-pair-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));
  let grouped: DiffReport;

  it('is compared without the proof: counts per level and surface, once per operation beside, semver major, every change placed', async () => {
    const report = await diffDocuments(SIDES);
    grouped = report;
    expect(reportCounts(report)).toStrictEqual(PINNED);
    expect(operationCounts(report)).toStrictEqual(PINNED_BY_OPERATION);
    expect(report.semver).toBe('major');
    // GitHub deprecated these 17 operations before removing them (no sunset date): announced, so info; the client loses them all the same.
    expect(report.changes.filter((c) => c.rule === 'operation-removed-after-deprecation').map((c) => c.level)).toStrictEqual(Array(17).fill('info'));
    expect(new Set(report.changes.map((c) => c.id)).size).toBe(report.changes.length);
    expect(report.changes.filter((c) => (c.old && c.old.line === undefined) || (c.new && c.new.line === undefined)).map((c) => c.rule)).toStrictEqual([]);
    // The equivalent rewrite of budget_type (an enum became a oneOf of one-value enums) is no change.
    expect(report.changes.filter((c) => c.message.includes('budget_type'))).toStrictEqual([BUDGET_TYPE_VALUE_ADDED]);
  }, 120_000);

  it('before grouping, one change per operation it reaches: every breaking one is in the grouped report, at its level', async () => {
    const ungrouped = await diffDocuments({ ...SIDES, grouped: false });
    expect(reportCounts(ungrouped)).toMatchObject(PINNED_BY_OPERATION);
    expect(ungrouped.changes.length).toBe(Object.values(PINNED_BY_OPERATION).reduce((a, b) => a + b, 0));
    expect(perOperation(ungrouped.changes).sort()).toStrictEqual(perOperation(grouped.changes).sort());
  }, 120_000);

  it('gives each change the same id on a second run, and after edits elsewhere on either side', async () => {
    const ids = (report: DiffReport) => new Map(report.changes.map((c) => [`${c.rule} ${c.message}`, c.id]));
    const before = ids(grouped);
    expect(ids(await diffDocuments(SIDES))).toStrictEqual(before);
    // Elsewhere: an operation before all others, a component, the description; on the old side, then on the new.
    const edited = (file: string, name: string) => {
      const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
      doc.paths = { '/zen-first': { get: { operationId: 'zen/first', responses: { '204': { description: 'ok' } } } }, ...doc.paths };
      (doc.components as { schemas: Record<string, unknown> }).schemas = {
        aardvark: { type: 'string' },
        ...(doc.components as { schemas: Record<string, unknown> }).schemas,
      };
      doc.info = { ...doc.info, description: `${doc.info?.description} (edited)` };
      writeFileSync(join(temp, name), JSON.stringify(doc));
      return join(temp, name);
    };
    for (const sides of [
      { ...SIDES, old: { spec: edited(OLD, 'old.json'), label: SIDES.old.label } },
      { ...SIDES, new: { spec: edited(NEW, 'new.json'), label: SIDES.new.label } },
    ]) {
      const after = ids(await diffDocuments(sides));
      expect([...before].filter(([key, id]) => after.get(key) !== id)).toStrictEqual([]);
    }
  }, 240_000);

  beforeAll(ensureBuilt, 240_000);

  let proved: DiffReport;

  it('is proved by the built command: the compiler and the validators judge every surface they can', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'bin', 'podcast-gen.js'), 'diff', OLD, NEW, '--format', 'json'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as DiffReport;
    proved = report;
    expect(report.unjudged).toStrictEqual([]);
    expect(reportCounts(report)).toStrictEqual(PROVED);
    expect(operationCounts(report)).toStrictEqual(PROVED_BY_OPERATION);
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

  it('proved before grouping too, each operation a change reaches judged on its own: no breaking change is lost to the grouped report', async () => {
    const ungrouped = await diffDocuments({ ...SIDES, grouped: false, proof: { types: true, validators: true } });
    expect(ungrouped.unjudged).toStrictEqual([]);
    expect(reportCounts(ungrouped)).toMatchObject(PROVED_BY_OPERATION);
    // By rule, operation and place (the proofs' remarks in a message may differ between a change and its copy in one operation).
    const breaking = (changes: readonly Change[]) =>
      changes
        .filter((c) => c.level === 'breaking')
        .flatMap((c) => (c.operations ?? [undefined]).map((op) => `${c.rule} ${op ? `${op.method} ${op.path}` : ''} ${c.old?.pointer} ${c.new?.pointer}`))
        .sort();
    expect(breaking(ungrouped.changes)).toStrictEqual(breaking(proved.changes));
  }, 300_000);
});

/**
 * With both proofs: the compiler drops `types` where a line that compiled read the place, and adds it
 * where an error about a change shows it. A change in a component is one change however many
 * operations reach it (799 changes; 1,888 counted once per operation). The 17 operations GitHub
 * removed after deprecating them are info (announced), so 17 fewer breaking than before issue 44.
 */
const PROVED = { breaking: 124, warning: 8, info: 667, wire: 109, types: 100, validators: 82, mcp: 75 };
const PROVED_BY_OPERATION = { breaking: 297, warning: 8, info: 1583 };

/** 23.0.2 accepts one budget_type more in the PATCH body than 22.0.0 did: the one change of budget_type. */
const BUDGET_TYPE_VALUE_ADDED = expect.objectContaining({
  rule: 'request-enum-value-added',
  level: 'info',
  message: 'body.budget_type: enum value "BundlePricing" added',
});

const PINNED = { breaking: 123, warning: 8, info: 668, wire: 109, types: 112, validators: 82, mcp: 75 };

/** The same changes counted once per operation they reach: the report before grouping. */
const PINNED_BY_OPERATION = { breaking: 296, warning: 8, info: 1584 };
