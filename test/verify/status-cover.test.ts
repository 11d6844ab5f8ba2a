/**
 * Which response of `responses` covers a status, decided once (verify/declared.ts `coveringKey`) for
 * the status check, the response an answer is judged by and the links a made resource follows: its
 * own code, else its class's range, else `default` (OpenAPI, Responses Object); a 2xx by `default`
 * only where no 2xx is named, as the client reads it: there `default` is the success.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coveringKey, isDeclared } from '../../generator/verify/declared.js';
import { removeProject, runCli, tempProject } from '../cli/helpers/run-cli.js';
import { startLoopback } from '../helpers/loopback.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';

describe('coveringKey', () => {
  it.each<{ keys: string[]; status: number; want: string | undefined }>([
    { keys: ['200', '4XX', 'default'], status: 200, want: '200' },
    { keys: ['200', '4XX', 'default'], status: 404, want: '4XX' },
    { keys: ['200', '404', '4XX'], status: 404, want: '404' },
    { keys: ['200', '4xx'], status: 418, want: '4xx' },
    { keys: ['200', 'default'], status: 500, want: 'default' },
    { keys: ['200', 'default'], status: 201, want: undefined },
    { keys: ['2XX', 'default'], status: 201, want: '2XX' },
    { keys: ['default'], status: 404, want: 'default' },
    { keys: ['default'], status: 200, want: 'default' },
    { keys: ['2XX'], status: 204, want: '2XX' },
    { keys: ['200', '400'], status: 201, want: undefined },
    { keys: ['200', '400'], status: 500, want: undefined },
  ])('$keys, $status: $want', ({ keys, status, want }) => {
    expect(coveringKey(keys, status)).toBe(want);
    expect(isDeclared(keys, status)).toBe(want !== undefined);
  });
});

describe('an operation whose only response is default', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempProject('verify-status-cover');
  });
  afterAll(() => removeProject(dir));

  it.each([
    { given: 'a 200 that fits', status: 200, body: { notes: ['a'] }, want: [] },
    { given: 'a 200 that does not fit', status: 200, body: { notes: 'a' }, want: ['body'] },
  ])('$given: $want', async ({ status, body, want }) => {
    const server = await startLoopback(() => ({ status, body }));
    try {
      const run = await runCli(['verify', '--spec', join(FIXTURE_DOCS, 'verify', 'default-only.yaml'), '--base-url', server.url, '--format', 'json'], {
        cwd: dir,
      });
      const report = JSON.parse(run.stdout) as { operations: { findings: { check: string }[] }[] };
      expect([...new Set(report.operations[0]?.findings.map((f) => f.check))]).toStrictEqual(want);
    } finally {
      await server.close();
    }
  });
});
