import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { mdMessage } from '../../generator/diff/format/markdown.js';
import { ROOT } from '../helpers/paths.js';
import { removeProject, runCli, tempProject } from '../cli/helpers/run-cli.js';
import { gitRepo } from './git-repo.js';

const OLD = `openapi: 3.0.3
info: { title: Shop, version: 1.0.0 }
paths:
  /items/{id}:
    get:
      operationId: getItem
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: the item
          content:
            application/json:
              schema:
                type: object
                properties:
                  status: { type: string, enum: [ready, failed] }
`;
const NEW = OLD.replace('operationId: getItem', 'operationId: fetchItem').replace('enum: [ready, failed]', 'enum: [ready, failed, archived]');

/** `podcast-gen diff` in-process, on two small documents (the proof's compile skipped: the compat suite runs it). */
describe('podcast-gen diff', () => {
  const dir = tempProject('diff-command');
  afterAll(() => removeProject(dir));
  writeFileSync(join(dir, 'old.yaml'), OLD);
  writeFileSync(join(dir, 'new.yaml'), NEW);
  const diff = (...args: string[]) => runCli(['diff', 'old.yaml', 'new.yaml', '--no-types', ...args], { cwd: dir });
  const schema = JSON.parse(readFileSync(join(ROOT, 'docs', 'diff-report.schema.json'), 'utf8')) as object;
  const validate = new Ajv({ allErrors: true }).compile(schema);

  it('reports each change with its level and surfaces, valid against the schema, and exits 1 on a breaking one', async () => {
    const run = await diff('--format', 'json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { changes: { rule: string; level: string; surfaces: string[] }[]; failed: boolean; semver: string };
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    const rename = report.changes.find((c) => c.rule === 'operation-id-changed');
    expect(rename).toMatchObject({ level: 'breaking', surfaces: ['types', 'mcp'] });
    expect(report.changes.some((c) => c.surfaces.includes('validators'))).toBe(true);
    expect([report.failed, report.semver]).toStrictEqual([true, 'major']);
  });

  it('--fail-on never exits 0 with the same report; --fail-on warning fails on less', async () => {
    const never = await diff('--fail-on', 'never');
    expect(never.code).toBe(0);
    expect(never.stdout).toContain('result: passed (--fail-on never)');
    expect(never.stdout).toMatch(/^breaking {2}operation-id-changed {2}fetchItem \(GET \/items\/\{id\}\)$/m);
  });

  it('an ignore entry sets a change aside; an expired one fails the run naming its file and line', async () => {
    writeFileSync(join(dir, 'accepted.yaml'), '- rule: operation-id-changed\n  operation: fetchItem\n  reason: renamed on purpose\n  expires: 2999-12-31\n');
    const ignored = await diff('--ignore', 'accepted.yaml', '--format', 'json', '--fail-on', 'breaking');
    const report = JSON.parse(ignored.stdout) as { changes: { rule: string; level: string }[]; ignored: { entry: string; reason: string }[] };
    expect(report.changes.map((c) => c.rule)).not.toContain('operation-id-changed');
    expect(report.ignored.map((i) => [i.entry, i.reason])).toStrictEqual([['accepted.yaml:1', 'renamed on purpose']]);
    expect(ignored.code).toBe(report.changes.some((c) => c.level === 'breaking') ? 1 : 0);

    writeFileSync(join(dir, 'expired.yaml'), '# accepted\n- rule: operation-id-changed\n  operation: fetchItem\n  reason: r\n  expires: 2020-01-31\n');
    const expired = await diff('--ignore', 'expired.yaml');
    expect(expired.code).toBe(1);
    expect(expired.stdout).toBe('');
    expect(expired.stderr).toContain(
      'expired.yaml:2:3  error  diff/ignore-expired  the ignore entry for operation-id-changed at fetchItem expired on 2020-01-31',
    );
  });

  it("the config's diff.levels set a rule's level; an unknown rule there is bad usage", async () => {
    writeFileSync(join(dir, 'podcast-gen.config.json'), JSON.stringify({ spec: 'new.yaml', diff: { levels: { 'operation-id-changed': 'info' } } }));
    try {
      const run = await runCli(['diff', 'old.yaml', '--no-types', '--format', 'json', '--fail-on', 'never'], { cwd: dir });
      const report = JSON.parse(run.stdout) as { new: { file: string }; changes: { rule: string; level: string }[] };
      expect(report.new.file).toBe('new.yaml');
      expect(report.changes.find((c) => c.rule === 'operation-id-changed')?.level).toBe('info');
      writeFileSync(join(dir, 'podcast-gen.config.json'), JSON.stringify({ spec: 'new.yaml', diff: { levels: { 'no-such-rule': 'info' } } }));
      const unknown = await runCli(['diff', 'old.yaml', '--no-types'], { cwd: dir });
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('no-such-rule');
      writeFileSync(join(dir, 'podcast-gen.config.json'), JSON.stringify({ spec: 'new.yaml', diff: { levels: { 'operation-id-changed': 'fatal' } } }));
      const level = await runCli(['diff', 'old.yaml', '--no-types'], { cwd: dir });
      expect(level.code).toBe(2);
      expect(level.stderr).toContain('"diff.levels" sets operation-id-changed to "fatal": use breaking, warning, info');
    } finally {
      writeFileSync(join(dir, 'podcast-gen.config.json'), '{}');
    }
  });

  it('--check-version fails when info.version rose less than the advice', async () => {
    writeFileSync(join(dir, 'patch.yaml'), NEW.replace('version: 1.0.0', 'version: 1.0.1'));
    const run = await runCli(['diff', 'old.yaml', 'patch.yaml', '--no-types', '--fail-on', 'never', '--check-version'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^version: info\.version rose only a patch step \(1\.0\.0 -> 1\.0\.1\), the changes ask for major$/m);
    writeFileSync(join(dir, 'major.yaml'), NEW.replace('version: 1.0.0', 'version: 2.0.0'));
    expect((await runCli(['diff', 'old.yaml', 'major.yaml', '--no-types', '--check-version'], { cwd: dir })).stdout).toMatch(
      /^result: failed \(\d+ at or above --fail-on breaking\)$/m,
    );
    expect((await runCli(['diff', 'old.yaml', 'major.yaml', '--no-types', '--fail-on', 'never', '--check-version'], { cwd: dir })).code).toBe(0);
  });

  it.each([
    [['diff'], 'Not enough non-option arguments'],
    [['diff', 'old.yaml', '--format', 'xml'], 'Invalid values'],
    [['diff', 'old.yaml', '--fail-on', 'info'], 'Invalid values'],
    [['diff', 'git:no-such-ref', 'new.yaml'], 'the old document, git:no-such-ref: no revision "no-such-ref" in this repository'],
    [['diff', 'old.yaml', 'new.yaml', '--ignore', 'missing.yaml'], 'no such ignore file'],
  ])('%j is bad usage: exit 2, no report', async (argv, message) => {
    const run = await runCli(argv, { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
  });

  it.each(['ref-null.yaml', 'paths-array.yaml', 'operation-null.yaml'])(
    'a malformed document (%s) on either side is a clean error naming the side and the place',
    async (name) => {
      const malformed = join(ROOT, 'test', 'fixtures', 'malformed', name);
      for (const [side, argv] of [
        ['old', ['diff', malformed, 'new.yaml', '--no-types']],
        ['new', ['diff', 'old.yaml', malformed, '--no-types']],
      ] as const) {
        const run = await runCli([...argv], { cwd: dir });
        expect(run.code, run.stderr).toBe(1);
        expect(run.stdout).toBe('');
        expect(run.stderr).toMatch(new RegExp(`${name.replace('.', '\\.')}:\\d+:\\d+ {2}error {2}\\S+ {2}${side} document: `));
        expect(run.stderr).toContain(`podcast-gen: diff (the ${side} document, `);
        expect(run.stderr).not.toMatch(/^\s+at /m);
      }
    },
  );

  it('git:HEAD reads the revision with the files its $refs reach, and names them as the revision', async () => {
    const repo = gitRepo();
    try {
      const fixture = join(ROOT, 'test', 'fixtures', 'diff', 'external-ref');
      const read = (side: string, name: string) => readFileSync(join(fixture, side, name), 'utf8');
      repo.write({ 'api/api.yaml': read('old', 'api.yaml'), 'api/thing.yaml': read('old', 'thing.yaml') });
      repo.commit('old');
      repo.write({ 'api/thing.yaml': read('new', 'thing.yaml') });
      const run = await runCli(['diff', 'git:HEAD', '--spec', 'api/api.yaml', '--no-types', '--format', 'json', '--fail-on', 'never'], { cwd: repo.dir });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout) as { old: { file: string }; changes: { rule: string; old?: { file: string } }[] };
      expect(report.old.file).toBe('git:HEAD:api/api.yaml');
      expect(report.changes.length).toBeGreaterThan(0);
      expect(report.changes.every((c) => c.old === undefined || c.old.file.startsWith('git:HEAD:api/'))).toBe(true);
      expect(JSON.stringify(report)).not.toContain('podcast-gen-diff-');
    } finally {
      rmSync(repo.dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['operationId `deleteImage` -> `removeImage`', 'operationId `deleteImage` -\\> `removeImage`'],
    ['a <b> `c|d` [e]', 'a \\<b\\> `c|d` \\[e\\]'],
    ['unpaired ` <x>', 'unpaired \\` \\<x\\>'],
  ])('markdown keeps the code spans of %j and escapes the rest', (given, want) => {
    expect(mdMessage(given)).toBe(want);
  });
});
