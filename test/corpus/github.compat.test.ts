/**
 * GitHub's REST document (`@octokit/openapi`, about 1,100 operations and 12 MB) through the whole
 * pipeline with the defaults, as a user runs it, and a TypeScript 7 check of all its output with
 * no `types` (TypeScript 7's default), as in a fresh project. Issue 17, "Tests on real documents".
 */
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { formatProblem, generateFiles, PodcastGenError, type GeneratedFile } from '../../generator/index.js';
import { CHECKS, createBatch, type Batch } from './compile.js';

const GITHUB = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');

/** A limit on the compiler, so that a slow check fails the test instead of holding up the suite. */
const TSC_LIMIT_MS = 300_000;

describe("GitHub's REST document", () => {
  let files: readonly GeneratedFile[] | undefined;
  let batch: Batch | undefined;
  afterAll(() => batch?.remove());

  // Two pairs of its paths differ only in a parameter's name (with different methods): the default
  // lint policy must let them generate.
  it('generates with the defaults', async () => {
    try {
      files = (await generateFiles({ spec: GITHUB })).files;
    } catch (error) {
      if (error instanceof PodcastGenError)
        throw new Error(
          error.problems
            .filter((p) => p.severity === 'error')
            .map(formatProblem)
            .join('\n'),
        );
      throw error;
    }
    expect(files.some((f) => f.path === 'mcp/server.ts')).toBe(true);
  }, 120_000);

  // What broke here before issue 17: fixtures missing a union branch's required properties (TS2741) or
  // carrying keys their type lacks (TS2353), TS2590 in mcp/server.ts at 1,100+ tools, and mock/ using
  // Node's types that a project without `types` does not have (TS2591).
  it(
    'all its output type-checks under TypeScript 7 with no `types`',
    async () => {
      expect(files, 'nothing was generated').toBeDefined();
      batch = createBatch('github');
      batch.write('github', files ?? []);
      const defaults = CHECKS.filter((c) => c.name === 'defaults@7');
      const [result] = await batch.check({ checks: defaults, timeoutMs: TSC_LIMIT_MS });
      expect(result?.timedOut, `tsc took longer than ${TSC_LIMIT_MS / 1000} s`).toBe(false);
      expect(result?.diagnostics.map((d) => d.line)).toStrictEqual([]);
      expect(result?.status).toBe(0);
    },
    TSC_LIMIT_MS + 60_000,
  );
});
