/**
 * The change catalogue: each case is a pair of small documents and every change the comparison finds
 * between them, with its level and the surfaces it breaks (the model comparison, without the proof).
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './cases/index.js';
import { RULES } from '../../generator/diff/rules.js';
import { verdictsOf } from './helpers.js';

describe('change catalogue', () => {
  for (const [category, cases] of Object.entries(CATALOGUE)) {
    describe(category, () => {
      it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
        expect(verdictsOf(c)).toStrictEqual(c.want);
      });
    });
  }

  it("holds at least 150 cases, in every category issue 32 names and the API's life (issue 44)", () => {
    const sizes = Object.fromEntries(Object.entries(CATALOGUE).map(([category, cases]) => [category, cases.length]));
    expect(Object.keys(sizes).sort()).toStrictEqual(
      [
        'composition',
        'enums and constraints',
        'extensions',
        'generated surfaces',
        'parameters',
        'paths and operations',
        'read and write only',
        'request bodies',
        'required and nullable',
        'responses, headers and media types',
        'security, servers, tags',
        'versions 3.1 and 3.2',
        'deprecation, sunset and stability',
        'keywords without a rule of their own',
      ].sort(),
    );
    expect(Object.values(sizes).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(150);
  });
});

describe('the catalogue reaches every rule', () => {
  it('each rule the comparison reports is produced by some case (types-compile-error is the proof’s: test/diff/proof/)', () => {
    const produced = new Set(Object.values(CATALOGUE).flatMap((cases) => cases.flatMap((c) => verdictsOf(c).map(([rule]) => rule))));
    const proofOnly = new Set(['types-compile-error']);
    expect(RULES.map((rule) => rule.code).filter((code) => !produced.has(code) && !proofOnly.has(code))).toStrictEqual([]);
  });
});
