/**
 * A verdict must be earned: an operation whose planned requests were not all sent (the request
 * budget ran out) is `incomplete`, not `pass`; a run that judged no operation (each skipped or
 * incomplete) exits 1, saying so, not 0.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerifyReport } from '../../generator/verify/report.js';
import { removeProject, runCli, tempProject } from '../cli/helpers/run-cli.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { REFERENCE_KEY, startReferenceServer } from './reference-server.js';

const SPEC = join(FIXTURE_DOCS, 'verify', 'reference.yaml');
const ENV = { API_API_KEY: REFERENCE_KEY };

let dir: string;
let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  dir = tempProject('verify-earned');
  server = await startReferenceServer();
});
afterAll(async () => {
  await server.close();
  removeProject(dir);
});

const verify = (...more: string[]) => runCli(['verify', '--spec', SPEC, '--base-url', server.url, ...more], { cwd: dir, env: ENV });

describe('verdicts are earned', () => {
  it('an operation the budget cut short is incomplete, saying what was not sent; a run of no pass exits 1', async () => {
    const run = await verify('--include', 'op:listItems', '--cases', '5', '--max-requests', '2', '--format', 'json');
    const report = JSON.parse(run.stdout) as VerifyReport;
    expect(report.operations.map((o) => [o.operationId, o.status])).toStrictEqual([['listItems', 'incomplete']]);
    expect(report.operations[0]?.reason).toMatch(/--max-requests 2 reached/);
    expect(report.summary).toMatchObject({ total: 1, passed: 0, failed: 0, incomplete: 1, skipped: 0, requests: 2 });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no operation was judged: 1 incomplete');
  });

  it('a run that skips every operation exits 1, saying nothing was judged', async () => {
    const run = await verify('--include', 'op:createItem');
    expect(run.stdout).toMatch(/1 operation: 0 passed, 0 failed, 1 skipped/);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no operation was judged: 1 skipped');
  });

  it('a run with a pass and an incomplete one exits 0; the text report shows it', async () => {
    const run = await verify('--include', 'op:listItems', '--include', 'op:getItem', '--cases', '2', '--max-requests', '3', '--concurrency', '1');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}pass {7}listItems/m);
    expect(run.stdout).toMatch(/^ {2}incomplete getItem/m);
    expect(run.stdout).toMatch(/2 operations: 1 passed, 0 failed, 1 incomplete, 0 skipped; 3 requests/);
  });
});
