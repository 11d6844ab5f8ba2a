import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticDocument } from '../../bench/synthetic.js';
import { SIDE_THREAD_MIN_BYTES } from '../../generator/concurrency/side-thread.js';
import { generateFiles, type StageEvent, generate } from '../../generator/index.js';

/**
 * The side thread as the library and the tests take it: `generate()` run from the TypeScript sources
 * starts the same worker the built command does (through tsx), and makes what one thread makes.
 */
describe('the side thread from the sources', () => {
  let dir: string;
  let spec: string;
  const setting = process.env.PODCAST_GEN_SIDE_THREAD;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'podcast-gen-side-'));
    spec = join(dir, 'large.json');
    const text = JSON.stringify(syntheticDocument(120));
    expect(text.length).toBeGreaterThanOrEqual(SIDE_THREAD_MIN_BYTES);
    writeFileSync(spec, text);
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    if (setting === undefined) delete process.env.PODCAST_GEN_SIDE_THREAD;
    else process.env.PODCAST_GEN_SIDE_THREAD = setting;
  });

  async function run(mode: 'on' | 'off') {
    process.env.PODCAST_GEN_SIDE_THREAD = mode;
    const stages: string[] = [];
    const result = await generate({ spec, out: join(dir, mode) }, { onStage: (event: StageEvent) => void stages.push(event.stage) });
    return { files: result.files, problems: result.problems, stages };
  }

  it('makes the same files and problems in a worker as in one thread', async () => {
    const one = await run('off');
    const side = await run('on');
    expect(one.stages).not.toContain('side thread');
    expect(side.stages).toContain('side thread');
    expect(side.files).toStrictEqual(one.files);
    expect(side.problems).toStrictEqual(one.problems);
  });

  it('fails the run as one thread does when an output fails in the worker', async () => {
    process.env.PODCAST_GEN_SIDE_THREAD = 'on';
    const bad = join(dir, 'bad.json');
    const document = syntheticDocument(120) as { paths: Record<string, Record<string, { 'x-tool-name'?: string }>> };
    const first = Object.values(Object.values(document.paths)[0]!)[0]!;
    first['x-tool-name'] = 'not a tool name!';
    writeFileSync(bad, JSON.stringify(document));
    const lintOff = join(dir, 'redocly.yaml');
    writeFileSync(lintOff, 'extends:\n  - podcast-gen/generic\nrules:\n  podcast-gen/tool-name: off\n');
    const side = await generateFiles({ spec: bad, lintConfig: lintOff }).then(
      () => 'made',
      (error: Error) => error.message,
    );
    process.env.PODCAST_GEN_SIDE_THREAD = 'off';
    const one = await generateFiles({ spec: bad, lintConfig: lintOff }).then(
      () => 'made',
      (error: Error) => error.message,
    );
    expect(side).not.toBe('made');
    expect(side).toBe(one);
  });
});
