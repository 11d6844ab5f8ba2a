import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { projectWithSpec, removeProject, runCli, snapshotFolder } from './helpers/run-cli.js';

/** `--templates` overrides by file name; a failing emit leaves the previous output untouched. */
describe('templates override and atomic writes', () => {
  const projects: string[] = [];
  afterAll(() => projects.forEach(removeProject));
  const setup = async () => {
    const made = projectWithSpec('atomic');
    projects.push(made.dir);
    const first = await runCli(['--spec', made.spec, '--out', 'out'], { cwd: made.dir });
    expect(first.code).toBe(0);
    return made;
  };
  const builtinIndex = readFileSync(join(ROOT, 'templates', 'index.ts.hbs'), 'utf8');

  it('a template that throws mid-emit fails the run (exit 1) and leaves every previous file as it was', async () => {
    const { dir, spec } = await setup();
    const before = snapshotFolder(join(dir, 'out'));
    mkdirSync(join(dir, 'broken-templates'));
    // The index is emitted last, so every other output has been emitted in memory when this throws.
    writeFileSync(join(dir, 'broken-templates', 'index.ts.hbs'), `${builtinIndex}{{no.such.field}}\n`);
    const run = await runCli(['--spec', spec, '--out', 'out', '--templates', 'broken-templates'], { cwd: dir, isTTY: true });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^ {2}emit client +\d+ ms/m);
    expect(run.stderr).toMatch(/index\.ts\.hbs {2}error {2}templates\/render {2}template failed: /);
    expect(run.stderr).toContain('podcast-gen: generation failed with 1 error. Nothing was written.');
    expect(snapshotFolder(join(dir, 'out'))).toStrictEqual(before);
    expect(readdirSync(dir).sort()).toStrictEqual(['api', 'broken-templates', 'out']);
  });

  it('an override replaces only its own template, and only the files whose bytes changed are rewritten', async () => {
    const { dir, spec } = await setup();
    const before = snapshotFolder(join(dir, 'out'));
    mkdirSync(join(dir, 'my-templates'));
    writeFileSync(join(dir, 'my-templates', 'index.ts.hbs'), `${builtinIndex}export const custom = true;\n`);
    const run = await runCli(['--spec', spec, '--out', 'out', '--templates', 'my-templates', '--json'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).summary.written).toStrictEqual(['index.ts']);
    const after = snapshotFolder(join(dir, 'out'));
    expect(after['index.ts']?.text).toBe(`${before['index.ts']?.text}export const custom = true;\n`);
    for (const [path, file] of Object.entries(before)) {
      if (path !== 'index.ts') expect(after[path], path).toStrictEqual(file);
    }
    const check = await runCli(['check', '--spec', spec, '--out', 'out', '--templates', 'my-templates'], { cwd: dir });
    expect(check.code).toBe(0);
  });

  it('warns about an override that replaces no built-in template (a typo)', async () => {
    const { dir, spec } = await setup();
    mkdirSync(join(dir, 'typo'));
    writeFileSync(join(dir, 'typo', 'clinet.ts.hbs'), '{{banner}}\n');
    writeFileSync(join(dir, 'typo', '_my-partial.hbs'), '// mine\n');
    const run = await runCli(['--spec', spec, '--out', 'out', '--templates', 'typo'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^typo\/clinet\.ts\.hbs {2}warn {2}templates\/no-such-builtin {2}replaces no built-in template, so it is not used \(the built-in templates are .*client\.ts\.hbs/m,
    );
    expect(run.stderr).not.toContain('_my-partial');
  });

  it('a missing templates folder is an error that names it', async () => {
    const { dir, spec } = await setup();
    const run = await runCli(['--spec', spec, '--out', 'out', '--templates', 'nope'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('templates/missing  no such templates folder');
    expect(existsSync(join(dir, 'nope'))).toBe(false);
  });
});
