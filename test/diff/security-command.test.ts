/**
 * `podcast-gen diff` on an operation whose security moves from the API key to a bearer token, both
 * schemes declared on both sides: old clients send the key and fail (CredentialError where they hold
 * no token), so the change is breaking and the advice is major. In process, the proof skipped.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeProject, runCli, tempProject } from '../cli/helpers/run-cli.js';

const OLD = `openapi: 3.0.3
info: { title: Shop, version: 1.0.0 }
security:
  - ApiKey: []
components:
  securitySchemes:
    ApiKey: { type: apiKey, in: header, name: X-Api-Key }
    Bearer: { type: http, scheme: bearer }
paths:
  /items:
    get:
      operationId: listItems
      responses:
        '200': { description: the items }
  /orders:
    get:
      operationId: listOrders
      responses:
        '200': { description: the orders }
`;
const NEW = OLD.replace('      operationId: listOrders\n', '      operationId: listOrders\n      security:\n        - Bearer: []\n');

describe('podcast-gen diff: security moved to another scheme', () => {
  const dir = tempProject('diff-security');
  afterAll(() => removeProject(dir));
  writeFileSync(join(dir, 'old.yaml'), OLD);
  writeFileSync(join(dir, 'new.yaml'), NEW);

  it('reports it, breaking the wire: semver major, exit 1', async () => {
    const run = await runCli(['diff', 'old.yaml', 'new.yaml', '--no-types', '--format', 'json'], { cwd: dir });
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as { changes: { rule: string; level: string; surfaces: string[]; message: string }[]; semver: string };
    expect(report.changes.map((c) => [c.rule, c.level, c.surfaces])).toStrictEqual([['operation-security-scheme-changed', 'breaking', ['wire']]]);
    expect(report.changes[0]?.message).toContain('takes `Bearer` where it took `ApiKey`');
    expect(report.semver).toBe('major');
    expect(run.code).toBe(1);
  });
});
