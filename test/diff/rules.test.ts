import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../generator/diff/rules.js';
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
