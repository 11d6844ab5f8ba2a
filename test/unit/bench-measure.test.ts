import { describe, expect, it } from 'vitest';
import { measureSideBySide, type Sample } from '../../bench/measure.js';
import { targetNote } from '../../bench/report.js';

describe('the benchmark measures the tools side by side', () => {
  it('interleaves their runs, takes each median, and stops a tool that fails or takes over a minute', () => {
    const calls: string[] = [];
    const times: Record<string, number[]> = { fast: [3, 1, 2], slow: [61, 62, 63], broken: [1, 1, 1] };
    const samples = measureSideBySide(3, ['fast', 'slow', 'broken'], (tool, run): Sample => {
      calls.push(`${tool}${run + 1}`);
      if (tool === 'broken' && run === 1) return { seconds: 1, ok: false, error: 'exit 1' };
      return { seconds: times[tool]?.[run] as number, ok: true, peakMb: 100 + run };
    });
    expect(calls).toEqual(['fast1', 'slow1', 'broken1', 'fast2', 'broken2', 'fast3']);
    expect(samples.get('fast')).toEqual({ seconds: 2, ok: true, peakMb: 102 });
    expect(samples.get('slow')).toEqual({ seconds: 61, ok: true, peakMb: 100 });
    expect(samples.get('broken')).toMatchObject({ ok: false, error: 'exit 1' });
  });
});

describe('the benchmark note on the target', () => {
  const row = (document: string, ours: number, hey: number | undefined, ots: number) => ({
    document,
    operations: 1,
    results: {
      'podcast-gen': { seconds: ours, ok: true },
      ...(hey === undefined ? {} : { 'hey-api': { seconds: hey, ok: true } }),
      'openapi-typescript': { seconds: ots, ok: true },
    },
  });

  it('names the closest ratios when the run meets it, and the misses when it does not', () => {
    expect(targetNote([row('a', 1, 3, 2), row('b', 4.9, undefined, 5)])).toMatch(
      /meets the target.*Closest: a 0\.33 of hey-api; b 0\.98 of openapi-typescript/,
    );
    expect(targetNote([row('a', 1, 1.5, 2), row('b', 5.2, undefined, 5)])).toMatch(/misses the target: a 0\.67 of hey-api, b 1\.04 of openapi-typescript\./);
  });
});
