/** The copied `tanstack-query/query-keys.ts` as code: the keys that select many. */
import { describe, expect, it } from 'vitest';
import { operationKey, tagKey } from '../../templates/tanstack-query/query-keys.js';

describe('the keys that select many', () => {
  it('select by tag with the tag as a property of `tags`, and by operation with its operationId', () => {
    expect(tagKey('podcast', 'Media assets')).toStrictEqual(['podcast', { tags: { 'Media assets': true } }]);
    expect(operationKey('podcast', 'quotaSummary')).toStrictEqual(['podcast', { operationId: 'quotaSummary' }]);
  });

  it('keep `__proto__` as a tag, a property of its own', () => {
    const [, { tags }] = tagKey('shelf', '__proto__');
    expect(Object.keys(tags)).toStrictEqual(['__proto__']);
    expect(Object.getPrototypeOf(tags)).toBe(Object.prototype);
  });
});
