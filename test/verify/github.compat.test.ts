/**
 * `verify` against the mock generated from GitHub's REST document: a run over a thousand
 * operations completes with bounded concurrency, and the mock's answers, made from validated
 * fixtures, pass the body checks. Figures: `npx tsx bench/verify-github.ts` (bench/RESULTS.md).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONCURRENCY } from '../../generator/verify/verify-server.js';
import { findingsByCheck, verifyGitHubMock } from './github-mock.js';

describe("verify against GitHub's generated mock", () => {
  it('reads, then every operation: each run completes, never more than the concurrency at once', async () => {
    const result = await verifyGitHubMock([
      { label: 'reads', cases: 1 },
      { label: 'everything', unsafe: true, cases: 1 },
    ]);
    const [reads, everything] = result.runs;
    if (!reads || !everything) throw new Error('two runs');
    console.log(
      result.runs
        .map(
          (run) =>
            `${run.label}: ${JSON.stringify(run.report.summary)}, ${run.requests} requests, at most ${run.maxInFlight} at once; findings ${findingsByCheck(run.report)}`,
        )
        .join('\n'),
    );
    expect(result.operations).toBeGreaterThan(1000);
    for (const run of result.runs) {
      expect(run.report.summary.total).toBe(result.operations);
      expect(run.maxInFlight).toBeLessThanOrEqual(DEFAULT_CONCURRENCY);
      // Every answer came (no retries were needed): one request per operation sent.
      expect(run.requests).toBe(run.report.summary.total - run.report.summary.skipped);
      const checks = new Set(run.report.operations.flatMap((o) => o.findings.map((f) => f.check)));
      for (const check of ['connection', 'server-error', 'body']) expect(checks.has(check as never), check).toBe(false);
      // The mock answers as the document declares (a redirect, the media type): nothing fails.
      expect(run.report.operations.filter((o) => o.status === 'fail').map((o) => o.operationId)).toStrictEqual([]);
    }
    expect(reads.report.operations.filter((o) => o.status === 'skipped').every((o) => o.reason?.startsWith('a write ('))).toBe(true);
    expect(everything.report.summary.skipped).toBe(0);
  }, 900_000);
});
