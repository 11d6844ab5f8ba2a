/**
 * Every failure carries its request: as a `curl` line in the text report and in the JSON report;
 * `podcast-gen verify --replay FILE` sends the failed requests of a JSON report again, each judged
 * again: still failing against the server that failed it, passing against one that was fixed.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlLine } from '../../generator/verify/curl.js';
import type { SentRequest } from '../../generator/verify/report.js';
import { removeProject, runCli, tempProject } from '../cli/helpers/run-cli.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { REFERENCE_KEY, startReferenceServer } from './reference-server.js';

const SPEC = join(FIXTURE_DOCS, 'verify', 'reference.yaml');
const ENV = { API_API_KEY: REFERENCE_KEY };

let dir: string;
beforeAll(() => {
  dir = tempProject('verify-replay');
});
afterAll(() => removeProject(dir));

describe('a failure and its replay', () => {
  it('the text report shows the curl line; --replay sends it again: still failing, then passing once fixed', async () => {
    const broken = await startReferenceServer('wrong-credential');
    const fixed = await startReferenceServer();
    try {
      const text = await runCli(['verify', '--spec', SPEC, '--base-url', broken.url, '--negative', '--include', 'op:listItems', '--cases', '1'], {
        cwd: dir,
        env: ENV,
      });
      expect(text.stderr).toBe('');
      expect(text.code).toBe(1);
      const lines = text.stdout.split('\n');
      const at = lines.findIndex((l) => l.includes('ignored-auth: with a wrong credential: answered'));
      expect(lines[at + 1]).toMatch(/^ {12}curl -X GET 'http:\/\/127\.0\.0\.1:\d+\/items\?[^']*' -H 'accept: application\/json' -H 'X-Key: \[redacted\]'$/);
      expect(text.stdout).not.toContain(REFERENCE_KEY);
      const json = await runCli(
        ['verify', '--spec', SPEC, '--base-url', broken.url, '--negative', '--include', 'op:listItems', '--cases', '1', '--format', 'json'],
        {
          cwd: dir,
          env: ENV,
        },
      );
      const file = join(dir, 'report.json');
      writeFileSync(file, json.stdout);
      const again = await runCli(['verify', '--spec', SPEC, '--replay', 'report.json', '--base-url', broken.url], { cwd: dir, env: ENV });
      console.log(`${lines.slice(at - 1, at + 2).join('\n')}\n\n$ podcast-gen verify --replay report.json\n${again.stdout}`);
      expect(again.stderr).toBe('');
      expect(again.code).toBe(1);
      expect(again.stdout).toContain('still fails: answered 200');
      expect(again.stdout).toMatch(/^1 request: 1 still fails, 0 pass now$/m);
      const now = await runCli(['verify', '--spec', SPEC, '--replay', 'report.json', '--base-url', fixed.url, '--format', 'json'], { cwd: dir, env: ENV });
      expect(now.code).toBe(0);
      expect(JSON.parse(now.stdout)).toMatchObject({
        replays: [{ operationId: 'listItems', check: 'ignored-auth', verdict: 'pass', status: 401, findings: [] }],
      });
    } finally {
      await Promise.all([broken.close(), fixed.close()]);
    }
  });

  it("never sends this run's credential to the server a report names: --replay needs --base-url, and says which the report was made against (exit 2)", async () => {
    const broken = await startReferenceServer('wrong-credential');
    const heard: string[] = [];
    const other = createServer((req, res) => {
      heard.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const json = await runCli(
        ['verify', '--spec', SPEC, '--base-url', broken.url, '--negative', '--include', 'op:listItems', '--cases', '1', '--format', 'json'],
        {
          cwd: dir,
          env: ENV,
        },
      );
      const report = JSON.parse(json.stdout) as { baseUrl: string };
      // A report edited to name another server, with a password in its address.
      report.baseUrl = `${otherUrl.replace('//', '//someone:hunter2@')}/api?x=1`;
      writeFileSync(join(dir, 'elsewhere.json'), JSON.stringify(report));
      const run = await runCli(['verify', '--spec', SPEC, '--replay', 'elsewhere.json'], { cwd: dir, env: ENV });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`the report was made against ${otherUrl}/api`);
      expect(run.stderr).toContain(`--base-url ${otherUrl}/api`);
      expect(run.stderr).not.toContain('hunter2');
      expect(run.stderr + run.stdout).not.toContain(REFERENCE_KEY);
      expect(heard).toEqual([]);
    } finally {
      await Promise.all([broken.close(), new Promise((done) => other.close(done))]);
    }
  });

  it('--max-requests bounds a replay too: past it, a request is not sent, saying why', async () => {
    const broken = await startReferenceServer('wrong-credential');
    try {
      const json = await runCli(
        ['verify', '--spec', SPEC, '--base-url', broken.url, '--negative', '--include', 'op:listItems', '--cases', '1', '--format', 'json'],
        { cwd: dir, env: ENV },
      );
      const report = JSON.parse(json.stdout) as { operations: { findings: unknown[] }[] };
      const op = report.operations[0];
      if (op) op.findings = [...op.findings, ...op.findings, ...op.findings];
      writeFileSync(join(dir, 'three.json'), JSON.stringify(report));
      const run = await runCli(['verify', '--spec', SPEC, '--replay', 'three.json', '--base-url', broken.url, '--max-requests', '1', '--format', 'json'], {
        cwd: dir,
        env: ENV,
      });
      const { replays } = JSON.parse(run.stdout) as { replays: { verdict: string; reason?: string }[] };
      expect(replays.map((r) => r.verdict)).toStrictEqual(['fail', 'skipped', 'skipped']);
      expect(replays[1]?.reason).toBe('--max-requests 1 reached');
      expect(run.code).toBe(1);
    } finally {
      await broken.close();
    }
  });

  it('a replay that sends nothing (its operation is gone from the document) exits 1, not 0', async () => {
    const finding = {
      check: 'status',
      message: 'x',
      replay: { request: { operationId: 'gone', label: 'the fixture', input: {} }, expect: { kind: 'accepted' } },
    };
    writeFileSync(join(dir, 'gone.json'), JSON.stringify({ baseUrl: 'http://127.0.0.1:9', operations: [{ operationId: 'gone', findings: [finding] }] }));
    const run = await runCli(['verify', '--spec', SPEC, '--replay', 'gone.json', '--base-url', 'http://127.0.0.1:9'], { cwd: dir, env: ENV });
    expect(run.stdout).toContain('not sent: the document has no such operation');
    expect(run.code).toBe(1);
  });

  it.each([
    {
      given: 'no JSON, ended early',
      content: '{ "operations": [',
      want: { file: 'bad.json', line: 1, col: 18, message: '--replay: not JSON: Unexpected end of JSON input' },
    },
    {
      given: 'no JSON, on its third line',
      content: '{\n  "operations": [\n    1 2\n  ]\n}',
      want: { file: 'bad.json', line: 3, col: 7, message: "--replay: not JSON: Expected ',' or ']' after array element" },
    },
    {
      given: 'no failure',
      content: '{ "operations": [] }',
      want: { file: 'bad.json', message: expect.stringMatching(/^--replay: it holds no failed request/) },
    },
  ])('a file of $given is refused, saying where and what to give (exit 2)', async ({ content, want }) => {
    writeFileSync(join(dir, 'bad.json'), content);
    const run = await runCli(['verify', '--spec', SPEC, '--replay', 'bad.json', '--base-url', 'http://127.0.0.1:9', '--json'], { cwd: dir, env: ENV });
    expect(run.code).toBe(2);
    const { problems } = JSON.parse(run.stdout) as { problems: object[] };
    expect(problems).toStrictEqual([expect.objectContaining({ code: 'verify/replay', severity: 'error', ...want })]);
  });

  it('prints the place of a file that is not JSON before the problem, as every problem of a file', async () => {
    writeFileSync(join(dir, 'bad.json'), '{ "operations": [');
    const run = await runCli(['verify', '--spec', SPEC, '--replay', 'bad.json'], { cwd: dir, env: ENV });
    expect(run.stderr).toMatch(
      /^bad\.json:1:18 {2}error {2}verify\/replay {2}--replay: not JSON: Unexpected end of JSON input \(give the JSON report of a run/m,
    );
  });
});

describe('curlLine', () => {
  it.each<{ given: string; request: SentRequest; want: string }>([
    {
      given: 'a GET',
      request: { method: 'GET', url: 'http://h/a?x=1&y=2', headers: { accept: 'application/json' } },
      want: "curl -X GET 'http://h/a?x=1&y=2' -H 'accept: application/json'",
    },
    {
      given: 'a JSON body with a quote',
      request: { method: 'POST', url: 'http://h/a', headers: { 'content-type': 'application/json' }, body: { name: "O'Brien" } },
      want: `curl -X POST http://h/a -H 'content-type: application/json' --data-raw '{"name":"O'\\''Brien"}'`,
    },
    {
      given: 'a form body',
      request: { method: 'POST', url: 'http://h/a', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: { a: 'b c' } },
      want: "curl -X POST http://h/a -H 'content-type: application/x-www-form-urlencoded' --data-raw a=b+c",
    },
  ])('$given', ({ request, want }) => {
    expect(curlLine(request)).toBe(want);
  });
});
