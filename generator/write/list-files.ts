import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file below `dir`, as forward-slash paths relative to it, sorted. */
export function listFiles(dir: string, prefix = ''): string[] {
  const result: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) result.push(...listFiles(join(dir, entry.name), rel));
    else if (entry.isFile()) result.push(rel);
  }
  return result.sort();
}
