import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashDocument } from '../../generator/load/read-spec.js';

/** The canonical JSON the hash is of, made the plain way: keys sorted, no spaces. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('hashDocument', () => {
  it('is the sha256 of the canonical JSON, whatever the key order (300 runs)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(hashDocument(value)).toBe(sha256(canonical(value)));
      }),
      { numRuns: 300, seed: 20261123 },
    );
    expect(hashDocument({ b: 1, a: [true, null, 'x'] })).toBe(hashDocument({ a: [true, null, 'x'], b: 1 }));
  });

  it('hashes a document of many chunks, with pairs of UTF-16 surrogates throughout, as one text', () => {
    const document = {
      paths: Object.fromEntries(
        Array.from({ length: 4000 }, (_, i) => [`/p${i}`, { summary: `😀 ${'é'.repeat(i % 7)} \u2028 "${i}"`, n: i, '𝄞': [i, { k: '😀' }] }]),
      ),
    };
    const text = canonical(document);
    expect(text.length).toBeGreaterThan(3 * 64 * 1024);
    expect(hashDocument(document)).toBe(sha256(text));
  });
});
