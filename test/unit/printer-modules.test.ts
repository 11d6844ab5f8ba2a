import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadPrinterModules, OTS_PARTS } from '../../generator/emit/types/printer-modules.js';

/**
 * podcast-gen requires only the files of openapi-typescript that hold what it prints with, not the
 * package's entry (which loads a second @redocly/openapi-core). This holds the installed version to
 * that layout, and the parts to the package's own exports, so an upgrade that moves a part fails
 * here instead of only getting slower.
 */
describe('the openapi-typescript parts the types printer loads', () => {
  const modules = loadPrinterModules();

  it('come from the files that hold them, without the package entry', () => {
    expect(modules.loadedFrom).toBe('parts');
  });

  it('are the very functions and values the package exports', () => {
    const pkg = createRequire(import.meta.url)('openapi-typescript') as Record<string, unknown>;
    for (const name of OTS_PARTS) expect(modules.ots[name], name).toBe(pkg[name]);
  });
});
