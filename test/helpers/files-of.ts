import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file under `folder`, by relative path, with its text: two outputs compare equal when they hold the same files. */
export function filesOf(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(folder, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(folder);
  return files;
}
