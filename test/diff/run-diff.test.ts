import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CompareInput, DiffSideError, runDiff, type RunDiffOptions } from '../../generator/diff/run-diff.js';
import { PodcastGenError } from '../../generator/problems.js';
import { gitRepo } from './git-repo.js';
import { ENUM_ADDED, RENAME, report, SERVER_ADDED } from './report-fixture.js';

describe('runDiff, the command as a library function', () => {
  const repo = gitRepo();
  repo.write({ 'api/podcast.yaml': 'openapi: 3.0.3\n' });
  repo.commit('one');
  afterAll(() => rmSync(repo.dir, { recursive: true, force: true }));
  const base = (more: Partial<RunDiffOptions> = {}): RunDiffOptions => ({
    old: 'git:HEAD',
    configured: 'api/podcast.yaml',
    cwd: repo.dir,
    failOn: 'breaking',
    types: false,
    today: '2026-11-27',
    compare: async () => report([RENAME, ENUM_ADDED, SERVER_ADDED]),
    ...more,
  });

  it('hands the comparison both sides by path and label, the proof asked for and the levels, and removes the revision copy after', async () => {
    const seen: CompareInput[] = [];
    const outcome = await runDiff(
      base({
        types: true,
        name: 'shop',
        levels: { 'server-added': 'warning' },
        compare: async (input) => {
          seen.push(input);
          return report([SERVER_ADDED]);
        },
      }),
    );
    expect(seen).toHaveLength(1);
    const [input] = seen;
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo.dir, encoding: 'utf8' }).trim();
    expect({ ...input, old: { ...input!.old, spec: 'copy' } }).toStrictEqual({
      // The revision names where git dates its lines (a deprecation's day, for --deprecation-days).
      old: { spec: 'copy', label: 'git:HEAD:api/podcast.yaml', revision: { commit, cwd: join(repo.dir, 'api'), path: 'api/podcast.yaml' } },
      new: { spec: join(repo.dir, 'api/podcast.yaml'), label: 'api/podcast.yaml' },
      cwd: repo.dir,
      name: 'shop',
      proof: { types: true, validators: true },
      levels: { 'server-added': 'warning' },
      today: '2026-11-27',
    });
    expect(() => writeFileSync(input!.old.spec, 'x')).toThrow(/ENOENT/);
    expect(outcome).toStrictEqual({ view: { report: report([SERVER_ADDED]), ignored: [], failOn: 'breaking' }, warnings: [] });
  });

  it('the ignore file in the working folder sets changes aside; an entry matching nothing is a warning', async () => {
    writeFileSync(
      join(repo.dir, '.podcast-gen-ignore.yaml'),
      '- rule: operation-id-changed\n  operation: removeImage\n  reason: on purpose\n- rule: gone-rule\n  operation: x\n  reason: old\n',
    );
    try {
      const outcome = await runDiff(base());
      expect(outcome.view.report.changes).toStrictEqual([ENUM_ADDED, SERVER_ADDED]);
      expect(outcome.view.ignored).toStrictEqual([{ change: RENAME, reason: 'on purpose', entry: '.podcast-gen-ignore.yaml:1' }]);
      expect(outcome.warnings.map((w) => [w.code, w.file, w.line, w.message])).toStrictEqual([
        ['diff/ignore-unused', '.podcast-gen-ignore.yaml', 4, 'the ignore entry for gone-rule at x matches no change'],
      ]);
    } finally {
      rmSync(join(repo.dir, '.podcast-gen-ignore.yaml'));
    }
  });

  it('an expired entry stops the run before any comparison (exit 1, at its line)', async () => {
    writeFileSync(join(repo.dir, 'ignore.yaml'), '- rule: a\n  operation: x\n  reason: r\n  expires: 2026-11-26\n');
    let compared = false;
    const error = await runDiff(
      base({
        ignoreFile: 'ignore.yaml',
        compare: async () => {
          compared = true;
          return report();
        },
      }),
    ).catch((e: unknown) => e);
    expect(compared).toBe(false);
    expect(error).toBeInstanceOf(PodcastGenError);
    expect((error as PodcastGenError).exitCode).toBe(1);
    expect((error as PodcastGenError).problems.map((p) => [p.code, p.file, p.line])).toStrictEqual([['diff/ignore-expired', 'ignore.yaml', 1]]);
  });

  it('a failure of a side names the revision, never its temporary copy', async () => {
    const error = await runDiff(
      base({
        compare: async (input) => {
          const copy = relative(repo.dir, join(input.old.spec, '..', 'schemas', 'a.yaml'));
          throw new PodcastGenError([
            { code: 'load/yaml', severity: 'error', file: copy, line: 3, col: 1, message: `bad YAML in ${join(input.old.spec, '..')}/x` },
          ]);
        },
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiffSideError);
    const { problems, side } = error as DiffSideError;
    expect(problems).toStrictEqual([
      { code: 'load/yaml', severity: 'error', file: 'git:HEAD:api/schemas/a.yaml', line: 3, col: 1, message: 'bad YAML in git:HEAD:api/x' },
    ]);
    expect(side?.side).toBe('old');
  });

  it('--no-types: the comparison is asked without the types proof, and told the flag turned it off', async () => {
    const asked: CompareInput[] = [];
    const compare = async (input: CompareInput) => {
      asked.push(input);
      return report([]);
    };
    await runDiff(base({ types: false, compare }));
    await runDiff(base({ types: true, compare }));
    expect(asked.map((input) => input.proof)).toStrictEqual([
      { types: false, validators: true, offBy: { types: '--no-types' } },
      { types: true, validators: true },
    ]);
  });

  it("--check-version: the judge is given the report, its word is the view's", async () => {
    const outcome = await runDiff(base({ checkVersion: (r) => (r.semver === 'major' ? 'rose too little' : undefined) }));
    expect(outcome.view.versionProblem).toBe('rose too little');
  });
});
