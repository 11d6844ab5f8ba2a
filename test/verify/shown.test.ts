import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resourceKey } from '../../generator/verify/links.js';
import { shown } from '../../generator/verify/report.js';

/** A value nested `depth` levels deep: `[[[...]]]`, as a hostile server's answer may be. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('shown: a value as a finding shows it', () => {
  it.each([
    { given: 'a string', value: 'a"b', want: '"a\\"b"' },
    { given: 'an object', value: { a: 1, b: [true, null], c: { d: 'x' } }, want: '{"a":1,"b":[true,null],"c":{"d":"x"}}' },
    { given: 'an array with a hole', value: [1, undefined, 2], want: '[1,null,2]' },
    { given: 'absent', value: undefined, want: 'absent' },
    { given: 'a number', value: 4.5, want: '4.5' },
    { given: 'an object whose first member is undefined', value: { a: undefined, b: 1 }, want: '{"b":1}' },
    { given: 'empty containers and a string ending in a bracket', value: { a: [], b: {}, c: 'x[', d: [[], {}] }, want: '{"a":[],"b":{},"c":"x[","d":[[],{}]}' },
  ])('$given: as JSON.stringify writes it', ({ value, want }) => {
    expect(shown(value)).toBe(want);
  });

  it('writes any JSON value as JSON.stringify does', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => shown(value, 1_000_000) === JSON.stringify(value)));
  });

  it('cuts a long value at max characters, the start as JSON.stringify writes it', () => {
    const value = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `item ${i}` })) };
    expect(shown(value, 50)).toBe(`${JSON.stringify(value).slice(0, 50)}...`);
    expect(shown(value, 10_000)).toBe(JSON.stringify(value));
  });

  it('shows the start of a value nested deeper than JSON.stringify goes, without overflowing the stack', () => {
    const deep = nested(200_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(shown(deep)).toBe(`${'['.repeat(200)}...`);
  });

  it("names a resource by a link's values however deep the server nested one (resourceKey)", () => {
    expect(resourceKey({ id: 7, owner: 'ada' })).toBe('[["id","7"],["owner","ada"]]');
    expect(resourceKey({ id: nested(200_000) })).toMatch(/^\[\["id","\[{10000}\.\.\."\]\]$/);
  });
});
