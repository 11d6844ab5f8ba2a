import { describe, expect, it } from 'vitest';
import { generatorSources, modulesOf } from './generator-modules.js';

/** The modules bin/build.js bundles in place, redocly inside: what they import is not read again from its own files. */
const BUNDLES = ['pipeline.ts', 'cli/lint-only.ts', 'cli/args.ts', 'concurrency/side-worker.ts'];
const REDOCLY = '@redocly/openapi-core';

/**
 * The built command must hold one copy of redocly: a lint config made by one copy and linted by
 * another fails every document with struct errors. So what the command and the library load outside
 * the bundles reaches redocly only through a bundle.
 */
describe('one copy of redocly in the built command', () => {
  it('no module outside the bundles imports redocly, or a module that does, except through a bundle', () => {
    const modules = modulesOf(generatorSources());
    const reached = new Set<string>();
    const queue: [string, string][] = [
      ['cli.ts', 'cli.ts'],
      ['index.ts', 'index.ts'],
    ];
    const found: string[] = [];
    while (queue.length > 0) {
      const [path, via] = queue.shift() as [string, string];
      if (reached.has(path) || BUNDLES.includes(path)) continue;
      reached.add(path);
      const module = modules.get(path);
      if (module?.packages.some((p) => p.specifier === REDOCLY && !p.typeOnly)) found.push(`${via} imports ${REDOCLY}`);
      for (const edge of module?.imports ?? []) if (!edge.typeOnly && edge.target) queue.push([edge.target, `${via} -> ${edge.target}`]);
    }
    expect(reached.size).toBeGreaterThan(50);
    expect(found).toStrictEqual([]);
  });
});
