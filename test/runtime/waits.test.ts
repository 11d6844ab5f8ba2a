/** The bounded waits of runtime/waits.ts. */
import { describe, expect, it } from 'vitest';
import { AbortError } from '../../templates/runtime/errors.js';
import { bounded, sleep } from '../../templates/runtime/waits.js';

describe('sleep', () => {
  it('ends early with an AbortError when the signal aborts, and at once when it already has', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const waiting = sleep(10_000, controller.signal, 'getThing');
    setTimeout(() => controller.abort(), 20);
    await expect(waiting).rejects.toBeInstanceOf(AbortError);
    expect(performance.now() - started).toBeLessThan(5000);
    await expect(sleep(10, controller.signal, 'getThing')).rejects.toThrow('getThing was aborted');
  });
});

describe('bounded', () => {
  const never = new Promise<never>(() => undefined);

  it('gives the promise, or the time-out error, or an AbortError', async () => {
    const limits = { timeoutMs: 20, signal: undefined, operationId: 'op', timedOut: () => new Error('too slow') };
    await expect(bounded(Promise.resolve(1), limits)).resolves.toBe(1);
    await expect(bounded(never, limits)).rejects.toThrow('too slow');
    const controller = new AbortController();
    const waiting = bounded(never, { ...limits, timeoutMs: undefined, signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortError);
  });
});
