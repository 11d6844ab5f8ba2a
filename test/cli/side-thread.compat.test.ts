import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticDocument } from '../../bench/synthetic.js';
import { SIDE_THREAD_MIN_BYTES } from '../../generator/concurrency/side-thread.js';
import type { generate as Generate, StageEvent } from '../../generator/index.js';
import { ROOT } from '../helpers/paths.js';
import { ensureBuilt } from './helpers/build.js';
import { removeProject, tempProject } from './helpers/run-cli.js';

const BIN = join(ROOT, 'bin', 'podcast-gen.js');

/**
 * The side thread (generator/concurrency/side-thread.ts), as users meet it: the shipped command on a
 * document large enough to take it. What it makes is what one thread makes, byte for byte, with the
 * same problems in the same order; an output that fails in it fails the run as in one thread.
 */
describe('outputs made in a side thread', () => {
  let dir: string;
  beforeAll(async () => {
    await ensureBuilt();
    dir = tempProject('side-thread');
    // Warnings of lint (no license, linted in the worker) and of the MCP output, whichever thread makes it.
    writeFileSync(join(dir, 'redocly.yaml'), 'extends:\n  - podcast-gen/generic\nrules:\n  info-license: warn\n  podcast-gen/tool-name: off\n');
    writeFileSync(join(dir, 'podcast-gen.config.json'), JSON.stringify({ mcp: { maxSchemaBytes: 300 } }));
  }, 180_000);
  afterAll(() => removeProject(dir));

  function write(name: string, document: unknown): string {
    const text = JSON.stringify(document);
    expect(text.length).toBeGreaterThanOrEqual(SIDE_THREAD_MIN_BYTES);
    writeFileSync(join(dir, name), text);
    return name;
  }

  function run(spec: string, setting: 'on' | 'off' | undefined) {
    const env = { PATH: process.env.PATH ?? '', ...(setting ? { PODCAST_GEN_SIDE_THREAD: setting } : {}) };
    const result = spawnSync(process.execPath, [BIN, '--spec', spec, '--out', 'out', '--json'], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  /** Every file of a folder, by its path inside it, with its text. */
  function tree(folder: string): Record<string, string> {
    const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    return Object.fromEntries(
      files
        .map((entry) => join(entry.parentPath, entry.name))
        .sort()
        .map((path) => [path.slice(folder.length + 1), readFileSync(path, 'utf8')]),
    );
  }

  it('makes the same files, with the same problems in the same order, as one thread', () => {
    const spec = write('large.json', syntheticDocument(300));
    const one = run(spec, 'off');
    expect(one.code, one.stderr).toBe(0);
    renameSync(join(dir, 'out'), join(dir, 'one'));
    const side = run(spec, undefined);
    expect(side.code, side.stderr).toBe(0);
    const problems = (stdout: string) => (JSON.parse(stdout) as { problems: { code: string }[] }).problems;
    expect(new Set(problems(side.stdout).map((p) => p.code))).toStrictEqual(new Set(['info-license', 'mcp/schema-left-out']));
    expect(problems(side.stdout)).toStrictEqual(problems(one.stdout));
    const made = tree(join(dir, 'out'));
    expect(Object.keys(made).length).toBeGreaterThan(20);
    expect(made).toStrictEqual(tree(join(dir, 'one')));
  }, 120_000);

  it('fails the run when an output fails in it: its problem, exit 1, nothing written, the process ended', () => {
    // A tool name MCP does not take: the rule that would stop it in lint is off, so the MCP output meets it.
    const document = syntheticDocument(300) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const [first] = Object.values(document.paths).flatMap((item) => Object.values(item));
    if (first) first['x-tool-name'] = 'not a tool name';
    const spec = write('bad-tool-name.json', document);
    for (const setting of ['on', 'off'] as const) {
      const failed = run(spec, setting);
      expect([setting, failed.code]).toStrictEqual([setting, 1]);
      const report = JSON.parse(failed.stdout) as { problems: { code: string; severity: string }[] };
      expect(report.problems.filter((p) => p.severity === 'error').map((p) => p.code)).toStrictEqual(['mcp/tool-name']);
      expect(readdirSync(dir).filter((name) => name.startsWith('out'))).toStrictEqual(['out']);
    }
  }, 120_000);

  it("fails alike where the document lints with errors and its model would fail too: lint's problems, exit 1, nothing written", () => {
    // Two operations of one operationId: lint's error, linted in the worker, while the main thread's model meets the same.
    const document = syntheticDocument(300) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const [first, second] = Object.values(document.paths).flatMap((item) => Object.values(item));
    if (first && second) second.operationId = first.operationId;
    const spec = write('same-operation-id.json', document);
    const reports = (['on', 'off'] as const).map((setting) => {
      const failed = run(spec, setting);
      expect([setting, failed.code]).toStrictEqual([setting, 1]);
      expect(readdirSync(dir).filter((name) => name.startsWith('out'))).toStrictEqual(['out']);
      return (JSON.parse(failed.stdout) as { problems: { code: string; severity: string; line?: number }[] }).problems;
    });
    expect(reports[0]?.filter((p) => p.severity === 'error').map((p) => p.code)).toStrictEqual(['podcast-gen/operation-id-unique']);
    expect(reports[0]?.[0]?.line).toBeGreaterThan(0);
    expect(reports[0]).toStrictEqual(reports[1]);
  }, 120_000);

  it('ends the process when the run does not use the worker started before the document was read', () => {
    // A large file that does not parse: the worker started for it is stopped, and the run fails at once.
    const text = JSON.stringify(syntheticDocument(300));
    writeFileSync(join(dir, 'truncated.json'), text.slice(0, text.length - 10));
    const started = performance.now();
    const failed = run('truncated.json', undefined);
    expect(failed.code, failed.stderr).toBe(1);
    expect((JSON.parse(failed.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).toStrictEqual(['load/parse']);
    // A large document with no output for a second thread (the types alone) exits once written.
    const types = spawnSync(
      process.execPath,
      [BIN, '--spec', write('types-only.json', syntheticDocument(300)), '--out', 'types-only', '--outputs', 'types', '--quiet'],
      {
        cwd: dir,
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(types.status, types.stderr).toBe(0);
    expect(performance.now() - started).toBeLessThan(60_000);
  }, 120_000);

  it('is taken by the built library too, and reported as a stage', async () => {
    const { generate } = (await import(pathToFileURL(join(ROOT, 'dist', 'index.js')).href)) as { generate: typeof Generate };
    const stages: StageEvent[] = [];
    const result = await generate({ spec: join(dir, 'large.json'), out: 'in-memory', cwd: dir, check: true }, { onStage: (event) => stages.push(event) });
    const side = stages.find((event) => event.stage === 'side thread');
    // Each output of the queue is made once, by whichever thread took it.
    const bySide = [...(side?.detail ?? '').matchAll(/(\w+) \d+ ms/g)].map((match) => match[1]);
    const byMain = stages.map((event) => /^emit (\w+)$/.exec(event.stage)?.[1]).filter((name) => name !== undefined && name !== 'index');
    expect(bySide.length).toBeGreaterThan(0);
    // A document of one file is linted in the worker meanwhile.
    expect(stages.find((event) => event.stage === 'lint')?.detail).toMatch(/^\d+ problem\(s\), \d+ ms in the side thread$/);
    expect([...bySide, ...byMain].sort()).toStrictEqual(['client', 'fixtures', 'mcp', 'mock', 'types', 'zod']);
    expect(result.files.map((file) => file.path)).toContain('types.ts');
  }, 120_000);
});
