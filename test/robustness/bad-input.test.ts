import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatProblem, generate, PodcastGenError } from '../../generator/index.js';
import { removeProject, runCli, tempProject } from '../cli/helpers/run-cli.js';
import { BAD_INPUTS, type BadInput } from './bad-inputs.js';

/** Root ignores file permissions, so read-only cases only run for other users. */
const isRoot = process.getuid?.() === 0;

/** Every entry below `dir` (folders too) with a hash of each file: equal digests, untouched folder. */
function digest(dir: string, sub = ''): string[] {
  const entries: string[] = [];
  for (const entry of readdirSync(join(dir, sub), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) entries.push(`${rel}/`, ...digest(dir, rel));
    else
      entries.push(
        `${rel} ${createHash('sha256')
          .update(readFileSync(join(dir, rel)))
          .digest('hex')} ${statSync(join(dir, rel)).mtimeMs}`,
      );
  }
  return entries;
}

/** Writes the case's project: its files, folders and an output folder holding a user's file. */
function setUp(input: BadInput): { dir: string; out: string } {
  const dir = tempProject('bad');
  for (const [path, content] of Object.entries(input.files ?? {})) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  for (const folder of input.folders ?? []) mkdirSync(join(dir, folder), { recursive: true });
  const out = input.out ?? 'out';
  const blocked = out
    .split('/')
    .some((_, i, parts) => existsSync(join(dir, ...parts.slice(0, i + 1))) && !statSync(join(dir, ...parts.slice(0, i + 1))).isDirectory());
  if (!blocked) {
    mkdirSync(join(dir, out), { recursive: true });
    writeFileSync(join(dir, out, 'keep.txt'), 'the user file that must survive\n');
  }
  if (input.readOnly) chmodSync(join(dir, input.readOnly), 0o555);
  return { dir, out };
}

describe('bad input: one clear problem, exit code, output folder untouched', () => {
  const projects: string[] = [];
  afterAll(() => {
    for (const dir of projects) {
      for (const input of BAD_INPUTS) if (input.readOnly && existsSync(join(dir, input.readOnly))) chmodSync(join(dir, input.readOnly), 0o755);
      removeProject(dir);
    }
  });

  it('has at least 25 cases', () => {
    expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(25);
  });

  for (const input of BAD_INPUTS) {
    const skip = input.needsPermissions && isRoot;
    it.skipIf(skip)(input.name, async () => {
      const { dir, out } = setUp(input);
      projects.push(dir);
      const spec = typeof input.spec === 'function' ? await input.spec() : (input.spec ?? 'api.yaml');
      const before = digest(dir);
      const templates = input.templates ? ['--templates', input.templates] : [];

      let expected: string[] = [];
      if (!input.argv) {
        const error = await generate({ spec, out, cwd: dir, ...(input.templates ? { templates: input.templates } : {}) }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, 'generate() must fail').toBeInstanceOf(PodcastGenError);
        const failure = error as PodcastGenError;
        const errors = failure.problems.filter((p) => p.severity === 'error');
        expect(errors.map(formatProblem), 'exactly one error').toHaveLength(1);
        const [problem] = errors;
        const line = formatProblem(problem!);
        expect(problem!.code).toMatch(input.code);
        if (!input.multiline) expect(line).not.toContain('\n');
        expect(line.split('\n')[0]).toMatch(input.line);
        expect(problem!.hint, 'names the fix').toBeTruthy();
        if (!input.absolutePlace) expect(line, 'no machine paths').not.toContain(dir);
        expect(failure.exitCode).toBe(input.exit);
        expect(digest(dir), 'the project folder is as it was').toStrictEqual(before);
        expected = [line.split('  ')[0] ?? '', problem!.message.split('\n')[0] ?? ''];
      }

      const argv = input.argv
        ? input.argv[0] === '--spec'
          ? ['generate', '--out', out, ...input.argv]
          : ['generate', '--spec', spec, '--out', out, ...input.argv]
        : ['generate', '--spec', spec, '--out', out, ...templates];
      const run = await runCli(argv, { cwd: dir });
      expect(run.code).toBe(input.exit);
      if (input.argv) expect(run.stderr).toMatch(input.line);
      for (const part of expected) expect(run.stderr, 'the CLI prints the same place and message').toContain(part);
      expect(digest(dir), 'the project folder is as it was').toStrictEqual(before);
    });
  }
});
