/**
 * The shipped `podcast-gen verify` as a process, against the mock `podcast-gen mock` serves, in a
 * project outside the repository (no tsx, no podcast-gen installed) whose config
 * names the document and the output folder.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';
import { ensureBuilt } from '../cli/helpers/build.js';
import { waitFor } from '../cli/helpers/run-cli.js';

const BIN = join(ROOT, 'bin', 'podcast-gen.js');
const ENV = { PATH: process.env.PATH ?? '' };
const KEY = 'compat-secret-key-4711';
/** The petstore's credential variable, which verify names when it is missing and podcast-gen mock reads. */
const VARIABLE = 'PETSTORE_MINI_TOKEN';

describe('podcast-gen verify, spawned', () => {
  let project: string;
  let mock: ReturnType<typeof spawn> | undefined;
  let url = '';
  beforeAll(async () => {
    await ensureBuilt();
    project = mkdtempSync(join(tmpdir(), 'podcast-gen-verify-'));
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(join(ROOT, 'node_modules', 'zod'), join(project, 'node_modules', 'zod'), 'dir');
    cpSync(join(FIXTURE_DOCS, 'petstore-mini.yaml'), join(project, 'pets.yaml'));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'downstream', private: true, 'podcast-gen': { spec: 'pets.yaml', out: 'src/pets' } }));
    const generated = spawnSync(process.execPath, [BIN, '--quiet'], { cwd: project, env: ENV, encoding: 'utf8' });
    expect(generated.status, generated.stderr).toBe(0);
    // The mock takes the credential set in its variable only, as a real server takes its own.
    const child = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--quiet'], { cwd: project, env: { ...ENV, [VARIABLE]: KEY } });
    mock = child;
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await waitFor('the mock server address', () => /^http:\/\/127\.0\.0\.1:\d+$/m.test(stdout) || child.exitCode !== null);
    url = /^(http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout)?.[1] ?? '';
  }, 180_000);
  afterAll(() => {
    mock?.kill('SIGTERM');
    if (project) rmSync(project, { recursive: true, force: true });
  });

  const verify = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [BIN, 'verify', ...args], { cwd: project, env: { ...ENV, ...env }, encoding: 'utf8', timeout: 120_000 });

  it('verifies the output folder of the config against its mock: exit 0, no credential shown, no temporary folder left', () => {
    const missing = verify(['--base-url', url]);
    expect(missing.status).toBe(1);
    expect(/podcast-gen verify: (\w+) is not set/.exec(missing.stderr)?.[1], missing.stderr).toBe(VARIABLE);
    const run = verify(['--base-url', url, '--unsafe', '--stateful', '--cases', '20'], { [VARIABLE]: KEY });
    expect(run.stderr).toBe('');
    expect(run.status, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/^podcast-gen verify: http:\/\/127\.0\.0\.1:\d+ against Petstore Mini 1\.0\.0\n/);
    expect(run.stdout).toMatch(/\d+ operations: \d+ passed, 0 failed, 0 skipped/);
    expect(run.stdout).not.toContain(KEY);
    // podcast-gen mock takes only the credential set in its variable (docs/mock.md): --negative finds that it refuses a wrong one, and nothing to fault.
    const negative = verify(['--base-url', url, '--unsafe', '--negative', '--format', 'json'], { [VARIABLE]: KEY });
    expect(negative.status, negative.stdout).toBe(0);
    const report = JSON.parse(negative.stdout) as { operations: { status: string; findings: { check: string; message: string }[] }[] };
    expect(report.operations.length).toBeGreaterThan(0);
    expect(report.operations.flatMap((o) => o.findings)).toStrictEqual([]);
    expect(readdirSync(project).sort()).toStrictEqual(['node_modules', 'package.json', 'pets.yaml', 'src']);
  });

  it('exit 2 for a base URL that is not http(s); exit 1 for a server that is down', () => {
    const bad = verify(['--base-url', 'file:///etc/passwd']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--base-url must be an http(s) URL, not "file:///etc/passwd"');
    const down = verify(['--base-url', 'http://127.0.0.1:1', '--timeout', '500', '--format', 'junit'], { PODCAST_API_KEY: KEY, [VARIABLE]: KEY });
    expect(down.status, down.stderr).toBe(1);
    expect(down.stdout).toMatch(/<failure type="connection" message="[^"]*connection failed/);
  });
});
