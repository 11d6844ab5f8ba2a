import { describe, expect, it } from 'vitest';
import { measureSideBySide, type Sample } from '../../bench/measure.js';

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
