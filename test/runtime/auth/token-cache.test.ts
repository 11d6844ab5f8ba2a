/** The tokens a client holds (runtime/auth/tokens.ts, TokenCache): one request in flight, reused while fresh. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenCache, type TokenOutcome } from '../../../templates/runtime/auth/tokens.js';

afterEach(() => vi.useRealTimers());

/** A token endpoint that answers `tok-N` (N counting requests), with `expiresIn` seconds of life. */
function endpoint(expiresIn?: number): { ask: () => Promise<TokenOutcome>; asked: () => number } {
  let count = 0;
  return {
    ask: async () => ({ token: `tok-${++count}`, ...(expiresIn === undefined ? {} : { expiresIn }) }),
    asked: () => count,
  };
}

describe('TokenCache', () => {
  it('asks once for concurrent callers and reuses the token while it is fresh', async () => {
    const cache = new TokenCache();
    const { ask, asked } = endpoint();
    const outcomes = await Promise.all([cache.token('A', ask), cache.token('A', ask), cache.token('A', ask)]);
    expect(outcomes).toStrictEqual(Array(3).fill({ token: 'tok-1' }));
    expect(await cache.token('A', ask)).toStrictEqual({ token: 'tok-1' });
    expect(asked()).toBe(1);
  });

  it('asks again when half its life, or a minute, is left', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    const cache = new TokenCache();
    const { ask } = endpoint(100);
    await cache.token('A', ask);
    vi.setSystemTime(49_000);
    expect(await cache.token('A', ask)).toStrictEqual({ token: 'tok-1' });
    vi.setSystemTime(50_000);
    expect(await cache.token('A', ask)).toStrictEqual({ token: 'tok-2', expiresIn: 100 });
  });

  it('keeps no failure: the next caller asks again', async () => {
    const cache = new TokenCache();
    let calls = 0;
    const failing = async (): Promise<TokenOutcome> => ({ failure: `answered 503 (${++calls})`, status: 503 });
    expect(await cache.token('A', failing)).toStrictEqual({ failure: 'answered 503 (1)', status: 503 });
    expect(await cache.token('A', failing)).toStrictEqual({ failure: 'answered 503 (2)', status: 503 });
  });

  it('expires the token a refused request carried, and keeps one had since', async () => {
    const cache = new TokenCache();
    const { ask, asked } = endpoint();
    await cache.token('A', ask);
    cache.expire('A', 'tok-0');
    expect(await cache.token('A', ask)).toStrictEqual({ token: 'tok-1' });
    cache.expire('A', 'tok-1');
    expect(await cache.token('A', ask)).toStrictEqual({ token: 'tok-2' });
    cache.expire('A', 'tok-1');
    expect([await cache.token('A', ask), asked()]).toStrictEqual([{ token: 'tok-2' }, 2]);
  });

  it('holds each scheme apart', async () => {
    const cache = new TokenCache();
    const a = endpoint();
    const b = endpoint();
    await cache.token('A', a.ask);
    expect(await cache.token('B', b.ask)).toStrictEqual({ token: 'tok-1' });
    expect([a.asked(), b.asked()]).toStrictEqual([1, 1]);
  });
});
