import { beforeAll, describe, expect, it } from 'vitest';
import { runLoads, SMALL, type LoadResult } from '../../bench/load.js';
import { ensureBuilt } from '../cli/helpers/build.js';

beforeAll(ensureBuilt, 180_000);

/**
 * The small version of `npm run bench:load` (no timing is asserted): both servers, as processes,
 * survive every load, answer each request as they should, and keep their memory bounded.
 */
describe('podcast-gen mock and mcp --http under load', () => {
  let results: LoadResult[];
  beforeAll(async () => {
    results = await runLoads({ scale: SMALL });
  }, 240_000);

  it('runs every load against both servers, and both still answer after each', () => {
    expect(results.map((r) => `${r.server}: ${r.load}`)).toStrictEqual(
      ['mock', 'mcp --http'].flatMap((server) =>
        ['50 concurrent callers', 'slow headers', 'oversized bodies', 'malformed JSON-RPC', '50 concurrent callers, again'].map((load) => `${server}: ${load}`),
      ),
    );
    for (const result of results) expect(result.alive, `${result.server}, ${result.load}`).toBe(true);
  });

  it('answers every caller, under the slow-headers attack too', () => {
    for (const result of results.filter((r) => r.load.startsWith('50 concurrent callers') || r.load === 'slow headers')) {
      expect(result.statuses, `${result.server}, ${result.load}`).toStrictEqual({ 200: result.requests });
    }
  });

  it('refuses oversized bodies with 401 or 413, never reading them whole', () => {
    // Every third request comes without the credential.
    const keyless = Math.ceil(SMALL.oversized / 3);
    for (const result of results.filter((r) => r.load === 'oversized bodies')) {
      expect(result.statuses, result.server).toStrictEqual({ 401: keyless, 413: SMALL.oversized - keyless });
    }
  });

  it('answers malformed requests without a server error', () => {
    for (const result of results.filter((r) => r.load === 'malformed JSON-RPC')) {
      const statuses = Object.keys(result.statuses).map(Number);
      expect(
        statuses.filter((s) => !(s >= 200 && s < 500)),
        result.server,
      ).toStrictEqual([]);
      expect(result.requests).toBe(SMALL.malformed);
    }
  });

  it('keeps memory bounded: under 512 MB at any time, within 256 MB of where it started, and no higher after the abuse than after the first callers plus 128 MB', () => {
    for (const server of ['mock', 'mcp --http']) {
      const mine = results.filter((r) => r.server === server);
      const first = mine[0] as LoadResult;
      const last = mine.at(-1) as LoadResult;
      for (const result of mine) expect(result.rssPeakMb, `${server}, ${result.load}`).toBeLessThan(512);
      expect(last.rssAfterMb - first.rssBeforeMb, server).toBeLessThan(256);
      expect(last.rssAfterMb - first.rssAfterMb, server).toBeLessThan(128);
    }
  });
});
