/**
 * A refusal `verify --negative` provokes is judged by the response the document declares for it,
 * whichever covers it (its own status, its class or `default`): its media type and its body. A
 * refusal the document declares nothing for is enough as it is.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeProject, runCli, tempProject } from '../cli/helpers/run-cli.js';
import { startLoopback } from '../helpers/loopback.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';

// listNotes: 200 and a `default` of application/problem+json; an API key in X-Key.
const REFUSALS = join(FIXTURE_DOCS, 'corpus', 'refusals.yaml');
const KEY = 'rk-31c9';

let dir: string;
beforeAll(() => {
  dir = tempProject('verify-refusals');
});
afterAll(() => removeProject(dir));

const problem = (status: number) => ({ type: 'about:blank', title: 'refused', status });

describe('a refusal covered only by default', () => {
  it.each([
    { given: 'a 401 without a credential, as problem+json', status: 401, type: 'application/problem+json', body: problem(401), want: [] },
    { given: 'a 401 without a credential, as plain JSON', status: 401, type: 'application/json', body: problem(401), want: ['content-type'] },
    { given: 'a 401 without a credential, of another shape', status: 401, type: 'application/problem+json', body: { message: 'no' }, want: ['body'] },
    { given: 'a 403 without a credential, as text', status: 403, type: 'text/plain', body: 'no', want: ['content-type', 'body'] },
  ])('$given: $want', async ({ status, type, body, want }) => {
    const server = await startLoopback((request) => {
      const limit = request.query['limit'];
      if (limit !== undefined && !/^(100|[1-9][0-9]?)$/.test(String(limit)))
        return { status: 400, headers: { 'content-type': 'application/problem+json' }, body: JSON.stringify(problem(400)) };
      if (request.headers['x-key'] === KEY) return { status: 200, body: [{ id: 1, name: 'a note' }] };
      return { status, headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) };
    });
    try {
      const run = await runCli(['verify', '--spec', REFUSALS, '--base-url', server.url, '--negative', '--include', 'op:listNotes', '--format', 'json'], {
        cwd: dir,
        env: { REFUSALS_AS_API_KEY: KEY },
      });
      expect(run.stderr).toBe('');
      const report = JSON.parse(run.stdout) as { operations: { findings: { check: string; message: string }[] }[] };
      const findings = report.operations[0]?.findings ?? [];
      expect([...new Set(findings.map((f) => f.check))]).toStrictEqual(want);
      for (const finding of findings) expect(finding.message).toMatch(/^without its credential: /);
    } finally {
      await server.close();
    }
  });
});
