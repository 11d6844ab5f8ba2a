import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { growsByHalf, HALF_GROWTH_BYTES } from '../../generator/cli/heap-growth.js';

describe('which runs grow their heaps by half', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'podcast-gen-heap-'));
    writeFileSync(join(dir, 'large.json'), '');
    truncateSync(join(dir, 'large.json'), HALF_GROWTH_BYTES);
    writeFileSync(join(dir, 'small.json'), '');
    truncateSync(join(dir, 'small.json'), HALF_GROWTH_BYTES - 1);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cases = [
    { given: 'a local file of the size', spec: 'large.json', want: true },
    { given: 'a local file one byte smaller', spec: 'small.json', want: false },
    { given: 'a file that is not there (the run reports it)', spec: 'missing.json', want: false },
    { given: 'a URL, whose size is not known beforehand', spec: 'https://example.com/large.json', want: false },
  ];
  it.each(cases)('$given: $want', ({ spec, want }) => {
    expect(growsByHalf(spec, dir)).toBe(want);
  });
});
