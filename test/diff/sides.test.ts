import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { externalRefs, resolveSides, sideFileLabel } from '../../generator/diff/sides.js';
import { PodcastGenError } from '../../generator/problems.js';
import { gitRepo } from './git-repo.js';

const V1 = {
  'api/podcast.yaml': "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths:\n  /a:\n    $ref: 'paths/a.yaml'\n",
  'api/paths/a.yaml':
    "get:\n  operationId: getA\n  responses:\n    '200':\n      description: ok\n      content:\n        application/json:\n          schema: { $ref: '../schemas/a.yaml#/A' }\n",
  'api/schemas/a.yaml': 'A: { type: string }\n',
  'api/redocly.yaml': 'rules: {}\n',
  'api/unrelated.yaml': 'not: read\n',
};

describe('the sides of podcast-gen diff', () => {
  const repo = gitRepo();
  repo.write(V1);
  repo.commit('one', 'v1');
  repo.write({ 'api/podcast.yaml': V1['api/podcast.yaml'].replace("version: '1'", "version: '2'"), 'api/new.yaml': 'openapi: 3.0.3\n' });
  repo.commit('two');
  afterAll(() => rmSync(repo.dir, { recursive: true, force: true }));
  const configured = 'api/podcast.yaml';
  const failure = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(PodcastGenError);
      const { problems, exitCode } = error as PodcastGenError;
      return { exitCode, problems: problems.map((p) => ({ code: p.code, ...(p.file ? { file: p.file } : {}), message: p.message })) };
    }
    throw new Error('expected a PodcastGenError');
  };

  it('git:<ref> is the configured document at that revision, with the files its $refs reach and its lint config', () => {
    const sides = resolveSides({ old: 'git:v1', configured, cwd: repo.dir });
    try {
      expect(sides.old.label).toBe('git:v1:api/podcast.yaml');
      expect(sides.new).toStrictEqual({ side: 'new', spec: join(repo.dir, 'api/podcast.yaml'), label: 'api/podcast.yaml' });
      const folder = sides.old.folder!;
      expect(sides.old.spec).toBe(join(folder, 'api', 'podcast.yaml'));
      expect(readFileSync(sides.old.spec, 'utf8')).toBe(V1['api/podcast.yaml']);
      expect(readFileSync(join(folder, 'api/paths/a.yaml'), 'utf8')).toBe(V1['api/paths/a.yaml']);
      expect(readFileSync(join(folder, 'api/schemas/a.yaml'), 'utf8')).toBe(V1['api/schemas/a.yaml']);
      expect(existsSync(join(folder, 'api/redocly.yaml'))).toBe(true);
      expect(existsSync(join(folder, 'api/unrelated.yaml'))).toBe(false);
      expect(sideFileLabel(sides.old, join(folder, 'api/paths/a.yaml'), repo.dir)).toBe('git:v1:api/paths/a.yaml');
      expect(sideFileLabel(sides.new, 'api/paths/a.yaml', repo.dir)).toBeUndefined();
    } finally {
      sides.dispose();
    }
    expect(existsSync(sides.old.folder!)).toBe(false);
  });

  it('git:<ref>:<path> names another document (from the working folder); <new> may be a revision too', () => {
    const sides = resolveSides({ old: 'git:HEAD~1:podcast.yaml', new: 'git:main', configured: 'podcast.yaml', cwd: join(repo.dir, 'api') });
    try {
      expect([sides.old.label, sides.new.label]).toStrictEqual(['git:HEAD~1:api/podcast.yaml', 'git:main:api/podcast.yaml']);
      expect(readFileSync(sides.new.spec, 'utf8')).toContain("version: '2'");
    } finally {
      sides.dispose();
    }
  });

  it.each([
    ['git:nope', 2, { code: 'diff/git', message: 'the old document, git:nope: no revision "nope" in this repository' }],
    ['git:', 2, { code: 'diff/git', message: 'the old document, git:: names no git revision' }],
    ['git:--output=x', 2, { code: 'diff/git', message: 'the old document, git:--output=x: names no git revision' }],
    ['git:v1:', 2, { code: 'diff/git', message: 'the old document, git:v1:: names no document after the revision' }],
    ['git:v1:api/new.yaml', 1, { code: 'diff/git-missing', file: 'git:v1:api/new.yaml', message: 'the old document is not in revision v1' }],
    [
      'git:v1:https://example.com/a.yaml',
      2,
      {
        code: 'diff/git',
        message: 'the old document, git:v1:https://example.com/a.yaml: the document is a URL (https://example.com/a.yaml), which has no git history',
      },
    ],
  ])('%s: a clear error naming the side, exit %i', (old, exitCode, problem) => {
    expect(failure(() => resolveSides({ old, configured, cwd: repo.dir }))).toStrictEqual({ exitCode, problems: [problem] });
  });

  it('a document outside any git repository is bad usage', () => {
    const outside = tmpdir();
    const found = failure(() => resolveSides({ old: 'git:HEAD', configured: join(outside, 'no-such-folder-for-diff', 'a.yaml'), cwd: outside }));
    expect(found.exitCode).toBe(2);
    expect(found.problems[0]!.message).toMatch(/^the old document, git:HEAD: .* is not in a git repository$/);
  });

  it('a file side is read where it is and named from the working folder; a URL is named without credentials or query', () => {
    const sides = resolveSides({ old: 'api/podcast.yaml', new: 'https://example.com/api.yaml', configured, cwd: repo.dir });
    expect([sides.old.label, sides.new.label, sides.new.spec]).toStrictEqual([
      'api/podcast.yaml',
      'https://example.com/api.yaml',
      'https://example.com/api.yaml',
    ]);
    sides.dispose();
  });

  it.each([
    ["a: { $ref: './x.yaml#/A' }\nb: { $ref: '#/local' }\nc: { $ref: 'https://e.com/x.yaml' }\nd: [{ $ref: 'y%20z.json' }]\n", ['./x.yaml', 'y%20z.json']],
    ['{ "a": { "$ref": "../s.json#/S" } }', ['../s.json']],
    ['a: [unclosed\n', []],
    ['a: { $ref: \'#/components/schemas/A\' }\nb:\n  $ref: "#/x"\n', []],
  ])('the relative $refs of %j', (text, refs) => {
    expect(externalRefs(text).sort()).toStrictEqual(refs.sort());
  });
});
