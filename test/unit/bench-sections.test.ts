import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { markedSections, writeMainPart, writeSection } from '../../bench/sections.js';

/** RESULTS.md is written by several commands: each replaces its own part and keeps the others'. */
describe('bench/RESULTS.md sections', () => {
  const dir = mkdtempSync(join(tmpdir(), 'podcast-gen-sections-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'RESULTS.md');
  const load = (n: number) => `<!-- load: written by \`npm run bench:load\` -->\n## Servers under load\n\nrun ${n}\n<!-- load: end -->`;
  const bundle = '<!-- bundle: written by `npm run bench:bundle` -->\n## Bundle size\n\n4 KB\n<!-- bundle: end -->';

  it('a section replaces only its own, and the main part keeps every section', () => {
    writeFileSync(file, '# Benchmark results\n\nold main part\n');
    writeSection(file, 'load', load(1));
    writeSection(file, 'bundle', bundle);
    writeSection(file, 'load', load(2));
    expect(markedSections(readFileSync(file, 'utf8'))).toStrictEqual([load(2), bundle]);
    writeMainPart(file, '# Benchmark results\n\nnew main part\n');
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('# Benchmark results\n\nnew main part\n')).toBe(true);
    expect(text).not.toContain('old main part');
    expect(markedSections(text)).toStrictEqual([load(2), bundle]);
  });
});
