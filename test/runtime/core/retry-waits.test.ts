/** The waits between attempts (runtime/core/retries.ts), each held in range. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, clampRetryAfter, clampWait, MIN_RETRY_WAIT_MS, retryAfterSeconds } from '../../../templates/runtime/core/retries.js';

afterEach(() => vi.useRealTimers());

describe('retry waits', () => {
  it.each<[string, { given: string | null; want: number | undefined }]>([
    ['seconds', { given: ' 3 ', want: 3 }],
    ['absent', { given: null, want: undefined }],
    ['unreadable', { given: 'soon', want: undefined }],
    ['a date ahead', { given: 'Thu, 01 Jan 2032 00:00:10 GMT', want: 10 }],
    ['a date past: no wait, never back to back (the floor holds)', { given: 'Thu, 01 Jan 2032 00:00:00 GMT', want: 0 }],
    ['past a day: a day', { given: '999999999', want: 86_400 }],
  ])('Retry-After %s', (_name, { given, want }) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2032-01-01T00:00:00Z'));
    expect(retryAfterSeconds(given)).toBe(want);
  });

  it('holds a body field and every wait in range', () => {
    expect([clampRetryAfter(-5), clampRetryAfter(Number.NaN), clampWait(0, 5000), clampWait(90_000, 5000)]).toStrictEqual([
      0,
      undefined,
      MIN_RETRY_WAIT_MS,
      5000,
    ]);
  });

  it('backs off exponentially with jitter, up to 8 s', () => {
    for (const [attempt, base] of [
      [1, 500],
      [2, 1000],
      [3, 2000],
      [9, 8000],
    ] as const) {
      const wait = backoffMs(attempt);
      expect(wait).toBeGreaterThanOrEqual(base * 0.75);
      expect(wait).toBeLessThanOrEqual(base);
    }
  });
});
