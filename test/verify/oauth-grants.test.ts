/**
 * `verify` with OAuth 2.0 client credentials: one grant per run, however many operations (reused
 * until it expires), and every token obtained during the run redacted from the report. Through the
 * command, in this process, against a loopback server that is also the token endpoint.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeProject, runCli, tempProject } from '../cli/helpers/run-cli.js';
import { startLoopback } from '../helpers/loopback.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { EARLY_GRANTS } from '../../generator/verify/engines.js';

const DOC = join(FIXTURE_DOCS, 'verify', 'oauth-grants.yaml');

let dir: string;
beforeAll(() => {
  dir = tempProject('verify-oauth');
});
afterAll(() => removeProject(dir));

describe('verify with OAuth 2.0 client credentials', () => {
  const TOKEN = 'tok-issued-7d41c0a9e2';
  const grants = (requests: { path: string }[]) => requests.filter((r) => r.path === '/oauth/token').length;
  const serve = () =>
    startLoopback((request) => {
      if (request.path === '/oauth/token') return { status: 200, body: { access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 } };
      if (request.headers.authorization !== `Bearer ${TOKEN}`) return { status: 401, body: { message: 'no token' } };
      // A server that quotes the token it was sent, in a failure's body.
      if (request.path === '/things/d') return { status: 500, body: { message: `refused ${TOKEN}` } };
      return { status: 200, body: { name: 'a thing' } };
    });
  const env = { GRANTS_CLIENT_ID: 'app-1', GRANTS_CLIENT_SECRET: 'cs-9b2e' };

  it('asks for one token per run, however many operations, and redacts it from the report', async () => {
    const server = await serve();
    try {
      const run = await runCli(['verify', '--spec', DOC, '--base-url', server.url, '--format', 'json', '--concurrency', '2'], {
        cwd: dir,
        env,
      });
      expect(run.stderr).toBe('');
      expect(grants(server.requests)).toBe(1);
      const report = JSON.parse(run.stdout) as { operations: { operationId: string; status: string; findings: { message: string }[] }[] };
      expect(report.operations.map((o) => [o.operationId, o.status])).toStrictEqual([
        ['thingA', 'pass'],
        ['thingB', 'pass'],
        ['thingC', 'pass'],
        ['thingD', 'fail'],
      ]);
      expect(run.stdout).not.toContain(TOKEN);
      expect(run.stdout).not.toContain('cs-9b2e');
      expect(report.operations[3]?.findings[0]?.message).toBe('answered 500: a server error is always a failure');
    } finally {
      await server.close();
    }
  });

  it('asks again after a 401 a few times at most, then says why it asks no more', async () => {
    const server = await startLoopback((request) => {
      if (request.path === '/oauth/token') return { status: 200, body: { access_token: `${TOKEN}-${request.body.length}`, expires_in: 3600 } };
      return { status: 401, body: { message: 'not this token' } };
    });
    try {
      const run = await runCli(['verify', '--spec', DOC, '--base-url', server.url, '--format', 'json', '--concurrency', '1'], { cwd: dir, env });
      expect(grants(server.requests)).toBeLessThanOrEqual(1 + EARLY_GRANTS);
      const report = JSON.parse(run.stdout) as { operations: { status: string; findings: { check: string; message: string }[] }[] };
      // The first 401 (after the client's one retry with a fresh token) fails the status check too, as
      // the document does not declare it; the later operations get no token at all.
      expect(report.operations.map((o) => [o.status, o.findings.map((f) => f.check)])).toStrictEqual([
        ['fail', ['status', 'credential']],
        ['fail', ['credential']],
        ['fail', ['credential']],
        ['fail', ['credential']],
      ]);
      expect(report.operations.at(-1)?.findings[0]?.message).toContain('the server refused the tokens it issued: no more are asked for');
      expect(run.stdout).not.toContain(TOKEN);
    } finally {
      await server.close();
    }
  });

  it.each([
    { given: 'a 502 with an HTML page', answer: { status: 502, headers: { 'content-type': 'text/html' }, body: '<html><body>Bad Gateway</body></html>' } },
    { given: 'a 200 that is not JSON', answer: { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>sign in</html>' } },
    { given: 'a closed connection', answer: { reset: true } },
  ])('a token endpoint answering $given is asked a few times at most; each operation fails, saying the token could not be had', async ({ answer }) => {
    const server = await startLoopback((request) => (request.path === '/oauth/token' ? answer : { status: 200, body: { name: 'a thing' } }));
    try {
      const run = await runCli(['verify', '--spec', DOC, '--base-url', server.url, '--format', 'json', '--concurrency', '1'], { cwd: dir, env });
      expect(run.code).toBe(1);
      expect(grants(server.requests)).toBeLessThanOrEqual(1 + EARLY_GRANTS);
      expect(server.requests.filter((r) => r.path !== '/oauth/token')).toStrictEqual([]);
      const report = JSON.parse(run.stdout) as {
        operations: { status: string; findings: { check: string; message: string }[] }[];
        summary: { requests: number };
      };
      expect(report.operations.map((o) => [o.status, o.findings.map((f) => f.check)])).toStrictEqual(Array(4).fill(['fail', ['credential']]));
      expect(report.operations.at(-1)?.findings[0]?.message).toMatch(/the token endpoint gave no token \d times .*: no more are asked for/);
      expect(report.summary.requests).toBe(grants(server.requests));
      expect(run.stdout).not.toContain('cs-9b2e');
    } finally {
      await server.close();
    }
  });

  it('counts each token request in --max-requests', async () => {
    const server = await serve();
    try {
      const run = await runCli(['verify', '--spec', DOC, '--base-url', server.url, '--format', 'json', '--concurrency', '1', '--max-requests', '2'], {
        cwd: dir,
        env,
      });
      expect(server.requests.map((r) => r.path)).toStrictEqual(['/oauth/token', '/things/a']);
      const report = JSON.parse(run.stdout) as { summary: { requests: number } };
      expect(report.summary.requests).toBe(2);
    } finally {
      await server.close();
    }
  });
});
