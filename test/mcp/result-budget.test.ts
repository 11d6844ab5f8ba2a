/**
 * templates/mcp/result-budget.ts: a result kept within its budget, cut at an item boundary of its
 * largest list (never below minItems), with the arguments of the call that gets the rest.
 */
import { describe, expect, it } from 'vitest';
import { cutNote, fitToBudget, minItemsOf, nextCall, type Paging } from '../../templates/mcp/result-budget.js';

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
  const byPage: Paging = { style: 'page', param: 'page', sizeParam: 'per_page', list: ['data'] };
  const cutOf = (kept: number, total: number, path: string[] = ['data']) => ({ path, kept, total });
  const table: { given: Parameters<typeof nextCall>; want: Record<string, unknown> | undefined }[] = [
    { given: [{ q: 'x' }, byPage, cutOf(37, 100)], want: { q: 'x', page: 2, per_page: 37 } },
    { given: [{ page: 3, per_page: 30 }, byPage, cutOf(10, 30)], want: { page: 8, per_page: 10 } },
    { given: [{ page: 2, per_page: 30 }, byPage, cutOf(6, 30)], want: { page: 7, per_page: 6 } },
    // The rest starts at item 38: only a page of one starts there.
    { given: [{ page: 2, per_page: 30 }, byPage, cutOf(7, 30)], want: { page: 38, per_page: 1 } },
    // A Link header's page number (GitHub) counts as a page style's does.
    { given: [{}, { ...byPage, style: 'link' }, cutOf(37, 100)], want: { page: 2, per_page: 37 } },
    // Pages counted from 0: the rest of page 0 starts page 1 of the kept size.
    {
      given: [{ page: 0, size: 50 }, { style: 'page', param: 'page', sizeParam: 'size', firstPage: 0, list: ['data'] }, cutOf(25, 50)],
      want: { page: 1, size: 25 },
    },
    {
      given: [{ offset: 20, limit: 50 }, { style: 'offset', param: 'offset', sizeParam: 'limit', list: ['items'] }, cutOf(12, 50, ['items'])],
      want: { offset: 32, limit: 12 },
    },
    { given: [{}, { style: 'cursor', param: 'after', sizeParam: 'first', list: ['data'] }, cutOf(12, 50)], want: undefined },
    // A page number without its size says nothing of where the rest starts.
    { given: [{}, { style: 'page', param: 'page', list: ['data'] }, cutOf(12, 50)], want: undefined },
    // A cut of a list the operation does not page (a commit's files beside its paged list) is not got by paging.
    { given: [{}, byPage, cutOf(12, 50, ['files'])], want: undefined },
    { given: [{}, undefined, cutOf(12, 50)], want: undefined },
  ];
  it.each(table)('given $given: $want', ({ given, want }) => {
    expect(nextCall(...given)).toStrictEqual(want);
  });
});

describe('cutNote', () => {
  it('says what was kept and how to get the rest', () => {
    const cut = { budget: 40_000, path: ['data'], kept: 37, total: 100, next: { page: 2, per_page: 37 } };
    expect(cutNote(cut, { paging: { style: 'page', param: 'page', sizeParam: 'per_page', list: ['data'] } })).toBe(
      'This result was cut to fit 40,000 characters: data holds the first 37 of 100 items. To get the rest, call again with page=2 and per_page=37.',
    );
    const byCursor: Paging = { style: 'cursor', param: 'after', sizeParam: 'first', list: ['data'] };
    expect(cutNote({ ...cut, next: undefined } as never, { paging: byCursor, fields: 'fields' })).toBe(
      'This result was cut to fit 40,000 characters: data holds the first 37 of 100 items. To get the rest, ask for at most 37 items with first, or ask for fewer fields with fields.',
    );
    // The size parameter sizes the paged list, not another one.
    expect(cutNote({ ...cut, path: ['files'], next: undefined } as never, { paging: byCursor })).toBe(
      'This result was cut to fit 40,000 characters: files holds the first 37 of 100 items. Narrow the request to get the rest.',
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
