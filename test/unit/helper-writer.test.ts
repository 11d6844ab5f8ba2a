import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../generator/emit/emitter.js';
import { HELPER_GONE, type HelperWriter } from '../../generator/write/helper-writer.js';
import { HELPER_FROM_FILES, splitForHelper, writeFiles } from '../../generator/write/write-files.js';
import { filesOf } from '../helpers/files-of.js';

/**
 * A second writer (the side thread) writes the folder with the most files beside this thread
 * (write/write-files.ts). Whoever writes, the output is the same; a failure of either leaves the
 * output folder as it was; a helper that is gone leaves its files to this thread.
 */
describe('writing with a helper', () => {
  const root = mkdtempSync(join(tmpdir(), 'podcast-gen-helper-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const many = (count: number): GeneratedFile[] => [
    { path: 'client.ts', content: 'export {};\n' },
    { path: 'mcp/tools.json', content: '{}\n' },
    ...Array.from({ length: count }, (_, i) => ({ path: `fixtures/op${i}.json`, content: `{"i":${i}}\n` })),
    { path: 'fixtures/index.ts', content: 'export {};\n' },
  ];

  /** A real writer, run after this thread's own writes (as a worker's would overlap them), that counts what it wrote. */
  const writer = (fail?: (file: GeneratedFile) => Error | undefined): HelperWriter & { wrote: string[] } => {
    const wrote: string[] = [];
    return {
      wrote,
      write: async (staging, files) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        for (const file of files) {
          const error = fail?.(file);
          if (error) throw error;
          writeFileSync(join(staging, file.path), file.content);
          wrote.push(file.path);
        }
      },
    };
  };

  it('hands over the folder with the most files, and only from a size that is worth a message', () => {
    const [theirs, mine] = splitForHelper(many(HELPER_FROM_FILES));
    expect(theirs.every((f) => f.path.startsWith('fixtures/'))).toBe(true);
    expect(theirs).toHaveLength(HELPER_FROM_FILES + 1);
    expect(mine.map((f) => f.path)).toStrictEqual(['client.ts', 'mcp/tools.json']);
    expect(splitForHelper(many(10))).toStrictEqual([[], many(10)]);
  });

  it('writes the same files as this thread alone, into a new folder and over an old one', async () => {
    const files = many(300);
    await writeFiles(files, join(root, 'alone'));
    const helper = writer();
    const result = await writeFiles(files, join(root, 'helped'), 'helped', helper);
    expect(helper.wrote).toHaveLength(301);
    expect(result.written).toHaveLength(files.length);
    expect(filesOf(join(root, 'helped'))).toStrictEqual(filesOf(join(root, 'alone')));
    // Over the old output: changed files are written (some by the helper), unchanged ones kept.
    const changed = files.map((f) => (f.path.endsWith('7.json') || f.path === 'client.ts' ? { ...f, content: `${f.content}// changed\n` } : f));
    const again = writer();
    const second = await writeFiles(changed, join(root, 'helped'), 'helped', again);
    expect(second.written.length).toBeGreaterThan(0);
    expect(again.wrote.length).toBe(0);
    await writeFiles(changed, join(root, 'alone'));
    expect(filesOf(join(root, 'helped'))).toStrictEqual(filesOf(join(root, 'alone')));
  });

  it('leaves the output folder as it was when the helper fails a write, and names the error', async () => {
    const out = join(root, 'kept');
    await writeFiles(many(250), out);
    const before = filesOf(out);
    const failing = writer((file) => (file.path.endsWith('op100.json') ? Object.assign(new Error('no space'), { code: 'ENOSPC', syscall: 'write' }) : undefined));
    await expect(writeFiles(many(250).map((f) => ({ ...f, content: `${f.content} ` })), out, 'kept', failing)).rejects.toThrow(/cannot write the output: ENOSPC \(write\)/);
    expect(filesOf(out)).toStrictEqual(before);
    expect(readdirSync(root).filter((name) => name.startsWith('kept.'))).toStrictEqual([]);
  });

  it('writes the files of a helper that is gone itself', async () => {
    const gone: HelperWriter = { write: () => Promise.reject(new Error(HELPER_GONE)) };
    await writeFiles(many(220), join(root, 'gone'), 'gone', gone);
    await writeFiles(many(220), join(root, 'gone-alone'));
    expect(filesOf(join(root, 'gone'))).toStrictEqual(filesOf(join(root, 'gone-alone')));
  });

  it('waits for the helper before cleaning up when this thread fails a write', async () => {
    const out = join(root, 'mine-fails');
    const helper = writer();
    // A folder where this thread's file should be: its write fails (EISDIR) while the helper writes.
    const files = many(220);
    const blocked = { path: 'mcp/tools.json/x', content: '' };
    await expect(writeFiles([...files.filter((f) => f.path !== 'mcp/tools.json'), { path: 'mcp/tools.json', content: '{}' }, blocked], out, 'mine-fails', helper)).rejects.toThrow(/cannot write the output/);
    // Every one of the helper's files was written: the staging folder was not removed under it.
    expect(helper.wrote).toHaveLength(221);
    expect(readdirSync(root).filter((name) => name.startsWith('mine-fails'))).toStrictEqual([]);
  });
});
