import { describe, expect, it } from 'vitest';
import { sharedJsonPieces, sharedObject } from '../../generator/emit/shared-values.js';
import { readSharedJson } from '../../templates/shared-values.js';

/** What a data module's reader gets back from a value written with shared values. */
const roundTrip = (value: unknown, pieceSize?: number) => readSharedJson(sharedJsonPieces(value, pieceSize).join(''));

/** What JSON text of the value parses to: the reader must give exactly this. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('shared values (a large document data modules)', () => {
  const component = { id: 1, name: 'Ada', tags: ['a', 'b'], nested: { deep: [{ x: 1.5 }, { x: -2 }] } };
  const cases: [string, unknown][] = [
    ['a string', 'text'],
    ['a number', 42.5],
    ['true, false and null', [true, false, null]],
    ['an empty object and array', { a: {}, b: [] }],
    ['a repeated component value', { one: component, two: component, list: [component, component] }],
    ['equal values made apart', { one: { x: [1, 2] }, two: { x: [1, 2] } }],
    ['negative, fractional, large and tiny numbers', [-0, -1, 0.1, 1e21, 5e-324, 2 ** 53 + 2, 7, 7]],
    ['non-finite numbers (null in JSON)', { a: Number.NaN, b: [Number.POSITIVE_INFINITY] }],
    ['undefined (left out of an object, null in an array)', { a: undefined, b: [undefined, 1] }],
    ['a key __proto__ and constructor', JSON.parse('{"__proto__":{"x":1},"constructor":"c","list":[{"__proto__":[]}]}')],
    ['text JSON escapes, and line ends JS strings cannot hold', ['"quoted" \\ \n\t\u0000 \u2028\u2029 </script> é 😀', "it's"]],
    [
      'the same keys in another order',
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
    ],
    ['keys that look like numbers', { 10: 'ten', 2: 'two', b: 'b' }],
    ['a date (its toJSON)', { at: new Date(Date.UTC(2026, 0, 2)) }],
    ['arrays of arrays', [[[]], [[1]], [[1]]]],
  ];
  for (const [name, given] of cases) {
    it(`reads back ${name} as JSON.parse(JSON.stringify()) gives it`, () => {
      expect(roundTrip(given)).toStrictEqual(asJson(given));
      expect(roundTrip(given, 1)).toStrictEqual(asJson(given));
    });
  }

  it('keeps key order, and an own __proto__ key (not the prototype)', () => {
    const read = roundTrip(JSON.parse('{"z":1,"__proto__":{"polluted":true},"a":2}')) as Record<string, unknown>;
    expect(Object.keys(read)).toStrictEqual(['z', '__proto__', 'a']);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect((read as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('gives every place its own copy of a shared value', () => {
    const read = roundTrip({ one: component, two: component }) as { one: typeof component; two: typeof component };
    expect(read.one).not.toBe(read.two);
    read.one.nested.deep[0] = { x: 0 };
    expect(read.two.nested.deep[0]).toStrictEqual({ x: 1.5 });
  });

  it('writes a recurring value once', () => {
    const values = Array.from({ length: 200 }, (_, i) => ({ id: i, owner: component, kind: 'repository' }));
    const text = sharedJsonPieces(values).join('');
    expect(text.split('"Ada"').length - 1).toBe(1);
    expect(text.split('"repository"').length - 1).toBe(1);
    expect(text.length).toBeLessThan(JSON.stringify(values).length / 3);
  });

  it('writes an object set one key at a time as the whole object', () => {
    const whole = { b: component, a: [component, 1], skipped: undefined, c: 'c', b2: { x: [1, 2] } };
    const shared = sharedObject();
    for (const [key, value] of Object.entries(whole)) shared.set(key, value);
    shared.set('a', [component, 2]);
    const expected = { ...whole, a: [component, 2] };
    expect(shared.pieces().join('')).toBe(sharedJsonPieces(expected).join(''));
    expect(readSharedJson(shared.pieces(64).join(''))).toStrictEqual(asJson(expected));
  });

  it('cuts the text into pieces between definitions', () => {
    const values = Array.from({ length: 500 }, (_, i) => ({ id: `item-${i}`, same: component }));
    const pieces = sharedJsonPieces(values, 1024);
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.every((piece) => piece.length < 4096)).toBe(true);
    expect(readSharedJson(pieces.join(''))).toStrictEqual(asJson(values));
  });

  it('reads back random values with repeats as JSON does', () => {
    let state = 20261128;
    const next = (n: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % n;
    };
    const made: unknown[] = [];
    const make = (depth: number): unknown => {
      const pick = next(depth > 3 ? 5 : 8);
      if (pick === 0) return next(10) - 5 + next(3) / 4;
      if (pick === 1) return ['x', 'yy', 'a longer string', ''][next(4)];
      if (pick === 2) return [true, false, null][next(3)];
      if (pick === 3 && made.length > 0) return made[next(made.length)];
      if (pick === 4) return `unique ${next(1000)}`;
      const value =
        pick % 2 === 0
          ? Array.from({ length: next(4) }, () => make(depth + 1))
          : Object.fromEntries(Array.from({ length: next(4) }, () => [['a', 'b', 'c', 'd'][next(4)] as string, make(depth + 1)]));
      made.push(value);
      return value;
    };
    for (let i = 0; i < 200; i++) {
      const value = make(0);
      expect(roundTrip(value)).toStrictEqual(asJson(value));
    }
  });
});
