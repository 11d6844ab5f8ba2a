import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Writes files under `root`, making each file's folder the first time a file goes into it;
 * `folders` remembers the folders made across calls. A small module of its own: the side thread
 * loads it to write the fixtures it makes (emit/fixtures/fixture-share.ts).
 */
export function writeUnder(root: string, files: Iterable<{ path: string; content: string }>, folders: Set<string> = new Set()): void {
  for (const file of files) {
    const target = join(root, file.path);
    const folder = dirname(target);
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
    folders.add(folder);
    writeFileSync(target, file.content);
  }
}
