/**
 * templates/mcp/result-budget.ts: a result kept within its budget, cut at an item boundary of its
 * largest list (never below minItems), with the arguments of the call that gets the rest.
 */
import { describe, expect, it } from 'vitest';
import { cutNote, fitToBudget, minItemsOf, nextCall } from '../../templates/mcp/result-budget.js';

const items = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i, title: `item ${i}`.padEnd(40, '.') }));

describe('fitToBudget', () => {
  it('leaves a result within the budget as it is', () => {
    const value = { data: items(3) };
    expect(fitToBudget(value, 10_000)).toStrictEqual({ value, size: JSON.stringify(value).length });
  });

  it('cuts the largest list at an item boundary, as many items as fit, and measures exactly', () => {
    const value = { total_count: 100, data: items(100), tags: ['a', 'b'] };
    const fitted = fitToBudget(value, 2000);
    expect(fitted.size).toBe(JSON.stringify(fitted.value).length);
    expect(fitted.size).toBeLessThanOrEqual(2000);
    const kept = (fitted.value['data'] as unknown[]).length;
    expect(fitted.cut).toStrictEqual({ path: ['data'], kept, total: 100 });
    // One more item would not have fitted.
    expect(JSON.stringify({ ...value, data: items(kept + 1) }).length).toBeGreaterThan(2000);
    expect(fitted.value['data']).toStrictEqual(items(kept));
    expect(fitted.value['tags']).toStrictEqual(['a', 'b']);
  });

  it('finds a list one level down, and keeps minItems even over the budget', () => {
    const value = { page: { items: items(50) } };
    expect(fitToBudget(value, 500).cut).toMatchObject({ path: ['page', 'items'], total: 50 });
    const floored = fitToBudget(value, 10, (path) => (path.join('.') === 'page.items' ? 2 : 0));
    expect(floored.cut).toStrictEqual({ path: ['page', 'items'], kept: 2, total: 50 });
  });

  it('returns what cannot be cut as it is, still over the budget', () => {
    const value = { text: 'x'.repeat(500) };
    expect(fitToBudget(value, 100)).toStrictEqual({ value, size: 511 });
  });
});

describe('nextCall', () => {
  const table: { given: Parameters<typeof nextCall>; want: Record<string, unknown> | undefined }[] = [
    { given: [{ q: 'x' }, { page: 'page', perPage: 'per_page' }, { kept: 37, total: 100 }], want: { q: 'x', page: 2, per_page: 37 } },
    {
      given: [
        { page: 3, per_page: 30 },
        { page: 'page', perPage: 'per_page' },
        { kept: 10, total: 30 },
      ],
      want: { page: 8, per_page: 10 },
    },
    {
      given: [
        { page: 2, per_page: 30 },
        { page: 'page', perPage: 'per_page' },
        { kept: 6, total: 30 },
      ],
      want: { page: 7, per_page: 6 },
    },
    // The rest starts at item 38: only a page of one starts there.
    {
      given: [
        { page: 2, per_page: 30 },
        { page: 'page', perPage: 'per_page' },
        { kept: 7, total: 30 },
      ],
      want: { page: 38, per_page: 1 },
    },
    {
      given: [
        { offset: 20, limit: 50 },
        { offset: 'offset', limit: 'limit' },
        { kept: 12, total: 50 },
      ],
      want: { offset: 32, limit: 12 },
    },
    { given: [{}, { cursor: 'after', limit: 'first' }, { kept: 12, total: 50 }], want: undefined },
    { given: [{}, undefined, { kept: 12, total: 50 }], want: undefined },
  ];
  it.each(table)('given $given: $want', ({ given, want }) => {
    expect(nextCall(...given)).toStrictEqual(want);
  });
});

describe('cutNote', () => {
  it('says what was kept and how to get the rest', () => {
    const cut = { budget: 40_000, path: ['data'], kept: 37, total: 100, next: { page: 2, per_page: 37 } };
    expect(cutNote(cut, { paging: { page: 'page', perPage: 'per_page' } })).toBe(
      'This result was cut to fit 40,000 characters: data holds the first 37 of 100 items. To get the rest, call again with page=2 and per_page=37.',
    );
    expect(cutNote({ ...cut, next: undefined } as never, { paging: { cursor: 'after', limit: 'first' }, fields: 'fields' })).toBe(
      'This result was cut to fit 40,000 characters: data holds the first 37 of 100 items. To get the rest, ask for at most 37 items with first, or ask for fewer fields with fields.',
    );
  });
});

describe('minItemsOf', () => {
  it('reads minItems through properties and local references', () => {
    const schema = { type: 'object', properties: { data: { $ref: '#/$defs/List' } }, $defs: { List: { type: 'array', minItems: 3 } } };
    expect(minItemsOf(schema)(['data'])).toBe(3);
    expect(minItemsOf(schema)(['other'])).toBe(0);
    expect(minItemsOf(undefined)(['data'])).toBe(0);
  });
});
