/**
 * `verify` against the mock generated from GitHub's REST document (`@octokit/openapi`, over a
 * thousand operations): generated into a folder under test/.tmp, its mock started, verified with
 * bounded concurrency. Shared by the compatibility test and `npx tsx bench/verify-github.ts`.
 */
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generate } from '../../generator/index.js';
import { generatedApiOf } from '../../generator/verify/generated-api.js';
import { verifyServer, type VerifyReport } from '../../generator/verify/verify-server.js';
import { ROOT } from '../helpers/paths.js';

export const GITHUB = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');

/** One verification run's figures. */
export interface GitHubRun {
  label: string;
  report: VerifyReport;
  /** Requests sent (the server's count). */
  requests: number;
  /** The most requests waiting for their answer at one time (fetch calls not yet answered). */
  maxInFlight: number;
  seconds: number;
}

/** Generates GitHub's document, starts its mock, runs `runs` verifications one after another, and cleans up. */
export async function verifyGitHubMock(
  runs: readonly { label: string; unsafe?: boolean; negative?: boolean; concurrency?: number; cases?: number }[],
): Promise<{
  generateSeconds: number;
  operations: number;
  runs: GitHubRun[];
}> {
  const out = join(ROOT, 'test', '.tmp', 'verify-github');
  rmSync(out, { recursive: true, force: true });
  const started = performance.now();
  const { model, problems } = await generate({ spec: GITHUB, out });
  const generateSeconds = (performance.now() - started) / 1000;
  const load = async (path: string) => (await import(pathToFileURL(join(out, path)).href)) as Record<string, unknown>;
  const [index, fixtures, mockModule] = await Promise.all([load('index.ts'), load('fixtures/index.ts'), load('mock/index.ts')]);
  const generated = generatedApiOf(index, fixtures, model);
  const mock = await (mockModule.startMockServer as () => Promise<{ url: string; requests: unknown[]; close(): Promise<void>; reset(): void }>)();
  const realFetch = globalThis.fetch;
  const results: GitHubRun[] = [];
  try {
    for (const run of runs) {
      mock.reset();
      let inFlight = 0;
      let maxInFlight = 0;
      let requests = 0;
      globalThis.fetch = async (input, init) => {
        requests++;
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        try {
          return await realFetch(input, init);
        } finally {
          inFlight--;
        }
      };
      const begun = performance.now();
      const report = await verifyServer({
        model,
        generated,
        problems,
        baseUrl: mock.url,
        unsafe: run.unsafe ?? false,
        negative: run.negative ?? false,
        ...(run.concurrency ? { concurrency: run.concurrency } : {}),
        ...(run.cases ? { cases: run.cases } : {}),
      });
      globalThis.fetch = realFetch;
      results.push({ label: run.label, report, requests, maxInFlight, seconds: (performance.now() - begun) / 1000 });
    }
  } finally {
    globalThis.fetch = realFetch;
    await mock.close();
    rmSync(out, { recursive: true, force: true });
  }
  return { generateSeconds, operations: model.operations.length, runs: results };
}

/** The findings of a report by check, most frequent first: `body 3, status 1`. */
export function findingsByCheck(report: VerifyReport): string {
  const counts = new Map<string, number>();
  for (const op of report.operations) for (const f of op.findings) counts.set(f.check, (counts.get(f.check) ?? 0) + 1);
  return (
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([check, n]) => `${check} ${n}`)
      .join(', ') || 'none'
  );
}
