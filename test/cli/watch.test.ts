import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectWithSpec, removeProject, runCli, waitFor } from './helpers/run-cli.js';

/** `--watch` regenerates on save, survives a broken save, and stops cleanly. */
describe('podcast-gen --watch', () => {
  const projects: string[] = [];
  afterAll(() => projects.forEach(removeProject));

  it('regenerates after a change, prints the problem of a broken save and keeps watching', async () => {
    const { dir, spec } = projectWithSpec('watch');
    projects.push(dir);
    const specPath = join(dir, spec);
    const client = join(dir, 'out', 'client.ts');
    const original = readFileSync(specPath, 'utf8');
    let output = '';
    const stop = new AbortController();
    const running = runCli(['--spec', spec, '--out', 'out', '--watch'], { cwd: dir, stopSignal: stop.signal, onOutput: (text) => (output += text) });

    try {
      await waitFor('the first generation and the watch', () => output.includes('podcast-gen: watching api/ for changes'));
      expect(existsSync(client)).toBe(true);

      writeFileSync(specPath, original.replace('      operationId: quotaSummary\n', ''));
      await waitFor('the broken save to be reported', () => output.includes('error  operation-operationId'));
      expect(output).toMatch(/podcast-gen: generation failed with \d+ errors?\. Nothing was written\./);
      expect(readFileSync(client, 'utf8')).toContain('quotaSummary');

      writeFileSync(specPath, original.replace('operationId: quotaSummary', 'operationId: quotaOverview'));
      await waitFor('the fixed save to be generated', () => readFileSync(client, 'utf8').includes('quotaOverview'));
      expect(output).toContain('podcast-gen: api/podcast.yaml changed; generating again');
    } finally {
      stop.abort();
    }
    const run = await running;
    expect(run.code).toBe(0);
  });

  it('refuses to watch a URL (exit 2)', async () => {
    const { dir } = projectWithSpec('watch-url');
    projects.push(dir);
    const run = await runCli(['--spec', 'http://127.0.0.1:9/api.yaml', '--watch'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--watch needs a local document, not a URL');
  });
});
