import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticDocument } from '../../bench/synthetic.js';
import { queueCounter, type SideRequest, startEarlyWorker, startSideThread } from '../../generator/concurrency/side-thread.js';
import { definePlugin } from '../../generator/emit/plugin.js';
import { generateFiles } from '../../generator/index.js';

/**
 * A side thread that fails: the main thread takes no more outputs once the worker failed, the run
 * reports the failure first in run order (as one thread does), and a worker that fails to load
 * before it is given work fails the run with its error instead of ending the process.
 */
const request = (plugins: string[]): SideRequest => ({
  document: { copy: { document: { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} } } },
  modelOptions: { source: { path: 't.json', label: 't.json', hash: '0' } },
  templatesDir: undefined,
  plugins: plugins.map((name) => ({ name, options: {} })),
  next: queueCounter(),
  outputs: plugins,
});

describe('a side thread that fails', () => {
  it('gives the main thread no more outputs once the worker failed', async () => {
    const side = startSideThread(request(['no-such-output', 'types', 'zod', 'client']));
    expect(side).toBeDefined();
    if (!side) return;
    try {
      await expect(side.results).rejects.toThrow('the side thread has no output "no-such-output"');
      expect(side.take()).toBeUndefined();
      expect(side.failedOn()).toBe('no-such-output');
    } finally {
      await side.stop();
    }
  });

  it('fails with the error of an early worker that could not load, instead of ending the process', async () => {
    const early = startEarlyWorker(undefined, () => new Worker('throw new Error("the worker could not load")', { eval: true }));
    expect(early).toBeDefined();
    if (!early) return;
    // It fails while the document is read, before it is given work.
    await early.ended;
    const side = startSideThread(request(['types', 'zod']), early);
    expect(side).toBeDefined();
    try {
      await expect(side?.results).rejects.toThrow('the worker could not load');
      expect(side?.take()).toBeUndefined();
    } finally {
      await side?.stop();
    }
  });
});

describe('a run whose outputs fail in both threads', () => {
  let dir: string;
  const setting = process.env.PODCAST_GEN_SIDE_THREAD;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'podcast-gen-side-failures-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    if (setting === undefined) delete process.env.PODCAST_GEN_SIDE_THREAD;
    else process.env.PODCAST_GEN_SIDE_THREAD = setting;
  });

  it('reports the failure first in run order, as one thread does', async () => {
    // The MCP output fails (a tool name it refuses), and so does an output of the user's after it in run order.
    const bad = join(dir, 'bad.json');
    const document = syntheticDocument(120) as { paths: Record<string, Record<string, { 'x-tool-name'?: string }>> };
    const first = Object.values(Object.values(document.paths)[0] ?? {})[0];
    if (first) first['x-tool-name'] = 'not a tool name!';
    writeFileSync(bad, JSON.stringify(document));
    const lintOff = join(dir, 'redocly.yaml');
    writeFileSync(lintOff, 'extends:\n  - podcast-gen/generic\nrules:\n  podcast-gen/tool-name: off\n');
    const later = definePlugin({
      name: 'later',
      needs: ['mcp'],
      emit: () => {
        throw new Error('the later output failed');
      },
    });
    const run = async (mode: 'on' | 'off') => {
      process.env.PODCAST_GEN_SIDE_THREAD = mode;
      return generateFiles({ spec: bad, lintConfig: lintOff, plugins: [later] }).then(
        () => 'made',
        (error: Error) => error.message,
      );
    };
    const one = await run('off');
    expect(one).not.toBe('made');
    expect(one).not.toContain('the later output failed');
    expect(await run('on')).toBe(one);
  });
});
