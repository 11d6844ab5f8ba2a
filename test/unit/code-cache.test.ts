import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWithCodeCache, requireWithCodeCache } from '../../generator/code-cache.js';

/**
 * The code cache podcast-gen loads the TypeScript compiler with (generator/code-cache.ts), on a
 * small package of its own in a temporary node_modules: the exports must be those `require` gives,
 * the cache must land beside the package, be used by the next load, and never stop a load when it
 * is broken or cannot be written.
 */
let root: string;
let seq = 0;

/** A fresh package (a new path each time, so Node's own require cache never answers for it). */
function makePackage(source = 'const { join } = require("node:path");\nconst helper = require("./helper.js");\nmodule.exports = { answer: helper.answer, joined: join("a", "b"), self: __filename };\n'): { dir: string; main: string } {
  const name = `pkg${seq++}`;
  const dir = join(root, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, main: 'index.js' }));
  writeFileSync(join(dir, 'helper.js'), 'exports.answer = 42;\n');
  writeFileSync(join(dir, 'index.js'), source);
  return { dir, main: join(dir, 'index.js') };
}

const cacheFolder = () => join(root, 'node_modules', '.cache', 'podcast-gen');
const from = () => pathToFileURL(join(root, 'index.mjs'));

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'podcast-gen-code-cache-'));
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

describe('requireWithCodeCache', () => {
  it('gives what require gives, keeps the module in the require cache, and writes its cache beside node_modules', () => {
    const { dir, main } = makePackage();
    const loaded = requireWithCodeCache(from(), basename(dir)) as { answer: number; joined: string; self: string };
    expect(loaded).toStrictEqual({ answer: 42, joined: join('a', 'b'), self: main });
    // A later require (openapi-typescript's own require('typescript')) gets the same instance.
    expect(createRequire(from())(main)).toBe(loaded);
    const files = readdirSync(cacheFolder());
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{32}\.v8cache$/);
  });

  it('is plain require when NODE_DISABLE_COMPILE_CACHE is set', () => {
    vi.stubEnv('NODE_DISABLE_COMPILE_CACHE', '1');
    const { dir } = makePackage();
    expect((requireWithCodeCache(from(), basename(dir)) as { answer: number }).answer).toBe(42);
    expect(existsSync(cacheFolder())).toBe(false);
  });
});

describe('loadWithCodeCache', () => {
  it('makes the cache on the first load and uses it on the next', () => {
    const cacheFile = join(cacheFolder(), 'one.v8cache');
    const first = makePackage();
    expect(loadWithCodeCache(first.main, cacheFile).cache).toBe('made');
    // The same source at a new path (a fresh module) with the cache the first load wrote.
    const second = makePackage();
    const load = loadWithCodeCache(second.main, cacheFile);
    expect(load.cache).toBe('used');
    expect((load.exports as { answer: number }).answer).toBe(42);
  });

  it('makes the cache anew when V8 rejects it (another source, or a broken file)', () => {
    const cacheFile = join(cacheFolder(), 'two.v8cache');
    loadWithCodeCache(makePackage().main, cacheFile);
    const other = makePackage('module.exports = { other: true, padding: "' + 'x'.repeat(500) + '" };\n');
    expect(loadWithCodeCache(other.main, cacheFile)).toStrictEqual({ exports: { other: true, padding: 'x'.repeat(500) }, cache: 'made' });
    writeFileSync(cacheFile, Buffer.from('not a V8 code cache'));
    expect(loadWithCodeCache(makePackage().main, cacheFile).cache).toBe('made');
    expect(readFileSync(cacheFile).toString('latin1')).not.toBe('not a V8 code cache');
  });

  it('loads when the cache cannot be written', () => {
    writeFileSync(join(root, 'a-file'), '');
    const load = loadWithCodeCache(makePackage().main, join(root, 'a-file', 'cache.v8cache'));
    expect(load).toMatchObject({ cache: 'made', exports: { answer: 42 } });
  });

  it('passes on an error the module throws and leaves nothing in the require cache', () => {
    const { main } = makePackage('throw new Error("broken package");\n');
    expect(() => loadWithCodeCache(main, join(cacheFolder(), 'three.v8cache'))).toThrow('broken package');
    expect(createRequire(from()).cache[main]).toBeUndefined();
  });
});
