import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ROOT } from '../helpers/paths.js';
import { parseModule, type ModuleInfo } from './import-graph.js';

const GENERATOR = join(ROOT, 'generator');

/** The import graph of sources by root-relative path. */
export function modulesOf(sources: Record<string, string>): Map<string, ModuleInfo> {
  const exists = (path: string) => Object.hasOwn(sources, path);
  return new Map(Object.entries(sources).map(([path, text]) => [path, parseModule(path, text, exists)]));
}

/** Every module of generator/ (`.ts`, not `.d.ts`), by path relative to it. */
export function generatorSources(): Record<string, string> {
  const sources: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
        sources[relative(GENERATOR, path).split(sep).join('/')] = readFileSync(path, 'utf8');
    }
  };
  walk(GENERATOR);
  return sources;
}
