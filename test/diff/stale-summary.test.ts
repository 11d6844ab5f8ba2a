import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CompareInput } from '../../generator/diff/run-diff.js';
import { staleSummary } from '../../generator/diff/stale-summary.js';
import { loadLintConfig } from '../../generator/lint/lint-config.js';
import { readSpec } from '../../generator/load/read-spec.js';
import { gitRepo } from './git-repo.js';
import { report } from './report-fixture.js';

const doc = (version: string) => `openapi: 3.0.3\ninfo: { title: t, version: '${version}' }\npaths: {}\n`;

/** Which document `check` compares with: the one in git whose sha256 the output's manifest records. */
describe('the summary check prints for a stale output', () => {
  const repo = gitRepo();
  repo.write({ 'api/a.yaml': doc('1') });
  const first = repo.commit('one');
  repo.write({ 'api/a.yaml': doc('2') });
  repo.commit('two');
  repo.write({ 'api/a.yaml': doc('3') });
  afterAll(() => rmSync(repo.dir, { recursive: true, force: true }));
  const spec = join(repo.dir, 'api/a.yaml');
  const hashOf = async (path: string) => (await readSpec({ spec: path, config: await loadLintConfig({ specPath: path }), cwd: repo.dir })).hash;
  const base = { spec, cwd: repo.dir, out: 'src/api/', currentHash: 'now' };

  it('finds the commit whose document has the recorded hash, past HEAD, and compares it with the document now', async () => {
    repo.write({ 'api/a.yaml': doc('1') });
    const recordedHash = await hashOf(spec);
    repo.write({ 'api/a.yaml': doc('3') });
    const seen: CompareInput[] = [];
    const found = await staleSummary({
      ...base,
      recordedHash,
      compare: async (input) => {
        seen.push(input);
        return report([]);
      },
    });
    expect(found).toStrictEqual({ report: report([]) });
    expect(seen.map((s) => [s.old.label, s.new.label, s.proof])).toStrictEqual([
      [`git:${first.slice(0, 12)}:api/a.yaml`, 'api/a.yaml', { types: false, validators: false }],
    ]);
  });

  it.each([
    [{ recordedHash: undefined }, 'src/api/.podcast-gen.json records no document hash to find the document it was generated from'],
    [
      { recordedHash: 'now' },
      "the document is the one src/api/ was generated from: it differs for another reason (the templates, the options or podcast-gen's version)",
    ],
    [{ recordedHash: 'old', spec: 'https://example.com/api.yaml' }, 'the document is a URL: no git history to find the one the output was generated from'],
    [{ recordedHash: 'not-in-history' }, 'neither HEAD nor the last 10 commits that changed the document hold the one src/api/ was generated from'],
  ])('%j: no report, and why', async (more, reason) => {
    const found = await staleSummary({ ...base, ...more, compare: async () => report() });
    expect(found).toStrictEqual({ reason });
  });
});
