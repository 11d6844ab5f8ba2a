import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { projectWithSpec, removeProject, runCli, snapshotFolder } from '../cli/helpers/run-cli.js';

/** The runtime is copied, not rendered, and the user's `runtime.ts` in `--templates` takes its place. */
describe('replacing the runtime', () => {
  const projects: string[] = [];
  afterAll(() => projects.forEach(removeProject));
  const builtin = readFileSync(join(ROOT, 'templates', 'runtime.ts'), 'utf8');

  it('a runtime.ts of the templates folder is copied after the banner instead of the built-in one', async () => {
    const { dir, spec } = projectWithSpec('runtime-override');
    projects.push(dir);
    expect((await runCli(['--spec', spec, '--out', 'plain', '--quiet'], { cwd: dir })).code).toBe(0);
    mkdirSync(join(dir, 'mine'));
    writeFileSync(join(dir, 'mine', 'runtime.ts'), `${builtin}export const patched = true;\n`);
    const run = await runCli(['--spec', spec, '--out', 'mixed', '--templates', 'mine'], { cwd: dir });
    expect([run.code, run.stderr]).toStrictEqual([0, expect.not.stringContaining('no-such-builtin')]);
    const plain = snapshotFolder(join(dir, 'plain'));
    const mixed = snapshotFolder(join(dir, 'mixed'));
    expect(plain['runtime.ts']?.text.endsWith(`\n\n${builtin}`)).toBe(true);
    expect(Object.keys(plain).filter((path) => path.startsWith('runtime/')).length).toBeGreaterThan(10);
    expect(mixed['runtime.ts']?.text).toBe(`${plain['runtime.ts']?.text}export const patched = true;\n`);
    for (const path of Object.keys(plain).filter((p) => p !== 'runtime.ts' && p !== '.podcast-gen.json'))
      expect(mixed[path]?.text, path).toBe(plain[path]?.text);
  });

  it('a room of runtime/ in the templates folder replaces that room only', async () => {
    const { dir, spec } = projectWithSpec('runtime-room-override');
    projects.push(dir);
    expect((await runCli(['--spec', spec, '--out', 'plain', '--quiet'], { cwd: dir })).code).toBe(0);
    const room = readFileSync(join(ROOT, 'templates', 'runtime', 'auth', 'redaction.ts'), 'utf8');
    mkdirSync(join(dir, 'mine', 'runtime', 'auth'), { recursive: true });
    writeFileSync(join(dir, 'mine', 'runtime', 'auth', 'redaction.ts'), room.replace("'[redacted]'", "'***'"));
    expect((await runCli(['--spec', spec, '--out', 'mixed', '--templates', 'mine', '--quiet'], { cwd: dir })).code).toBe(0);
    const plain = snapshotFolder(join(dir, 'plain'));
    const mixed = snapshotFolder(join(dir, 'mixed'));
    expect(mixed['runtime/auth/redaction.ts']?.text).toContain("export const REDACTED = '***';");
    for (const path of Object.keys(plain).filter((p) => p !== 'runtime/auth/redaction.ts' && p !== '.podcast-gen.json'))
      expect(mixed[path]?.text, path).toBe(plain[path]?.text);
  });

  it('a runtime.ts of the user that imports no room (a whole runtime in one file) is copied alone: no room is written', async () => {
    const { dir, spec } = projectWithSpec('runtime-one-file');
    projects.push(dir);
    mkdirSync(join(dir, 'mine'));
    writeFileSync(join(dir, 'mine', 'runtime.ts'), 'export class Core {}\nexport class ApiPromise<T> extends Promise<T> {}\n');
    expect((await runCli(['--spec', spec, '--out', 'out', '--templates', 'mine', '--quiet'], { cwd: dir })).code).toBe(0);
    const out = snapshotFolder(join(dir, 'out'));
    expect(out['runtime.ts']?.text).toContain('export class Core {}');
    expect(Object.keys(out).filter((path) => path.startsWith('runtime/'))).toStrictEqual([]);
  });

  it('a runtime.ts.hbs of the templates folder (the old name) is not used, and the warning says what to do', async () => {
    const { dir, spec } = projectWithSpec('runtime-old-name');
    projects.push(dir);
    mkdirSync(join(dir, 'old'));
    writeFileSync(join(dir, 'old', 'runtime.ts.hbs'), `{{banner}}\n${builtin}`);
    const run = await runCli(['--spec', spec, '--out', 'out', '--templates', 'old'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'old/runtime.ts.hbs  warn  templates/no-such-builtin  replaces no built-in template, so it is not used (runtime.ts is now copied as it is, not rendered: name your file runtime.ts and drop its {{banner}} line)',
    );
  });
});
