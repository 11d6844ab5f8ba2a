import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CodeImportError } from '../../generator/code-import/code-import-error.js';
import { importCode } from '../../generator/code-import/import-code.js';
import { importOutput } from '../../generator/code-import/import-output.js';
import { GENERATED, ROOT } from '../helpers/paths.js';
import { watchFolders } from './watch-folders.js';

/** The error importCode rejects with, for its fields. */
async function importError(promise: Promise<unknown>): Promise<CodeImportError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CodeImportError);
  return error as CodeImportError;
}

describe('importCode', () => {
  const work = mkdtempSync(join(tmpdir(), 'podcast-gen-code-import-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const folder = (name: string, files: Record<string, string>): string => {
    const dir = join(work, name);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  };

  it('imports entries of a generated folder together, sharing one runtime.ts, and writes nothing beside it', async () => {
    const watched = watchFolders([GENERATED, join(GENERATED, 'mcp'), ROOT]);
    const [server, index, runtime] = await importOutput({
      entries: ['mcp/server.ts', 'index.ts', 'runtime.ts'].map((path) => join(GENERATED, path)),
      root: GENERATED,
      cwd: ROOT,
    });
    // Other tests may make files in the repository's root: only a copy of generated/ counts there.
    expect((await watched.stop()).filter((path) => path.startsWith(GENERATED) || /generated/.test(basename(path)))).toStrictEqual([]);
    expect(typeof server?.createPodcastMcpServer).toBe('function');
    expect(typeof index?.createPodcastClient).toBe('function');
    expect(index?.CredentialError).toBe(runtime?.CredentialError);
    // Imported apart, each import has its own copy.
    const [alone] = await importOutput({ entries: [join(GENERATED, 'runtime.ts')], root: GENERATED, cwd: ROOT });
    expect(alone?.CredentialError).not.toBe(runtime?.CredentialError);
  });

  it('imports files held in memory: `./x.js` is x.ts, a JavaScript data module and JSON as they are', async () => {
    const files = [
      {
        path: 'index.ts',
        content:
          "import { twice } from './lib/twice.js';\nimport data from './data.js';\nimport table from './table.json';\nexport const answer: number = twice(21);\nexport { data, table };\n",
      },
      { path: 'lib/twice.ts', content: 'export const twice = (n: number): number => n * 2;\n' },
      { path: 'data.js', content: "export default ['a', 'b'].join('');\n" },
      { path: 'table.json', content: '{ "k": 1 }' },
    ];
    const [index] = await importCode({ entries: ['index.ts'], files, resolveFrom: [ROOT], hint: 'h' });
    expect({ ...index }).toStrictEqual({ answer: 42, data: 'ab', table: { k: 1 } });
  });

  it('resolves packages from the project first, else from the folders given after it (podcast-gen’s own)', async () => {
    const project = folder('with-own-zod', {
      'node_modules/zod/package.json': JSON.stringify({ name: 'zod', type: 'module', exports: { '.': './own.js', './mini': './own.js' } }),
      'node_modules/zod/own.js': "export const which = 'project';\n",
      'uses.ts': "import { which } from 'zod';\nexport { which };\n",
      'real.ts': "import * as z from 'zod/mini';\nexport const ok = z.string().safeParse('x').success;\n",
    });
    const [own] = await importCode({ entries: [join(project, 'uses.ts')], resolveFrom: [project, ROOT], hint: 'h' });
    expect(own?.which).toBe('project');
    const outside = folder('no-packages', { 'real.ts': "import * as z from 'zod/mini';\nexport const ok: boolean = z.string().safeParse('x').success;\n" });
    const [fallback] = await importCode({ entries: [join(outside, 'real.ts')], resolveFrom: [outside, ROOT], hint: 'h' });
    expect(fallback?.ok).toBe(true);
  });

  it("keeps each file's own place: import.meta.url and __dirname are the file's, not the bundle's", async () => {
    const dir = folder('places', {
      'a.mts': "import { where } from './sub/b.ts';\nexport const here = import.meta.url;\nexport const there = where;\n",
      'sub/b.ts': 'export const where = import.meta.dirname;\n',
      'c.cts': 'module.exports = { dir: __dirname, file: __filename };\n',
    });
    const [a, c] = await importCode({ entries: [join(dir, 'a.mts'), join(dir, 'c.cts')], resolveFrom: [dir], hint: 'h' });
    expect({ here: a?.here, there: a?.there }).toStrictEqual({ here: `file://${join(dir, 'a.mts')}`, there: join(dir, 'sub') });
    expect(c?.default).toStrictEqual({ dir, file: join(dir, 'c.cts') });
  });

  it.each([
    { given: 'on disk', files: undefined, want: { file: 'broken/bad.ts', line: 2, column: 23 } },
    { given: 'in memory', files: true, want: { file: 'bad.ts', line: 2, column: 23 } },
  ])('names the file, line and column of a syntax error ($given), with what to do', async ({ files, want }) => {
    const text = 'export const a = 1;\nexport const b = { c: };\n';
    const dir = folder('broken', { 'bad.ts': text });
    const request = files ? { entries: ['bad.ts'], files: [{ path: 'bad.ts', content: text }] } : { entries: [join(dir, 'bad.ts')], cwd: work };
    const error = await importError(importCode({ ...request, resolveFrom: [dir], hint: 'fix the file' }));
    expect({ file: error.file, line: error.line, column: error.column }).toStrictEqual(want);
    expect(error.message).toBe(`${want.file}:2:23: Unexpected "}" (fix the file)`);
  });

  it('names a package found nowhere, the import that needs it, and the command that installs it', async () => {
    const dir = folder('missing', {
      'needs.ts': "import type { T } from 'only-types';\nimport * as z from 'zod/mini';\nexport const t: T | undefined = z ? undefined : undefined;\n",
    });
    const error = await importError(importCode({ entries: [join(dir, 'needs.ts')], resolveFrom: [dir], cwd: dir, hint: 'h' }));
    expect(error.message).toBe('needs.ts:2:20: cannot find the package "zod" (for "zod/mini"), looked for from . (run `npm install zod`)');
    const named = await importError(
      importCode({ entries: ['a.ts'], files: [{ path: 'a.ts', content: "import 'left-pad-x/sub';\n" }], resolveFrom: [dir, ROOT], cwd: dir, hint: 'h' }),
    );
    expect(named.message).toBe(
      `a.ts:1:8: cannot find the package "left-pad-x" (for "left-pad-x/sub"), looked for from . and podcast-gen's own install (run \`npm install left-pad-x\`)`,
    );
  });

  it('writes no file: the folders of the entries and the working folder are left as they were', async () => {
    const dir = folder('quiet', { 'a.ts': "export { b } from './b.js';\n", 'b.ts': 'export const b = 1;\n' });
    const before = readdirSync(dir).sort();
    const watched = watchFolders([dir, work]);
    const [a] = await importCode({ entries: [join(dir, 'a.ts')], resolveFrom: [dir], hint: 'h' });
    expect(await watched.stop()).toStrictEqual([]);
    expect(a?.b).toBe(1);
    expect(readdirSync(dir).sort()).toStrictEqual(before);
  });
});
