import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { startMockServer, type MockServer } from '../../generated/mock/index.js';
import { removeProject, runCli, tempProject } from '../cli/helpers/run-cli.js';
import { SAFE_METHODS } from '../../generator/model/method-semantics.js';
import { REPORT_FORMATS } from '../../generator/verify/format-names.js';
import { TEST_KEY } from './helpers.js';

/** `podcast-gen verify` through `main()`, in this process, against the generated mock. */
describe('podcast-gen verify (the command)', () => {
  let mock: MockServer;
  let dir: string;
  beforeAll(async () => {
    mock = await startMockServer({ credentials: { ApiKeyAuth: TEST_KEY } });
    dir = tempProject('verify-cli');
  });
  afterAll(async () => {
    await mock.close();
    removeProject(dir);
  });
  const env = { PODCAST_API_KEY: TEST_KEY };

  it.each([
    [['verify', '--base-url', 'ftp://example.com'], '--base-url must be an http(s) URL, not "ftp://example.com"'],
    [['verify', '--base-url', 'localhost:4010'], '--base-url must be an http(s) URL'],
    [['verify'], 'Missing required argument: base-url'],
    [['verify', '--base-url', 'http://127.0.0.1:1', '--format', 'yaml'], 'Invalid values'],
    [['verify', '--base-url', 'http://127.0.0.1:1', '--concurrency', '0'], '--concurrency must be a whole number of at least 1'],
    [['verify', '--base-url', 'http://127.0.0.1:1', '--cases', '0'], '--cases must be a whole number of at least 1'],
    [['verify', '--base-url', 'http://127.0.0.1:1', '--max-requests', '2.5'], '--max-requests must be a whole number of at least 1'],
    [['verify', '--base-url', 'http://127.0.0.1:1', '--stateful'], '--stateful makes resources (POST, PUT, DELETE): it needs --unsafe'],
    [['verify', '--replay', 'no-such-report.json'], 'no-such-report.json  error  verify/replay  --replay: no such file'],
  ])('%j is bad usage: exit 2', async (argv, message) => {
    const run = await runCli(argv, { cwd: dir, env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
  });

  it.each(['https://someone:hunter2@staging.example.com/api', 'http://:hunter2@127.0.0.1:1', 'ftp://someone:hunter2@example.com'])(
    'a base URL with a user or password (%s) is bad usage (exit 2), the password shown nowhere',
    async (url) => {
      const run = await runCli(['verify', '--base-url', url], { cwd: dir, env });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--base-url must not hold a user name or password');
      expect(run.stderr + run.stdout).not.toContain('hunter2');
    },
  );

  it("--help lists the methods --unsafe adds to from the model's list of safe ones, and the report formats", async () => {
    const run = await runCli(['verify', '--help'], { cwd: dir, env });
    const help = run.stdout.replace(/\s+/g, ' ');
    expect(help).toContain(`every method but ${[...SAFE_METHODS].map((m) => m.toUpperCase()).join(', ')})`);
    expect(help).toContain(`[choices: ${REPORT_FORMATS.map((f) => `"${f}"`).join(', ')}]`);
  });

  it('without the credential variable: exit 1, naming it', async () => {
    const run = await runCli(['verify', '--base-url', mock.url], { cwd: dir, env: {} });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('PODCAST_API_KEY is not set');
  });

  it('reads by default, generating in memory: the writes skipped, exit 0; --unsafe sends them; no credential in the output', async () => {
    mock.reset();
    const text = await runCli(['verify', '--base-url', mock.url], { cwd: dir, env });
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^podcast-gen verify: http:\/\/127\.0\.0\.1:\d+ against Podcast Asset, Avatar and Account Interface 1\.0\.0\n/);
    expect(text.stdout).toMatch(/ {2}pass {4}quotaSummary +GET \/open\/podcast\/v1\/quota\/summary {2}\(200, \d+ ms\)\n/);
    expect(text.stdout).toContain('  skipped createMultiCameraAvatar  POST /open/podcast/v1/avatars/multi_camera  (a write (POST): sent only with --unsafe)\n');
    expect(text.stdout).toMatch(/12 operations: 5 passed, 0 failed, 7 skipped; \d+ requests \(\d+\.\d s\)\n$/);
    expect(new Set(mock.requests.map((r) => r.method))).toStrictEqual(new Set(['GET']));
    expect(new Set(mock.requests.map((r) => r.operationId)).size).toBe(5);
    const all = await runCli(['verify', '--base-url', mock.url, '--unsafe', '--negative', '--format', 'json'], { cwd: dir, env });
    expect(all.code).toBe(0);
    expect(all.stdout).not.toContain(TEST_KEY);
    expect(JSON.parse(all.stdout)).toMatchObject({ summary: { total: 12, passed: 12, failed: 0, skipped: 0 } });
  });

  it('--json wraps the report as every command reports; a failed operation exits 1', async () => {
    const json = await runCli(['verify', '--base-url', mock.url, '--json'], { cwd: dir, env });
    expect(JSON.parse(json.stdout)).toMatchObject({ command: 'verify', ok: true, exitCode: 0, report: { summary: { passed: 5, skipped: 7 } } });
    const down = await runCli(['verify', '--base-url', 'http://127.0.0.1:1', '--timeout', '200'], { cwd: dir, env });
    expect(down.code).toBe(1);
    expect(down.stdout).toMatch(/ {10}connection: quotaSummary: connection failed: /);
  });

  it('--include and --exclude choose the operations with the selectors of generation', async () => {
    const run = await runCli(
      ['verify', '--base-url', mock.url, '--include', 'tag:Voices', '--include', 'op:quotaSummary', '--exclude', 'op:saveDesignedVoice', '--format', 'json'],
      {
        cwd: dir,
        env,
      },
    );
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { operations: { operationId: string; status: string }[] };
    expect(report.operations.map((o) => [o.operationId, o.status])).toStrictEqual([
      ['quotaSummary', 'pass'],
      ['getVoiceCloneAllowance', 'pass'],
    ]);
    const none = await runCli(['verify', '--base-url', mock.url, '--include', 'op:noSuchOperation'], { cwd: dir, env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('the selection leaves no operation: --include "op:noSuchOperation"');
  });

  it("--out: the output folder's code when it comes from the document as it is now; refused when it does not", async () => {
    const out = join(dir, 'out');
    await generate({ out, outputs: ['client', 'zod', 'fixtures'] });
    const run = await runCli(['verify', '--base-url', mock.url, '--out', 'out', '--include', 'op:quotaSummary'], { cwd: dir, env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 operation: 1 passed, 0 failed, 0 skipped');
    const manifest = join(out, '.podcast-gen.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/"sha256": "[0-9a-f]+"/, `"sha256": "${'0'.repeat(64)}"`));
    const stale = await runCli(['verify', '--base-url', mock.url, '--out', 'out'], { cwd: dir, env });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('podcast-gen verify: out/ was not generated from');
  });
});
