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

  it('generates no file that says "seed"', async () => {
    const files = await generateInMemory(SPEC);
    expect(files.has('mock/faults.ts')).toBe(true);
    const found: string[] = [];
    for (const [path, content] of files) {
      content.split('\n').forEach((line, i) => {
        if (/seed/i.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toStrictEqual([]);
  });
});
