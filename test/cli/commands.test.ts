import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { projectWithSpec, removeProject, runCli, snapshotFolder } from './helpers/run-cli.js';

/** Exit codes and output of each command, run in-process through `main()`. */
describe('podcast-gen commands', () => {
  const projects: string[] = [];
  const project = () => {
    const made = projectWithSpec('commands');
    projects.push(made.dir);
    return made;
  };
  afterAll(() => projects.forEach(removeProject));
  const edit = (dir: string, spec: string, from: string, to: string) => {
    const path = join(dir, spec);
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(from);
    writeFileSync(path, text.replace(from, to));
  };

  it('--help and --version print and exit 0', async () => {
    const { dir } = project();
    const help = await runCli(['--help'], { cwd: dir });
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^podcast-gen \[command\] \[options\]\n/);
    for (const command of ['generate', 'lint', 'check', 'diff', 'mcp', 'mock']) expect(help.stdout).toContain(`podcast-gen ${command} `);
    const version = await runCli(['--version'], { cwd: dir });
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(version).toStrictEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it.each([
    [['frob'], 'Unknown argument: frob'],
    [['--spec'], 'Not enough arguments following: spec'],
    [['lint', '--out', 'x'], 'Unknown argument: out'],
    [['mock', '--port', 'many'], '--port must be a whole number from 0 to 65535'],
  ])('%j is bad usage: exit 2', async (argv, message) => {
    const run = await runCli(argv, { cwd: project().dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
  });

  it('lint exits 0 with warnings only and 1 on errors, with a code frame of the place on a terminal', async () => {
    const { dir, spec } = project();
    const clean = await runCli(['lint', '--spec', spec], { cwd: dir });
    expect(clean.code).toBe(0);
    expect(clean.stdout).toBe('podcast-gen lint: api/podcast.yaml: no problems\n');
    edit(dir, spec, '      operationId: quotaSummary\n', '');
    const broken = await runCli(['lint', '--spec', spec], { cwd: dir, isTTY: true });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^api\/podcast\.yaml:\d+:\d+ {2}error {2}operation-operationId {2}/m);
    expect(broken.stderr).toMatch(/^ {2}> +\d+ \| +get:$/m);
    expect(broken.stderr).toContain('podcast-gen: lint failed with');
  });

  it('prints one line per problem, without code frames, when stderr is not a terminal', async () => {
    const { dir, spec } = project();
    edit(dir, spec, '      operationId: quotaSummary\n', '');
    // The document has no warnings under its own config; one rule turned back on gives it some.
    edit(dir, 'api/redocly.yaml', '  info-license: off\n', '  info-license: warn\n');
    const { problems } = JSON.parse((await runCli(['lint', '--spec', spec, '--json'], { cwd: dir })).stdout) as { problems: { severity: string }[] };
    expect(problems.filter((p) => p.severity === 'error').length).toBeGreaterThan(0);
    expect(problems.filter((p) => p.severity === 'warn').length).toBeGreaterThan(0);
    for (const argv of [['lint'], ['generate']]) {
      const piped = await runCli([...argv, '--spec', spec], { cwd: dir, isTTY: false });
      expect(piped.code).toBe(1);
      const lines = piped.stderr.trimEnd().split('\n');
      expect(lines.at(-1)).toMatch(/^podcast-gen: (lint|generation) failed with \d+ errors?\.( Nothing was written\.)?$/);
      const problemLines = lines.slice(0, -1);
      for (const line of problemLines) expect(line).toMatch(/^api\/podcast\.yaml:\d+:\d+ {2}(error|warn) {2}\S+ {2}\S/);
      // lint lists every problem; elsewhere a rule's repeated warnings share one line.
      if (argv[0] === 'lint') expect(problemLines).toHaveLength(problems.length);
      else expect(problemLines.filter((line) => / {2}error {2}/.test(line))).toHaveLength(problems.filter((p) => p.severity === 'error').length);
    }
  });

  it('reads --spec from an http(s) URL', async () => {
    const { dir, spec } = project();
    const text = readFileSync(join(dir, spec), 'utf8');
    const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/yaml' }).end(text));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/podcast.openapi.yaml`;
      const lint = await runCli(['lint', '--spec', url, '--json'], { cwd: dir });
      expect(lint.code).toBe(0);
      expect(JSON.parse(lint.stdout)).toMatchObject({ ok: true, source: url });
      const generate = await runCli(['--spec', url, '--out', 'from-url', '--json'], { cwd: dir });
      expect(generate.code).toBe(0);
      expect(JSON.parse(generate.stdout).summary).toMatchObject({ operations: 12, source: url });
    } finally {
      server.close();
    }
  });

  it('generate exits 0 and prints a summary; a broken document exits 1 and leaves the output as it was', async () => {
    const { dir, spec } = project();
    const first = await runCli(['--spec', spec, '--out', 'out'], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^podcast-gen: 12 operations from api\/podcast\.yaml -> out\/ \(\d+ written, 0 unchanged\) in /);
    const again = await runCli(['--spec', spec, '--out', 'out'], { cwd: dir });
    expect(again.stdout).toMatch(/\(0 written, \d+ unchanged\) in /);
    const before = snapshotFolder(join(dir, 'out'));
    edit(dir, spec, '      operationId: quotaSummary\n', '');
    const broken = await runCli(['--spec', spec, '--out', 'out'], { cwd: dir, isTTY: true });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^api\/podcast\.yaml:\d+:\d+ {2}error {2}operation-operationId {2}/m);
    expect(broken.stderr).toMatch(/^ {2}> +\d+ \| +get:$/m);
    expect(broken.stderr).toContain('podcast-gen: generation failed with');
    expect(snapshotFolder(join(dir, 'out'))).toStrictEqual(before);
  });

  it('check exits 0 when current and 1 when stale, listing the files with a short diff', async () => {
    const { dir, spec } = project();
    expect((await runCli(['--spec', spec], { cwd: dir })).code).toBe(0);
    const current = await runCli(['check', '--spec', spec], { cwd: dir });
    expect(current.code).toBe(0);
    expect(current.stdout).toMatch(/^podcast-gen check: generated\/ is current \(\d+ files from api\/podcast\.yaml\)\n$/);

    edit(dir, spec, 'operationId: quotaSummary', 'operationId: quotaOverview');
    const stale = await runCli(['check', '--spec', spec], { cwd: dir });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('podcast-gen check: generated/ is stale:');
    expect(stale.stderr).toMatch(/^ {2}differs {3}client\.ts$/m);
    expect(stale.stdout).toContain('--- a/client.ts\n+++ b/client.ts\n@@ ');
    expect(stale.stdout).toMatch(/^\+.*quotaOverview/m);
    const json = await runCli(['check', '--spec', spec, '--json'], { cwd: dir });
    const report = JSON.parse(json.stdout) as { ok: boolean; exitCode: number; current: boolean; stale: { path: string; status: string }[] };
    expect(report).toMatchObject({ ok: false, exitCode: 1, current: false });
    expect(report.stale).toContainEqual({ path: 'client.ts', status: 'differs' });
  });

  it('check counts stale files in good English: 1 file differs, 2 files differ', async () => {
    const { dir, spec } = project();
    expect((await runCli(['--spec', spec], { cwd: dir })).code).toBe(0);
    const touch = (file: string) => writeFileSync(join(dir, 'generated', file), `${readFileSync(join(dir, 'generated', file), 'utf8')}// edited by hand\n`);
    touch('client.ts');
    const one = await runCli(['check', '--spec', spec], { cwd: dir });
    expect(one.code).toBe(1);
    expect(one.stderr).toMatch(/^podcast-gen check: generated\/ is stale: 1 file differs from what api\/podcast\.yaml generates:$/m);
    touch('runtime.ts');
    const two = await runCli(['check', '--spec', spec], { cwd: dir });
    expect(two.stderr).toMatch(/^podcast-gen check: generated\/ is stale: 2 files differ from what api\/podcast\.yaml generates:$/m);
  });

  it('check reports missing files when the output folder does not exist', async () => {
    const { dir, spec } = project();
    const run = await runCli(['check', '--spec', spec, '--out', 'nowhere', '--quiet'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^ {2}missing {3}client\.ts$/m);
    expect(run.stdout).toBe('');
  });

  it('--quiet prints nothing on success; on a terminal each stage prints a timed progress line', async () => {
    const { dir, spec } = project();
    expect(await runCli(['--spec', spec, '--quiet'], { cwd: dir, isTTY: true })).toStrictEqual({ code: 0, stdout: '', stderr: '' });
    const tty = await runCli(['--spec', spec, '--out', 'tty'], { cwd: dir, isTTY: true });
    const stages = [...tty.stderr.matchAll(/^ {2}(\S+(?: \S+)?) +\d+ ms/gm)].map((m) => m[1]);
    expect(stages.slice(0, 3)).toStrictEqual(['load', 'lint', 'model']);
    expect(stages).toContain('emit client');
    expect(stages.at(-1)).toBe('write');
    const piped = await runCli(['--spec', spec, '--out', 'piped'], { cwd: dir, isTTY: false });
    expect(piped.stderr).not.toMatch(/ ms/);
  });
});
