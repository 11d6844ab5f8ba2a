import { describe, expect, it } from 'vitest';
import { loadAndLint } from '../../generator/index.js';
import { generateInMemory } from '../helpers/generate.js';
import { ROOT, SPEC } from '../helpers/paths.js';

/**
 * A first run on the project's own document is quiet: its lint config (spec/redocly.yaml) leaves no
 * warning to explain, and the generated code speaks of "the interface description", never of a
 * "seed" the user has never heard of.
 */
describe('a clean first run', () => {
  it('lints the podcast document with its own config without a problem', async () => {
    const { problems } = await loadAndLint({ spec: SPEC, cwd: ROOT });
    expect(problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.severity} ${p.code} ${p.message}`)).toStrictEqual([]);
  });

  it('generates no file that says "seed", except the mock faults\' random seed', async () => {
    // The one other meaning: the seed of the mock server's fault injection's random numbers.
    const randomSeed: Record<string, RegExp[]> = {
      'mock/faults.ts': [
        /^ \* from a generator seeded by `seed` \(default 1\), so the same run injects at the same requests\.$/,
        /^ {2}seed\?: number;$/,
        /^ +(let )?random = mulberry32\(faults\?\.seed \?\? 1\);$/,
        /^function mulberry32\(seed: number\): \(\) => number \{$/,
        /^ {2}let state = seed >>> 0;$/,
      ],
    };
    const files = await generateInMemory(SPEC);
    expect(files.has('mock/faults.ts')).toBe(true);
    const found: string[] = [];
    for (const [path, content] of files) {
      content.split('\n').forEach((line, i) => {
        if (!/\bseed\b/i.test(line)) return;
        if (randomSeed[path]?.some((allowed) => allowed.test(line))) return;
        found.push(`${path}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toStrictEqual([]);
  });
});
