import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  _chars,
  _closed,
  _decimal,
  _discriminator,
  _equal,
  _format,
  _keysPresent,
  _length,
  _multipleOf,
  _not,
  _oneOfValues,
  _propertyCount,
  _unique,
} from '../../templates/zod-helpers.js';

/** The issues a check finds in a value (none: it passes). */
function issuesOf(schema: z.core.$ZodType, value: unknown) {
  const result = z.safeParse(schema, value);
  return result.success ? [] : result.error.issues;
}

describe('_chars: string length in code points', () => {
  const cases: [string, string, number][] = [
    ['empty', '', 0],
    ['ASCII', 'abc', 3],
    ['a surrogate pair is one', '😀', 1],
    ['pairs and units mixed', 'a😀b😀', 4],
    ['a combining mark is its own code point', 'e\u0301', 2],
    ['a lone high surrogate at the end counts once', 'a\ud83d', 2],
    ['a lone low surrogate counts once', '\ude00a', 2],
  ];
  it.each(cases)('%s', (_name, value, want) => {
    expect(_chars(value)).toBe(want);
  });

  // ajv pairs a high surrogate only with a low one that follows it.
  it('a lone high surrogate before another character is its own code point, as ajv counts', () => {
    expect(_chars('\ud83da')).toBe(2);
    expect(_chars('\ud83d\ud83d\ude00')).toBe(2);
    expect(_chars('\ud83d\ud83d')).toBe(2);
  });
});

describe('_length: minLength/maxLength in code points', () => {
  const between = z.string().check(_length(2, 3));
  it.each([
    ['two emoji (four UTF-16 units) are two characters', '😀😀', true],
    ['three emoji (six units) are three characters', '😀😀😀', true],
    ['four emoji (eight units) are too many', '😀😀😀😀', false],
    ['one emoji (two units) is too few', '😀', false],
  ])('%s', (_name, value, ok) => {
    expect(between.safeParse(value).success).toBe(ok);
  });

  it('reports zod-shaped issues with the bound', () => {
    expect(issuesOf(z.string().check(_length(3, undefined)), '😀😀')).toMatchObject([
      { code: 'too_small', origin: 'string', minimum: 3, inclusive: true, message: 'Too small: expected string to have >=3 characters' },
    ]);
    expect(issuesOf(z.string().check(_length(undefined, 1)), 'ab')).toMatchObject([
      { code: 'too_big', origin: 'string', maximum: 1, inclusive: true, message: 'Too big: expected string to have <=1 characters' },
    ]);
    expect(issuesOf(z.string().check(_length(undefined, undefined)), 'anything')).toStrictEqual([]);
  });
});

describe('_format: formats as ajv-formats full mode checks them', () => {
  const cases: [string, string[], string[]][] = [
    ['date', ['2000-02-29', '2024-12-31', '0001-01-01'], ['1900-02-29', '2023-04-31', '2024-00-10', '2024-01-00', '2024-01-1', ' 2024-01-01']],
    [
      'date-time',
      ['2024-01-01t10:00:00z', '2024-01-01 10:00:00.123+05:30', '2024-01-01T10:00:00-0800', '2016-12-31T23:59:60Z', '2017-01-01T00:59:60+01:00'],
      [
        '2024-01-01T10:00:00',
        '2024-01-01T24:00:00Z',
        '2024-01-01T10:60:00Z',
        '2016-12-31T22:59:60Z',
        '2024-01-01T10:00:00+24:00',
        '2024-01-01T10:00:00+01:60',
        '2024-01-01',
      ],
    ],
    [
      'uri',
      ['http://[::1]:8080/x', 'mailto:a@example.com', 'https://example.com/%20?q=1#f', 'file:///tmp/a'],
      ['//example.com', 'http://exa mple.com', '1http://x', 'https://example.com/%zz'],
    ],
    ['email', ["o'brien+tag@sub.example.co"], ['a@b', 'a..b@example.com', 'a@-example.com']],
    [
      'uuid',
      ['urn:uuid:123e4567-e89b-12d3-a456-426614174000', '123E4567-E89B-12D3-A456-426614174000'],
      ['123e4567-e89b-12d3-a456-42661417400', '{123e4567-e89b-12d3-a456-426614174000}'],
    ],
    ['byte', ['', 'YQ==', 'YWI=', 'YWJj'], ['YQ', 'Y===', 'YW=j']],
    ['an unknown format', ['anything at all'], []],
  ];
  it.each(cases)('%s', (name, good, bad) => {
    const schema = z.string().check(_format(name === 'an unknown format' ? 'made-up' : name));
    for (const value of good) expect(schema.safeParse(value).success, `accepts ${value}`).toBe(true);
    for (const value of bad) expect(schema.safeParse(value).success, `rejects ${value}`).toBe(false);
  });

  it("reports zod's invalid_format issue naming the format", () => {
    expect(issuesOf(z.string().check(_format('uuid')), 'x')).toMatchObject([{ code: 'invalid_format', format: 'uuid', message: 'Invalid uuid' }]);
  });
});

describe('_decimal and _multipleOf: divisibility of decimals', () => {
  const decimals: [number, bigint, number][] = [
    [0, 0n, 0],
    [123, 123n, 0],
    [0.3, 3n, -1],
    [-2.75, -275n, -2],
    [1e21, 1n, 21],
    [1.5e-7, 15n, -8],
    [-1e-7, -1n, -7],
  ];
  it.each(decimals)('%d is %d x 10^%d', (n, digits, exponent) => {
    expect(_decimal(n)).toStrictEqual({ digits, exponent });
  });

  it('divides exactly where doubles would not', () => {
    const tenth = z.number().check(_multipleOf(0.1));
    expect([0.3, 0.7, -1.1, 1e21].map((v) => tenth.safeParse(v).success)).toStrictEqual([true, true, true, true]);
    expect([0.30000000000000004, 0.15, 1e-7].map((v) => tenth.safeParse(v).success)).toStrictEqual([false, false, false]);
    expect(issuesOf(tenth, 0.15)).toMatchObject([
      { code: 'not_multiple_of', origin: 'number', divisor: 0.1, message: 'Invalid number: must be a multiple of 0.1' },
    ]);
  });

  it('leaves non-finite numbers to the type check', () => {
    const step = z.unknown().check(_multipleOf(3) as never);
    expect(issuesOf(step, Infinity)).toStrictEqual([]);
    expect(issuesOf(step, Number.NaN)).toStrictEqual([]);
  });
});

describe('_equal and _unique: JSON equality', () => {
  const cases: [string, unknown, unknown, boolean][] = [
    ['key order does not matter', { a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }, true],
    ['array order does', [1, 2], [2, 1], false],
    ['an array is not an object with index keys', [1], { 0: 1 }, false],
    ['null is not an empty object', null, {}, false],
    ['a missing key is not a key set to undefined', { a: undefined }, { b: undefined }, false],
    ['1 is not "1"', 1, '1', false],
    ['an inherited key does not count as present', { toString: 1 }, {}, false],
  ];
  it.each(cases)('%s', (_name, a, b, want) => {
    expect(_equal(a, b)).toBe(want);
    expect(_equal(b, a)).toBe(want);
  });

  it('_unique finds JSON-equal items anywhere in the array', () => {
    expect(_unique([])).toBe(true);
    expect(_unique([1, '1', [1], { a: 1 }])).toBe(true);
    expect(_unique([{ a: 1, b: 2 }, 3, { b: 2, a: 1 }])).toBe(false);
  });
});

describe('object checks', () => {
  it('_oneOfValues accepts values JSON-equal to one listed, and names them', () => {
    const schema = _oneOfValues([{ a: 1 }, [1, 2]]);
    expect(schema.safeParse({ a: 1 }).success).toBe(true);
    expect(schema.safeParse([1, 2]).success).toBe(true);
    expect(issuesOf(schema, [2, 1])).toMatchObject([{ message: 'Invalid input: expected one of [{"a":1},[1,2]]' }]);
  });

  it('_keysPresent wants own keys, with any value, and points at each missing one', () => {
    const schema = z.record(z.string(), z.unknown()).check(_keysPresent(['a', 'constructor']));
    expect(issuesOf(schema, { a: undefined, constructor: null })).toStrictEqual([]);
    expect(issuesOf(schema, {}).map((i) => i.path)).toStrictEqual([['a'], ['constructor']]);
  });

  it('_closed names the unrecognized keys, singular and plural', () => {
    const schema = z.record(z.string(), z.unknown()).check(_closed(['a']));
    expect(issuesOf(schema, { a: 1 })).toStrictEqual([]);
    expect(issuesOf(schema, { a: 1, b: 2 })).toMatchObject([{ params: { unrecognizedKeys: ['b'] }, message: 'Unrecognized key: "b"' }]);
    expect(issuesOf(schema, { b: 2, c: 3 })).toMatchObject([{ message: 'Unrecognized keys: "b", "c"' }]);
  });

  it('_propertyCount bounds the number of keys, either bound alone', () => {
    const both = z.record(z.string(), z.unknown()).check(_propertyCount(1, 2));
    expect([{}, { a: 1 }, { a: 1, b: 2 }, { a: 1, b: 2, c: 3 }].map((v) => both.safeParse(v).success)).toStrictEqual([false, true, true, false]);
    expect(issuesOf(both, {})).toMatchObject([{ message: 'Invalid input: expected 1 to 2 properties' }]);
    expect(issuesOf(z.record(z.string(), z.unknown()).check(_propertyCount(undefined, 0)), { a: 1 })).toMatchObject([
      { message: 'Invalid input: expected 0 to 0 properties' },
    ]);
    expect(issuesOf(z.record(z.string(), z.unknown()).check(_propertyCount(2, undefined)), {})).toMatchObject([
      { message: 'Invalid input: expected 2 to any number of properties' },
    ]);
  });

  it('_not refuses what the schema accepts', () => {
    const schema = z.unknown().check(_not(z.literal('blue')));
    expect(schema.safeParse('red').success).toBe(true);
    expect(issuesOf(schema, 'blue')).toMatchObject([{ code: 'custom', message: 'Invalid input: matches a schema it must not match' }]);
  });
});

describe('_discriminator', () => {
  const Cat = z.object({ kind: z.string(), lives: z.number() });
  const Dog = z.object({ kind: z.string(), bark: z.boolean() });
  let mapped = 0;
  const schema = z.unknown().check(
    _discriminator('kind', () => {
      mapped++;
      return { cat: Cat, dog: Dog };
    }),
  );

  it('checks the object against the schema its tag names', () => {
    expect(schema.safeParse({ kind: 'cat', lives: 9 }).success).toBe(true);
    expect(issuesOf(schema, { kind: 'dog', lives: 9 })).toMatchObject([{ message: 'Invalid input: not a valid dog' }]);
  });

  it('refuses a tag that is not mapped, even one an object inherits', () => {
    for (const kind of ['Cat', 'toString', '__proto__', 7, undefined]) {
      expect(issuesOf(schema, { kind }), String(kind)).toMatchObject([{ path: ['kind'], message: 'Invalid input: expected one of "cat", "dog"' }]);
    }
  });

  it('leaves non-objects to the union it qualifies, and reads the mapping only when needed', () => {
    const before = mapped;
    for (const value of [null, 'cat', [{ kind: 'cat' }], 3]) expect(issuesOf(schema, value)).toStrictEqual([]);
    expect(mapped).toBe(before);
  });
});
