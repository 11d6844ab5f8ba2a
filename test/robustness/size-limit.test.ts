import { constants } from 'node:buffer';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatProblem, generateFiles, loadAndLint, PodcastGenError } from '../../generator/index.js';
import { runCli } from '../cli/helpers/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'podcast-gen-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MB = 1024 * 1024;

/** A valid document of `megabytes` MB: one operation, and an API description that fills the rest. */
function largeDocument(megabytes: number): string {
  const head = '{"openapi":"3.0.3","info":{"title":"Large","version":"1","description":"';
  const tail = '"},"paths":{"/a":{"get":{"operationId":"getA","responses":{"200":{"description":"ok"}}}}}}';
  return `${head}${'x'.repeat(megabytes * MB - head.length - tail.length)}${tail}`;
}

/**
 * A file of `bytes` bytes that holds almost nothing on disk: its size is all podcast-gen looks at
 * before it would read it.
 */
function sparseFile(name: string, bytes: number): string {
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  writeSync(fd, 'openapi: 3.0.3\n');
  writeSync(fd, '#', bytes - 1);
  closeSync(fd);
  return path;
}

describe('no size limit below real documents', () => {
  it('a document over the 40 MB that podcast-gen once refused loads and lints', async () => {
    const spec = join(dir, 'large.json');
    writeFileSync(spec, largeDocument(48));
    const { problems } = await loadAndLint({ spec, cwd: dir });
    expect(problems.filter((p) => p.severity === 'error')).toStrictEqual([]);
  }, 120_000);

  it('a document larger than Node.js can read as one text is refused before it is read, by generate() and the CLI', async () => {
    const spec = sparseFile('huge.yaml', 600 * MB);
    expect(600 * MB).toBeGreaterThan(constants.MAX_STRING_LENGTH);
    const error = await generateFiles({ spec: 'huge.yaml', cwd: dir }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PodcastGenError);
    const problems = (error as PodcastGenError).problems;
    expect(problems.map(formatProblem)).toStrictEqual([
      'huge.yaml  error  load/too-large  the document is 600.0 MB, over the 512.0 MB that Node.js can read as one text (check that --spec names the API document; otherwise generate from a smaller document holding the operations you need)',
    ]);
    const run = await runCli(['generate', '--spec', 'huge.yaml', '--out', 'out'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('huge.yaml  error  load/too-large  the document is 600.0 MB');
    rmSync(spec);
  });

  it("an operationId of Microsoft Graph's length (245 characters) generates; its fixture's file name is shortened to fit", async () => {
    const id = `get${'A'.repeat(242)}`;
    const spec = join(dir, 'long-id.yaml');
    writeFileSync(
      spec,
      `openapi: 3.0.3\ninfo: { title: T, version: "1" }\npaths:\n  /a:\n    get:\n      operationId: ${id}\n      responses:\n        "200": { description: ok }\n`,
    );
    const { model, files } = await generateFiles({ spec, cwd: dir, outputs: ['fixtures'] });
    expect(model.operations.map((op) => op.operationId)).toStrictEqual([id]);
    const fixture = files.map((f) => f.path).find((path) => path.startsWith('fixtures/get'));
    expect(fixture).toMatch(new RegExp(`^fixtures/${id.slice(0, 191)}-[0-9a-f]{8}\\.json$`));
  });
});
