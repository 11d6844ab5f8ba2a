/**
 * `verify` judges an answer to a success declared as the `2XX` range (Microsoft Graph's way) as the
 * success: any 2xx is declared, and its body is checked by the range's schema.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeProject, runCli, tempProject } from '../cli/helpers/run-cli.js';
import { startLoopback } from '../helpers/loopback.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';

// getThing: 2XX of a Thing ({ id, name, size }), 4XX and 5XX of a Failure.
const RANGES = join(FIXTURE_DOCS, 'corpus', 'status-ranges.yaml');

let dir: string;
beforeAll(() => {
  dir = tempProject('verify-status-ranges');
});
afterAll(() => removeProject(dir));

describe('an answer to a 2XX success', () => {
  it.each([
    { given: 'a 201 with the entity', status: 201, body: { id: 'th_1', name: 'lamp', size: 3 }, want: [] },
    { given: 'a 200 with the entity', status: 200, body: { id: 'th_1', name: 'lamp', size: 3 }, want: [] },
    { given: 'a 202 with a body the schema refuses', status: 202, body: { id: 1, name: 'lamp' }, want: ['body'] },
  ])('$given: $want', async ({ status, body, want }) => {
    const server = await startLoopback(() => ({ status, body }));
    try {
      const run = await runCli(['verify', '--spec', RANGES, '--base-url', server.url, '--include', 'op:getThing', '--format', 'json'], { cwd: dir });
      expect(run.stderr).toBe('');
      const report = JSON.parse(run.stdout) as { operations: { findings: { check: string }[] }[] };
      expect([...new Set(report.operations[0]?.findings.map((f) => f.check))]).toStrictEqual(want);
    } finally {
      await server.close();
    }
  });
});
