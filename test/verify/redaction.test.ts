/**
 * What `verify` redacts: the credentials of the run, nothing else (a title "Nonesuch API" is not a
 * secret). Through the command, in this process, against a loopback server.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeProject, runCli, tempProject } from '../cli/helpers/run-cli.js';
import { startLoopback } from '../helpers/loopback.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';

const DOCS = join(FIXTURE_DOCS, 'verify');

let dir: string;
beforeAll(() => {
  dir = tempProject('verify-redaction');
});
afterAll(() => removeProject(dir));

describe('verify redacts only secrets', () => {
  it('a title and an answer with the word "none" in them are printed as they are', async () => {
    const server = await startLoopback(() => ({ status: 200, body: { count: 1, note: 'none left' } }));
    try {
      const run = await runCli(['verify', '--spec', join(DOCS, 'nonesuch.yaml'), '--base-url', server.url, '--format', 'json'], {
        cwd: dir,
        env: { NONESUCH_API_KEY: 'nk-5f1e-secret' },
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).not.toContain('[redacted]');
      expect(JSON.parse(run.stdout)).toMatchObject({ api: { title: 'Nonesuch API' } });
      const text = await runCli(['verify', '--spec', join(DOCS, 'nonesuch.yaml'), '--base-url', server.url], {
        cwd: dir,
        env: { NONESUCH_API_KEY: 'nk-5f1e-secret' },
      });
      expect(text.stdout).toContain('against Nonesuch API 1');
    } finally {
      await server.close();
    }
  });
});
