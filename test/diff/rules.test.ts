import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkRecord } from '../../generator/diff/checker/index.js';
import type { ChangeRecord } from '../../generator/diff/compare/record.js';
import { isRule, RULES } from '../../generator/diff/rules.js';
import { CONSTRAINT_KEYWORDS, CONSTRAINT_TABLE } from '../../generator/diff/schema-rules.js';
import { currentRulesDoc, RULES_DOC } from './rules-doc.js';

describe('the rule catalogue', () => {
  it('docs/diff-rules.md lists every rule as the catalogue says (npx tsx test/diff/rules-doc.ts)', () => {
    const page = readFileSync(RULES_DOC, 'utf8');
    expect(page).toBe(currentRulesDoc(page));
  });

  it("has unique kebab-case codes, and a breaking rule breaks some surface unless its level is fixed (a rule of the API's life)", () => {
    const codes = RULES.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((c) => !/^[a-z]+(-[a-z]+)*$/.test(c))).toStrictEqual([]);
    expect(RULES.filter((r) => r.level === 'breaking' && r.surfaces.length === 0 && !r.fixed).map((r) => r.code)).toStrictEqual([]);
    // A rule that refines a removal breaks what the removal breaks.
    for (const rule of RULES.filter((r) => r.refines))
      expect([rule.code, rule.surfaces]).toStrictEqual([rule.code, RULES.find((r) => r.code === rule.refines)?.surfaces]);
  });
});

describe('the checkers', () => {
  const record = (keyword: string): ChangeRecord => ({ family: 'schema', keyword, old: 1, new: 2, direction: 'request', where: 'Thing.name', operations: [] });
  const policy = { today: '2026-06-15', stabilityLevel: 'beta' } as const;

  it('judge every constraint of the one table, each with both of its rules in the catalogue', () => {
    for (const keyword of CONSTRAINT_KEYWORDS) {
      const set = CONSTRAINT_TABLE[keyword].tighter === 'set';
      const [judged] = checkRecord({ ...record(keyword), old: undefined, new: set ? true : 2 }, policy);
      expect(judged?.rule).toBe(`request-${CONSTRAINT_TABLE[keyword].kind}-tightened`);
      expect(isRule(`response-${CONSTRAINT_TABLE[keyword].kind}-loosened`)).toBe(true);
    }
  });

  it('refuse a schema keyword no checker judges (a bug of the comparison), never answer it with silence', () => {
    expect(() => checkRecord(record('noSuchKeyword'), policy)).toThrow('no checker for the schema keyword "noSuchKeyword"');
  });
});
