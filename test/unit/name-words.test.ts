import { describe, expect, it } from 'vitest';
import { nameWords, WORDS_REMEMBERED } from '../../generator/synthesis/realistic.js';

/** A property name's words are remembered, but not without bound: past the limit they are made again. */
describe('nameWords', () => {
  it('gives the same words before and after the remembered names are let go', () => {
    const first = nameWords('photoUrl');
    expect(first).toStrictEqual(['photo', 'url']);
    expect(nameWords('photoUrl')).toBe(first);
    for (let i = 0; i <= WORDS_REMEMBERED; i++) nameWords(`field_${i}_name`);
    const again = nameWords('photoUrl');
    expect(again).not.toBe(first);
    expect(again).toStrictEqual(['photo', 'url']);
    expect(nameWords(`field_${WORDS_REMEMBERED}_name`)).toStrictEqual(['field', String(WORDS_REMEMBERED), 'name']);
  });
});
