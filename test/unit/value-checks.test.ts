import { describe, expect, it } from 'vitest';
import { CHECKED_FORMATS, numberFits, stringFits } from '../../generator/synthesis/value-checks.js';
import { _formats } from '../../templates/zod-helpers.js';

/** Strings near each format's edges: what an example in a document may hold. */
const SAMPLES = [
  '',
  ' ',
  'x',
  'Choose...',
  '23456',
  'null',
  '2024-02-29',
  '2023-02-29',
  '2024-13-01',
  '2024-1-01',
  '2024-04-31',
  '2024-05-06T07:08:09Z',
  '2024-05-06T07:08:09.123+02:00',
  '2024-05-06 07:08:09Z',
  '2024-05-06T24:00:00Z',
  '2024-05-06T07:08:60Z',
  '2024-05-06T07:08:09',
  '1990-12-31T23:59:60Z',
  'https://example.com/a?b=c#d',
  'http://[::1]:8080/x',
  'urn:isbn:0451450523',
  'example.com',
  'https://exa mple.com',
  'https://example.com/%zz',
  'mailto:a@b.c',
  'ftp://x/y',
  'ada@example.com',
  'a.b+c@mail.example.org',
  'ada@',
  '@example.com',
  'ada@example',
  'ada lovelace@example.com',
  '123e4567-e89b-12d3-a456-426614174000',
  '123E4567-E89B-12D3-A456-426614174000',
  'urn:uuid:123e4567-e89b-12d3-a456-426614174000',
  '123e4567e89b12d3a456426614174000',
  'trip-1234',
  'aGVsbG8=',
  'aGVsbG8',
  'aGVs bG8=',
  'YQ==',
  '====',
];

describe('example checks before a fixture takes a document example', () => {
  it('check every format the validators check', () => {
    expect([...CHECKED_FORMATS].sort()).toEqual(['byte', 'date', 'date-time', 'email', 'uri', 'uuid']);
  });

  for (const format of CHECKED_FORMATS) {
    it(`take a ${format} only where the validators take it too`, () => {
      const validator = _formats[format] as (value: string) => boolean;
      const taken = SAMPLES.filter((value) => stringFits(value, { type: 'string', format }));
      expect(taken.filter((value) => !validator(value))).toEqual([]);
      // And they are no dead letter: some sample is taken.
      expect(taken.length).toBeGreaterThan(0);
    });
  }

  it('refuse what a validator would refuse: a uuid that is not one, lengths in code points, patterns', () => {
    expect(stringFits('trip-1234', { type: 'string', format: 'uuid' })).toBe(false);
    expect(stringFits('123e4567-e89b-12d3-a456-426614174000', { type: 'string', format: 'uuid' })).toBe(true);
    expect(stringFits('😀😀', { type: 'string', maxLength: 2 })).toBe(true);
    expect(stringFits('😀😀😀', { type: 'string', maxLength: 2 })).toBe(false);
    expect(stringFits('ab', { type: 'string', minLength: 3 })).toBe(false);
    expect(stringFits('abc-12', { type: 'string', pattern: '^[a-z]+-\\d+$' })).toBe(true);
    expect(stringFits('abc', { type: 'string', pattern: '^[a-z]+-\\d+$' })).toBe(false);
    // A pattern no engine reads: no example is taken (a value is made instead).
    expect(stringFits('abc', { type: 'string', pattern: '(' })).toBe(false);
  });

  it('refuse numbers out of bounds or off their step', () => {
    expect(numberFits(5, { type: 'integer', minimum: 1, maximum: 5 })).toBe(true);
    expect(numberFits(5, { type: 'integer', maximum: 5, exclusiveMaximum: true })).toBe(false);
    expect(numberFits(0, { type: 'number', minimum: 0, exclusiveMinimum: true })).toBe(false);
    expect(numberFits(2 ** 31, { type: 'integer', format: 'int32' })).toBe(false);
    // Waterlinked's example ids: integers past 2^53-1, which the validators refuse.
    expect(numberFits(3408207428662661600, { type: 'integer', format: 'int64' })).toBe(false);
    expect(numberFits(2 ** 53, { type: 'number', format: 'int64' })).toBe(false);
    expect(numberFits(2 ** 53 - 1, { type: 'integer' })).toBe(true);
    expect(numberFits(2 ** 60, { type: 'number' })).toBe(true);
    expect(numberFits(12, { type: 'integer', multipleOf: 4 })).toBe(true);
    expect(numberFits(10, { type: 'integer', multipleOf: 4 })).toBe(false);
    // Fractional steps are left to made values.
    expect(numberFits(0.3, { type: 'number', multipleOf: 0.1 })).toBe(false);
  });
});
