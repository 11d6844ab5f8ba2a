import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticDocument } from '../../bench/synthetic.js';
import { LINT_BESIDE_BYTES } from '../../generator/lint/beside.js';
import { filesOf } from '../helpers/files-of.js';
import { ROOT } from '../helpers/paths.js';
import { ensureBuilt } from './helpers/build.js';
import { removeProject, tempProject } from './helpers/run-cli.js';

const BIN = join(ROOT, 'bin', 'podcast-gen.js');

/**
 * A document of over a megabyte is linted beside the model and the emitters (lint/beside.ts):
 * whichever thread is free first lints it. Spawned as a user runs it, the run must give the files
 * and the warnings of a run that does everything in one thread, and a document that fails lint
 * must fail with lint's problem, its place, exit 1 and nothing written.
 */
describe('a large document, linted beside the model and the emitters', () => {
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
    expect(text.length).toBeGreaterThanOrEqual(LINT_BESIDE_BYTES);
    writeFileSync(join(dir, name), text);
    return name;
  }

  function run(spec: string, out: string, env: NodeJS.ProcessEnv = {}, args: string[] = []) {
    const result = spawnSync(process.execPath, [BIN, '--spec', spec, '--out', out, ...args], { cwd: dir, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
    return { code: result.status, stderr: result.stderr };
  }

  /** The output folder and any staging folder left beside it (`<out>.tmp-*`). */
  const leftBehind = (out: string) => readdirSync(dir).filter((name) => name === out || name.startsWith(`${out}.tmp-`));

  it('gives the files and warnings of a run in one thread', () => {
    const spec = write('large.json', syntheticDocument(1500));
    const beside = run(spec, 'beside');
    const alone = run(spec, 'alone', { PODCAST_GEN_TYPES_IN_PROCESS: '1' });
    expect(beside.code, beside.stderr).toBe(0);
    expect(alone.code, alone.stderr).toBe(0);
    expect(beside.stderr).toMatch(/^large\.json:\d+:\d+ {2}warn {2}info-license /m);
    const warnings = (text: string) => text.split('\n').filter((line) => / warn /.test(line));
    expect(warnings(beside.stderr)).toEqual(warnings(alone.stderr));
    // Into a new folder the run writes early (write/write-files.ts openEarlyStaging): the same files, no staging left.
    expect(filesOf(join(dir, 'beside'))).toEqual(filesOf(join(dir, 'alone')));
    expect(leftBehind('beside')).toStrictEqual(['beside']);
    // Over its own output (no early staging): the same files again, all unchanged.
    const again = run(spec, 'beside');
    expect(again.code, again.stderr).toBe(0);
    expect(filesOf(join(dir, 'beside'))).toEqual(filesOf(join(dir, 'alone')));
  }, 60_000);

  it('gives the files and warnings of a run in one thread when it is bundled (linted as written meanwhile)', () => {
    // A `$ref` as a schema's example: redocly's bundle pass replaces it, so the document is bundled.
    const document = syntheticDocument(1500) as { components: { schemas: Record<string, { properties: Record<string, unknown> }>; examples?: Record<string, unknown> } };
    document.components.examples = { name: { value: 'a name' } };
    const [schema] = Object.values(document.components.schemas);
    if (schema) schema.properties.name = { type: 'string', example: { $ref: '#/components/examples/name/value' } };
    const spec = write('bundled.json', document);
    const beside = run(spec, 'bundled-beside');
    const alone = run(spec, 'bundled-alone', { PODCAST_GEN_TYPES_IN_PROCESS: '1' });
    expect(beside.code, beside.stderr).toBe(0);
    expect(alone.code, alone.stderr).toBe(0);
    const warnings = (text: string) => text.split('\n').filter((line) => / warn /.test(line));
    expect(warnings(beside.stderr).length).toBeGreaterThan(0);
    expect(warnings(beside.stderr)).toEqual(warnings(alone.stderr));
    expect(filesOf(join(dir, 'bundled-beside'))).toEqual(filesOf(join(dir, 'bundled-alone')));
    expect(readFileSync(join(dir, 'bundled-beside', 'types.ts'), 'utf8')).toContain('a name');
  }, 60_000);

  it('fails with lint’s problem at its place, exit 1, and writes nothing, when the document fails lint', () => {
    const document = syntheticDocument(1500) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const [first, second] = Object.values(document.paths).flatMap((item) => Object.values(item));
    (second as { operationId?: string }).operationId = first?.operationId;
    const spec = write('duplicate.json', document);
    const failed = run(spec, 'failed');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^duplicate\.json:\d+:\d+ {2}error {2}operation-operationId-unique /m);
    expect(existsSync(join(dir, 'failed'))).toBe(false);
  }, 60_000);

  it('leaves neither the output folder nor its early staging folder when lint fails once the files are being written', () => {
    // A lint error the model and the emitters do not see (no license): the run gets to the
    // fixtures, whose files go into an early staging folder, before the side thread's lint fails it.
    writeFileSync(join(dir, 'strict.yaml'), 'extends:\n  - podcast-gen/generic\nrules:\n  info-license: error\n');
    const spec = write('unlicensed.json', syntheticDocument(1500));
    const failed = run(spec, 'unlicensed', {}, ['--lint-config', 'strict.yaml']);
    expect(failed.code, failed.stderr).toBe(1);
    expect(failed.stderr).toMatch(/^unlicensed\.json:\d+:\d+ {2}error {2}info-license /m);
    expect(leftBehind('unlicensed')).toStrictEqual([]);
  }, 60_000);
});
