import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ROOT } from '../helpers/paths.js';
import { parseModule, type ModuleInfo } from './import-graph.js';

const GENERATOR = join(ROOT, 'generator');

/**
 * The import graph of sources by root-relative path. An import of one of `outside` (paths relative
 * to the root, such as `../templates/mcp/credentials.ts`) resolves too, as no module of the graph.
 */
export function modulesOf(sources: Record<string, string>, outside: ReadonlySet<string> = new Set()): Map<string, ModuleInfo> {
  const exists = (path: string) => Object.hasOwn(sources, path) || outside.has(path);
  return new Map(Object.entries(sources).map(([path, text]) => [path, parseModule(path, text, exists)]));
}

/** The TypeScript the output copies (templates/), by path relative to generator/: `../templates/runtime.ts`. */
export function templateModules(): Set<string> {
  const templates = join(ROOT, 'templates');
  return new Set(
    readdirSync(templates, { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.ts'))
      .map((path) => `../templates/${path.split(sep).join('/')}`),
  );
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
