import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { lintDocument } from '@redocly/openapi-core';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { syntheticDocument } from '../../bench/synthetic.js';
import { generateFiles } from '../../generator/index.js';
import { emitFixtures } from '../../generator/emit/fixtures/emit-fixtures.js';
import { fixtureModelOf } from '../../generator/emit/fixtures/fixture-model.js';
import type { FixtureShare } from '../../generator/emit/fixtures/fixture-share.js';
import { loadTemplates } from '../../generator/emit/templates.js';
import { inProcessThread, type LintOffer, type SideThread } from '../../generator/emit/side-thread/side-thread.js';
import { pointsOutside, toSent, type SentProblem } from '../../generator/lint/beside.js';
import { loadLintConfig } from '../../generator/lint/lint-config.js';
import { readSpec, type LoadedSpec } from '../../generator/load/read-spec.js';
import { HELPER_GONE } from '../../generator/write/helper-writer.js';
import type { ApiModel } from '../../generator/model/types.js';
import type { Problem } from '../../generator/problems.js';
import { ensureBuilt } from '../cli/helpers/build.js';
import { ROOT } from '../helpers/paths.js';

type SideThreadModule = { startSideThread(): SideThread; startSideThreadEarly(): void };

/**
 * A run prints its types and makes part of its fixtures in a worker thread
 * (emit/side-thread/side-thread.ts), which only the compiled CLI can start: this loads the
 * compiled side thread from dist/ and holds it to what this thread makes alone.
 */
describe('the side thread', () => {
  let compiled: SideThreadModule;
  beforeAll(async () => {
    await ensureBuilt();
    compiled = (await import(pathToFileURL(join(ROOT, 'dist', 'emit', 'side-thread', 'side-thread.js')).href)) as SideThreadModule;
  }, 180_000);

  it('prints exactly the types the in-process printer prints, and ends cleanly', async () => {
    const { model } = await generateFiles({ cwd: ROOT });
    const worker = compiled.startSideThread();
    try {
      const [fromWorker, inProcess] = await Promise.all([worker.printTypes(model.document), inProcessThread().printTypes(model.document)]);
      expect(fromWorker).toBe(inProcess);
      expect(fromWorker).toContain('export interface components');
      expect(worker.printTypes(model.document)).toBe(worker.printTypes(model.document));
    } finally {
      await worker.close();
    }
  });

  it('does not keep a process alive that never asks anything of it', () => {
    const script = join(ROOT, 'test', '.tmp', 'side-thread', 'started-early.mjs');
    mkdirSync(dirname(script), { recursive: true });
    writeFileSync(script, `const m = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'emit', 'side-thread', 'side-thread.js')).href)});\nm.startSideThreadEarly();\n`);
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 20_000 });
    expect(run.error, 'the process ended by itself').toBeUndefined();
    expect(run.status).toBe(0);
  });

  it('started early (bin/podcast-gen.js), is taken by the next run only', async () => {
    const { model } = await generateFiles({ cwd: ROOT });
    compiled.startSideThreadEarly();
    const early = compiled.startSideThread();
    const next = compiled.startSideThread();
    try {
      expect(early).not.toBe(next);
      expect(await early.printTypes(model.document)).toBe(await next.printTypes(model.document));
    } finally {
      await Promise.all([early.close(), next.close()]);
    }
  });

  it('writes the files it is handed into the staging folder, and once ended leaves them to this thread', async () => {
    const staging = join(ROOT, 'test', '.tmp', 'side-thread', 'staging');
    mkdirSync(join(staging, 'fixtures'), { recursive: true });
    const files = Array.from({ length: 20 }, (_, i) => ({ path: `fixtures/op${i}.json`, content: `{"i":${i}}\n` }));
    const worker = compiled.startSideThread();
    try {
      await worker.writer?.write(staging, files);
      for (const file of files) expect(readFileSync(join(staging, file.path), 'utf8')).toBe(file.content);
      await expect(worker.writer?.write(join(staging, 'no-such-folder'), files)).rejects.toMatchObject({ code: 'ENOENT', syscall: 'open' });
    } finally {
      await worker.close();
    }
    await expect(worker.writer?.write(staging, files)).rejects.toThrow(HELPER_GONE);
  });

  describe('a lint offered to it', () => {
    let spec: LoadedSpec;
    let here: SentProblem[];
    const config = { specPath: join(ROOT, 'test', '.tmp', 'side-thread', 'offered.json') };
    beforeAll(async () => {
      // A document with a lint error and a warning at known places.
      const document = syntheticDocument(20) as { info: Record<string, unknown>; paths: Record<string, Record<string, { operationId?: string }>> };
      const [first, second] = Object.values(document.paths).flatMap((item) => Object.values(item));
      (second as { operationId?: string }).operationId = first?.operationId;
      mkdirSync(dirname(config.specPath), { recursive: true });
      writeFileSync(config.specPath, JSON.stringify(document, null, 2));
      const lintConfig = await loadLintConfig(config);
      spec = await readSpec({ spec: config.specPath, config: lintConfig });
      here = (await lintDocument({ document: spec.root, config: lintConfig, externalRefResolver: spec.resolver })).map(toSent);
      expect(here.map((p) => p.ruleId)).toContain('operation-operationId-unique');
    }, 60_000);

    const job = (thenTypes: boolean, fromBody = false) => ({ document: spec.document, fromBody, absoluteRef: spec.root.source.absoluteRef, body: spec.root.source.body, config, thenTypes });

    it('is linted there, with the problems and places of a lint here, when this thread does not claim it', async () => {
      const worker = compiled.startSideThread();
      try {
        const offer = worker.lint?.(job(true)) as LintOffer;
        expect(await offer.problems).toEqual(here);
        expect(offer.claim(), 'claimed by the side thread already').toBe(false);
        expect(await worker.printTypes(spec.document)).toBe(await inProcessThread().printTypes(spec.document));
      } finally {
        await worker.close();
      }
    });

    it('fails cleanly, without an unhandled rejection, when the side thread has ended', async () => {
      const worker = compiled.startSideThread();
      await worker.close();
      const offer = worker.lint?.(job(true)) as LintOffer;
      await expect(offer.problems).rejects.toThrow();
      await expect(worker.printTypes(spec.document)).rejects.toThrow();
      expect(offer.claim(), 'nobody lints there: this thread may').toBe(true);
    });

    it('sent as written before bundling, is linted there at once, with the problems of a lint here of the bundled root', async () => {
      // A `$ref` as a schema's example is replaced by redocly's bundle pass, in place: the document is bundled.
      const document = JSON.parse(spec.root.source.body) as { components: { schemas: Record<string, Record<string, unknown>>; examples?: Record<string, unknown> } };
      document.components.examples = { name: { value: 'a name' } };
      const [schema] = Object.values(document.components.schemas);
      (schema as { properties: Record<string, Record<string, unknown>> }).properties.name = { type: 'string', example: { $ref: '#/components/examples/name/value' } };
      const specPath = join(dirname(config.specPath), 'to-bundle.json');
      writeFileSync(specPath, JSON.stringify(document, null, 2));
      const lintConfig = await loadLintConfig({ specPath });
      const worker = compiled.startSideThread();
      try {
        let offer: LintOffer | undefined;
        const bundled = await readSpec({
          spec: specPath,
          config: lintConfig,
          beforeBundle: (root) => {
            // As the pipeline sends it: its body alone, which the side thread parses.
            offer = worker.lint?.({ document: root.parsed as never, fromBody: true, absoluteRef: root.source.absoluteRef, body: root.source.body, config: { specPath }, thenTypes: false, asWritten: true });
          },
        });
        expect(offer, 'offered before the bundle pass').toBeDefined();
        expect(JSON.stringify(bundled.document)).not.toContain('#/components/examples/name/value');
        const hereBundled = (await lintDocument({ document: bundled.root, config: lintConfig, externalRefResolver: bundled.resolver })).map(toSent);
        expect(hereBundled.map((p) => p.ruleId)).toContain('operation-operationId-unique');
        expect(await offer?.problems).toEqual(hereBundled);
        expect(offer?.claim(), 'claimed by the side thread already').toBe(false);
      } finally {
        await worker.close();
      }
    });

    it('sent as written, is declined unclaimed when it points outside itself (this thread lints it bundled)', async () => {
      const document = JSON.parse(spec.root.source.body) as { components: { schemas: Record<string, unknown> } };
      document.components.schemas.Outside = { $ref: 'outside.json#/Thing' };
      expect(pointsOutside(document)).toBe(true);
      expect(pointsOutside(spec.document)).toBe(false);
      expect(pointsOutside({ components: { schemas: { A: { oneOf: [], discriminator: { propertyName: 'k', mapping: { b: 'b.json#/B' } } } } } })).toBe(true);
      const worker = compiled.startSideThread();
      try {
        const offer = worker.lint?.({ ...job(false), document: document as never, asWritten: true }) as LintOffer;
        expect(await offer.problems).toBeUndefined();
        expect(offer.claim(), 'nobody lints there: this thread may').toBe(true);
      } finally {
        await worker.close();
      }
    });

    it('sent as its body alone, is parsed there as readSpec parsed it, bare discriminator mappings named', async () => {
      // A bare mapping (`cat: Cat`) left as written would be an unresolved $ref to lint, and print otherwise.
      const document = JSON.parse(spec.root.source.body) as { components: { schemas: Record<string, unknown> } };
      document.components.schemas.Cat = { type: 'object', properties: { kind: { type: 'string' } }, required: ['kind'] };
      document.components.schemas.Pet = { oneOf: [{ $ref: '#/components/schemas/Cat' }], discriminator: { propertyName: 'kind', mapping: { cat: 'Cat' } } };
      const specPath = join(dirname(config.specPath), 'mapped.json');
      writeFileSync(specPath, JSON.stringify(document, null, 2));
      const lintConfig = await loadLintConfig({ specPath });
      const mapped = await readSpec({ spec: specPath, config: lintConfig });
      expect(mapped.document).toBe(mapped.root.parsed);
      expect(JSON.stringify(mapped.document)).toContain('"cat":"#/components/schemas/Cat"');
      const hereMapped = (await lintDocument({ document: mapped.root, config: lintConfig, externalRefResolver: mapped.resolver })).map(toSent);
      const worker = compiled.startSideThread();
      try {
        const offer = worker.lint?.({ document: mapped.document, fromBody: true, absoluteRef: mapped.root.source.absoluteRef, body: mapped.root.source.body, config: { specPath }, thenTypes: true }) as LintOffer;
        expect(await offer.problems).toEqual(hereMapped);
        expect(await worker.printTypes(mapped.document)).toBe(await inProcessThread().printTypes(mapped.document));
      } finally {
        await worker.close();
      }
    });

    it('sent as a body that does not parse, fails there: the types and the lint fail, and this thread may lint', async () => {
      const worker = compiled.startSideThread();
      try {
        const offer = worker.lint?.({ ...job(true, true), body: '{ not json' }) as LintOffer;
        await expect(offer.problems).rejects.toThrow(/lint failed/);
        await expect(worker.printTypes(spec.document)).rejects.toThrow(/printing the types failed/);
        expect(offer.claim(), 'nobody lints there: this thread may').toBe(true);
      } finally {
        await worker.close();
      }
    });

    it('is declined there when this thread claims it first, and the types still print', async () => {
      const worker = compiled.startSideThread();
      try {
        const offer = worker.lint?.(job(true)) as LintOffer;
        expect(offer.claim()).toBe(true);
        expect(await offer.problems).toBeUndefined();
        expect(await worker.printTypes(spec.document)).toBe(await inProcessThread().printTypes(spec.document));
      } finally {
        await worker.close();
      }
    });
  });

  describe('fixtures made by both threads', () => {
    let model: ApiModel;
    let alone: Awaited<ReturnType<typeof emit>>;
    beforeAll(async () => {
      ({ model } = await generateFiles({ spec: writeSynthetic(300), cwd: ROOT }));
      alone = await emit(model);
    }, 60_000);

    it('are the files this thread makes alone, when the side thread is free to take chunks', async () => {
      const worker = compiled.startSideThread();
      try {
        // Wait until the side thread has made chunks before this thread claims any.
        const share = worker.shareFixtures(fixtureModelOf(model)) as FixtureShare;
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const shared = await emit(model, counting(share));
        expect(shared.files).toEqual(alone.files);
        expect(shared.problems).toEqual(alone.problems);
        expect(shared.claimed, 'the side thread made some chunks').toBeLessThan(Math.ceil(model.operations.length / 16));
      } finally {
        await worker.close();
      }
    });

    it('are the same files when the side thread ends before sending its chunks', async () => {
      const worker = compiled.startSideThread();
      const share = worker.shareFixtures(fixtureModelOf(model)) as FixtureShare;
      await worker.close();
      const shared = await emit(model, share);
      expect(shared.files).toEqual(alone.files);
    });
  });
});

/** The fixtures emitter's files and warnings, with a share or alone. */
async function emit(model: ApiModel, fixtureShare?: FixtureShare & { claimed?: () => number }) {
  const problems: Problem[] = [];
  const files = await emitFixtures.emit({ model, templates: loadTemplates(), report: (p) => problems.push(p), ...(fixtureShare ? { fixtureShare } : {}) });
  return { files, problems, claimed: fixtureShare?.claimed?.() };
}

/** A share that counts the chunks this thread claims. */
function counting(share: FixtureShare): FixtureShare & { claimed(): number } {
  let claimed = 0;
  return {
    ...share,
    claim: () => {
      const chunk = share.claim();
      if (chunk !== undefined) claimed++;
      return chunk;
    },
    claimed: () => claimed,
  };
}

function writeSynthetic(operations: number): string {
  const dir = join(ROOT, 'test', '.tmp', 'side-thread');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `synthetic-${operations}.json`);
  writeFileSync(file, JSON.stringify(syntheticDocument(operations)));
  return file;
}
