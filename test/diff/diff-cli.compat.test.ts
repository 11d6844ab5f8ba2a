import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/helpers/build.js';
import { ROOT, SPEC } from '../helpers/paths.js';

const BIN = join(ROOT, 'bin', 'podcast-gen.js');
/** The line of `operationId: deleteImage` in the podcast document, where the rename is placed. */
const RENAMED_LINE =
  readFileSync(SPEC, 'utf8')
    .split('\n')
    .findIndex((line) => line.trim() === 'operationId: deleteImage') + 1;

/** Runs the built command as a user does, in `cwd`. */
function podcastGen(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8', input: '' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/**
 * The case, end to end: a repository whose podcast document renames the operationId
 * `deleteImage` to `removeImage` after its output was generated and committed.
 */
describe('podcast-gen diff and check on the operationId rename (built command, spawned)', () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'podcast-gen-rename-')));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
    });
  const spec = join(dir, 'api', 'podcast.yaml');

  beforeAll(async () => {
    await ensureBuilt();
    mkdirSync(join(dir, 'api'));
    cpSync(SPEC, spec);
    cpSync(join(ROOT, 'spec', 'redocly.yaml'), join(dir, 'api', 'redocly.yaml'));
    writeFileSync(join(dir, 'podcast-gen.config.json'), JSON.stringify({ spec: 'api/podcast.yaml', out: 'src/api' }));
    expect(podcastGen([], dir).code).toBe(0);
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'the podcast API and its client');
    const text = readFileSync(spec, 'utf8');
    expect(text).toContain('      operationId: deleteImage\n');
    writeFileSync(spec, text.replace('      operationId: deleteImage\n', '      operationId: removeImage\n'));
  }, 240_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('diff git:HEAD: one breaking change to types, proved by the compiler; not wire, not the tool (x-tool-name)', () => {
    const run = podcastGen(['diff', 'git:HEAD'], dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines.slice(0, 8)).toStrictEqual([
      'podcast-gen diff: git:HEAD:api/podcast.yaml (1.0.0) -> api/podcast.yaml (1.0.0)',
      '1 breaking change, 0 warnings, 0 info; semver advice: major',
      '',
      'breaking  operation-id-changed  removeImage (DELETE /open/podcast/v1/images)',
      '  operationId `deleteImage` -> `removeImage`: `client.deleteImage` is now `client.removeImage`; the tool keeps its name `podcast_delete_image`',
      '  breaks: types',
      `  old: git:HEAD:api/podcast.yaml:${RENAMED_LINE}:7`,
      `  new: api/podcast.yaml:${RENAMED_LINE}:7`,
    ]);
    expect(run.stdout).toMatch(/^ {2}types: TS2339 at line \d+ of the old usage: .*\.deleteImage\(/m);
    expect(run.stdout).toContain("    Property 'deleteImage' does not exist on type 'PodcastClient'.");
    expect(lines.at(-2)).toBe('result: failed (1 at or above --fail-on breaking)');
  }, 240_000);

  it('diff --format markdown: the table first, the change folded; --no-types leaves the compile out', () => {
    const run = podcastGen(['diff', 'git:HEAD', '--format', 'markdown', '--no-types', '--fail-on', 'never'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').slice(0, 9)).toStrictEqual([
      '### podcast-gen diff: semver advice major',
      '',
      '`git:HEAD:api/podcast.yaml` (1.0.0) → `api/podcast.yaml` (1.0.0): 1 breaking change, 0 warnings, 0 info. **Passes** `--fail-on never`.',
      '',
      '| level | changes | by operation | wire | types | validators | mcp |',
      '|:--|--:|--:|--:|--:|--:|--:|',
      '| breaking | 1 | 1 | 0 | 1 | 0 | 0 |',
      '| warning | 0 | 0 | 0 | 0 | 0 | 0 |',
      '| info | 0 | 0 | 0 | 0 | 0 | 0 |',
    ]);
    expect(run.stdout).toContain('<details>\n<summary>1 breaking change</summary>\n');
    expect(run.stdout).not.toContain('TS2339');
  }, 240_000);

  it('check: the stale files, then what the change means, then the raw diffs', () => {
    const run = podcastGen(['check'], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('podcast-gen check: src/api/ is stale:');
    const summary = run.stdout.indexOf(
      'What the change of the document means (podcast-gen diff):\npodcast-gen diff: git:HEAD:api/podcast.yaml (1.0.0) -> api/podcast.yaml (1.0.0)\n',
    );
    expect(summary).toBeGreaterThanOrEqual(0);
    expect(run.stdout).toContain('breaking  operation-id-changed  removeImage (DELETE /open/podcast/v1/images)');
    expect(run.stdout.indexOf('\n--- a/')).toBeGreaterThan(summary);
    expect(run.stdout).not.toContain('result:');
  }, 240_000);

  it('check without git history to find the old document says why there is no report', () => {
    rmSync(join(dir, '.git'), { recursive: true, force: true });
    const run = podcastGen(['check'], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('No change report: the document is not in a git repository with commits: no earlier version to compare with.\n');
  }, 240_000);
});
