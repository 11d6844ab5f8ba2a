import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../generator/emit/emitter.js';
import { fixturePathsOf } from '../../generator/emit/fixtures/emit-fixtures.js';
import { chunkCount, FIXTURE_CHUNK, makeFixtureShare, startFixtureShare, type FixtureShareAnswer, type FixtureShareRequest } from '../../generator/emit/fixtures/fixture-share.js';
import { operationFixtures } from '../../generator/emit/fixtures/operation-fixture.js';
import { buildModel } from '../../generator/model/build-model.js';
import { openEarlyStaging, writeFiles } from '../../generator/write/write-files.js';
import { syntheticDocument } from '../../bench/synthetic.js';
import { filesOf } from '../helpers/files-of.js';

/**
 * For a new output folder, the files made before the fixtures are written into a staging folder
 * opened early, and the side thread writes the fixtures it makes into it (write/write-files.ts
 * `openEarlyStaging`, fixture-share.ts). The output is the same as a write at the end; a run that
 * fails leaves neither the output folder nor the staging folder behind.
 */
describe('an early staging folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'podcast-gen-early-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const files: GeneratedFile[] = [
    { path: 'client.ts', content: 'export {};\n' },
    { path: 'mcp/tools.json', content: '{}\n' },
    ...Array.from({ length: 40 }, (_, i) => ({ path: `fixtures/op${i}.json`, content: `{"i":${i}}\n` })),
    { path: 'types.ts', content: 'export type T = 1;\n' },
  ];
  const siblings = (name: string) => readdirSync(root).filter((entry) => entry.startsWith(name));

  it('gives the output a write at the end gives, without writing a file twice', async () => {
    await writeFiles(files, join(root, 'at-end'));
    const early = openEarlyStaging(join(root, 'early'));
    expect(early).toBeDefined();
    early!.write(files.slice(0, 10));
    // Files another thread wrote into it are counted, not written again (here: written wrong on purpose).
    writeFileSync(join(early!.path, 'fixtures', 'op8.json'), 'written by the side thread\n');
    early!.adopt(['fixtures/op8.json']);
    expect(existsSync(join(root, 'early'))).toBe(false);
    const result = await writeFiles(files, join(root, 'early'), 'early', undefined, early);
    expect(result.written).toHaveLength(files.length);
    const expected = { ...filesOf(join(root, 'at-end')), [join('fixtures', 'op8.json')]: 'written by the side thread\n' };
    expect(filesOf(join(root, 'early'))).toStrictEqual(expected);
    expect(siblings('early')).toStrictEqual(['early']);
  });

  it('is not opened over an existing folder, nor where the folder cannot be made', () => {
    mkdirSync(join(root, 'existing'));
    expect(openEarlyStaging(join(root, 'existing'))).toBeUndefined();
    writeFileSync(join(root, 'a-file'), 'x');
    expect(openEarlyStaging(join(root, 'a-file', 'out'))).toBeUndefined();
    expect(siblings('existing')).toStrictEqual(['existing']);
  });

  it('is dropped when the output folder was made meanwhile, whose unchanged files are then linked as always', async () => {
    const early = openEarlyStaging(join(root, 'raced'))!;
    early.write(files.slice(0, 3));
    await writeFiles(files, join(root, 'raced'));
    const result = await writeFiles(files, join(root, 'raced'), 'raced', undefined, early);
    expect(result.unchanged).toHaveLength(files.length);
    expect(siblings('raced')).toStrictEqual(['raced']);
  });

  it('leaves nothing when removed', () => {
    const early = openEarlyStaging(join(root, 'failed'))!;
    early.write(files);
    early.remove();
    expect(siblings('failed')).toStrictEqual([]);
  });
});

describe('the side thread writing the fixtures it makes', () => {
  const root = mkdtempSync(join(tmpdir(), 'podcast-gen-early-share-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const { model } = buildModel(syntheticDocument(3 * FIXTURE_CHUNK) as never, { apiName: 'podcast', source: { path: 'x', label: 'x', hash: 'x' } });

  /** A share whose side thread (run here, after the fact) makes every chunk. */
  const share = () => {
    let request: FixtureShareRequest | undefined;
    const started = startFixtureShare(model, (sent) => (request = sent));
    const sideThread = () => makeFixtureShare(structuredClone(request!), (answer: FixtureShareAnswer) => started.receive(structuredClone(answer)));
    return { ...started.share, sideThread };
  };

  it('writes each chunk it makes, as the fixtures emitter would, once it has a folder to write into', async () => {
    const early = openEarlyStaging(join(root, 'out'))!;
    const shared = share();
    expect(shared.writeInto(early.path)).toBe(true);
    await shared.sideThread();
    const chunks = shared.writtenChunks().sort((a, b) => a - b);
    expect(chunks).toStrictEqual(Array.from({ length: chunkCount(model.operations.length) }, (_, i) => i));
    expect(chunks.length).toBeGreaterThan(1);
    const fixtures = operationFixtures(model, 0, model.operations.length);
    const written = filesOf(early.path);
    expect(Object.keys(written).sort()).toStrictEqual(fixturePathsOf(model, chunks).map((p) => join(p)).sort());
    model.operations.forEach((op, i) => expect(written[join('fixtures', `${op.fileName}.json`)]).toBe(`${fixtures[i]!.json}\n`));
    early.remove();
  });

  it('has this thread write the chunks it makes too, and counts them', () => {
    const early = openEarlyStaging(join(root, 'mine'))!;
    const shared = share();
    shared.writeInto(early.path);
    const chunk = shared.claim()!;
    const [from, to] = [chunk * FIXTURE_CHUNK, Math.min(model.operations.length, (chunk + 1) * FIXTURE_CHUNK)];
    const fixtures = operationFixtures(model, from, to);
    shared.made(chunk, fixtures);
    expect(shared.writtenChunks()).toStrictEqual([chunk]);
    expect(Object.keys(filesOf(early.path)).sort()).toStrictEqual(fixturePathsOf(model, [chunk]).map((p) => join(p)).sort());
    shared.stopWriting();
    shared.made(chunk + 1, operationFixtures(model, to, Math.min(model.operations.length, to + FIXTURE_CHUNK)));
    expect(shared.writtenChunks()).toStrictEqual([chunk]);
    early.remove();
  });

  it('writes nothing before it has a folder, nor after it was told to stop', async () => {
    const before = share();
    await before.sideThread();
    expect(before.writtenChunks()).toStrictEqual([]);
    const early = openEarlyStaging(join(root, 'stopped'))!;
    const stopped = share();
    stopped.writeInto(early.path);
    stopped.stopWriting();
    await stopped.sideThread();
    expect(stopped.writtenChunks()).toStrictEqual([]);
    expect(filesOf(early.path)).toStrictEqual({});
    early.remove();
  });
});
