import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticDocument } from '../../bench/synthetic.js';
import { queueCounter, SIDE_THREAD_MIN_BYTES, type SideCopy, startEarlyWorker, startSideThread } from '../../generator/concurrency/side-thread.js';
import type { Plugin } from '../../generator/emit/plugin.js';
import { generateFiles, type StageEvent, generate } from '../../generator/index.js';
import { load } from '../../generator/load-and-lint.js';
import { textHash } from '../../generator/load/read-spec.js';
import { resolveOptions } from '../../generator/options.js';
import { pluginOptions } from '../../generator/plugins/plugin-options.js';
import { builtinPlugins } from '../../generator/plugins/registry.js';

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

  /**
   * A side thread whose worker reads the document itself and is asked for a read whose text has
   * `readHash`, lint included; the main thread takes nothing, and counts the copies it is asked for.
   */
  async function readingSide(readHash: string) {
    const names = ['types', 'zod', 'client'];
    const { spec: loaded } = await load(resolveOptions({ spec, cwd: dir }), () => undefined);
    let copies = 0;
    const copy = (): SideCopy => {
      copies++;
      const { absoluteRef, body, mimeType } = loaded.root.source;
      return { document: loaded.document as unknown as Record<string, unknown>, text: { absoluteRef, body, mimeType } };
    };
    const side = startSideThread(
      {
        document: { readHash },
        lint: { config: { specPath: spec }, cwd: dir },
        modelOptions: { source: { path: 'large.json', label: 'large.json', hash: loaded.hash } },
        templatesDir: undefined,
        plugins: names.map((name) => ({ name, options: pluginOptions(builtinPlugins.find((p) => p.name === name) as Plugin, undefined) })),
        next: queueCounter(),
        outputs: names,
      },
      startEarlyWorker({ spec, cwd: dir, lintConfig: { specPath: spec } }),
      copy,
    );
    if (!side) throw new Error('no side thread');
    try {
      const results = await side.results;
      return { names, results, linted: await side.lint, left: [side.take(), side.take()], copies, text: loaded.root.source.body };
    } finally {
      await side.stop();
    }
  }

  it("lints and makes outputs from its own read of the file where its text has the main thread's hash", async () => {
    const text = JSON.stringify(syntheticDocument(120));
    const { names, results, linted, left, copies } = await readingSide(textHash(text));
    expect(results.map((r) => r.name)).toStrictEqual(names);
    expect(results.every((r) => r.files.length > 0)).toBe(true);
    expect(linted?.problems).toStrictEqual([]);
    expect(left).toStrictEqual([undefined, undefined]);
    expect(copies).toBe(0);
  });

  it("asks for the main thread's copy where its own read is not the text the main thread read, and makes the same files", async () => {
    const own = await readingSide(textHash(JSON.stringify(syntheticDocument(120))));
    const other = await readingSide('the hash of another text');
    expect(other.copies).toBe(1);
    expect(other.results.map((r) => r.name)).toStrictEqual(other.names);
    expect(other.results.map((r) => r.files)).toStrictEqual(own.results.map((r) => r.files));
    expect(other.linted).toStrictEqual({ ...own.linted, ms: other.linted?.ms });
  });

  it('makes the same files from a document of several files, which the worker does not read itself', async () => {
    const document = syntheticDocument(120) as { components: { schemas: Record<string, unknown> } };
    document.components.schemas.Shared = { $ref: 'shared.json#/Shared' };
    writeFileSync(join(dir, 'shared.json'), JSON.stringify({ Shared: { type: 'object', properties: { id: { type: 'string' } } } }));
    const several = join(dir, 'several.json');
    writeFileSync(several, JSON.stringify(document));
    const made = async (mode: 'on' | 'off') => {
      process.env.PODCAST_GEN_SIDE_THREAD = mode;
      const stages: StageEvent[] = [];
      const { files, problems } = await generate({ spec: several, out: join(dir, `several-${mode}`) }, { onStage: (event) => void stages.push(event) });
      return { files, problems, lint: stages.find((event) => event.stage === 'lint')?.detail };
    };
    const one = await made('off');
    expect(JSON.stringify(one.files)).toContain('Shared');
    const side = await made('on');
    expect({ ...side, lint: undefined }).toStrictEqual({ ...one, lint: undefined });
    // Linted in the main thread: its problems may lie in the other file.
    expect(side.lint).not.toMatch(/side thread/);
  });

  it('makes no output once it linted errors, and leaves the main thread none to take', async () => {
    const document = syntheticDocument(120) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const [first, second] = Object.values(document.paths).flatMap((item) => Object.values(item));
    if (!first || !second) throw new Error('two operations');
    second.operationId = first.operationId;
    const text = JSON.stringify(document);
    const names = ['types', 'zod', 'client'];
    const side = startSideThread(
      {
        document: { copy: { document, text: { absoluteRef: join(dir, 'same-id.json'), body: text, mimeType: 'application/json' } } },
        lint: { config: {}, cwd: dir },
        modelOptions: { source: { path: 'same-id.json', label: 'same-id.json', hash: textHash(text) } },
        templatesDir: undefined,
        plugins: names.map((name) => ({ name, options: pluginOptions(builtinPlugins.find((p) => p.name === name) as Plugin, undefined) })),
        next: queueCounter(),
        outputs: names,
      },
      startEarlyWorker(),
    );
    if (!side) throw new Error('no side thread');
    try {
      const linted = await side.lint;
      expect(linted?.problems.filter((p) => p.problem.severity === 'error').map((p) => p.problem.code)).toStrictEqual(['podcast-gen/operation-id-unique']);
      expect(await side.results).toStrictEqual([]);
      expect(side.take()).toBeUndefined();
    } finally {
      await side.stop();
    }
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
