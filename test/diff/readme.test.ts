/** The README's section of commands names `diff`, with a line to run it, as it names every other command (issue 44: findable). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

describe("the README's commands", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const paragraph = readme.slice(readme.indexOf('## Commands'), readme.indexOf('\n## ', readme.indexOf('## Commands') + 1));

  it.each(['lint', 'check', 'diff', 'mcp', 'mock', 'verify'])('names `%s`', (command) => {
    expect(paragraph).toContain(`\`${command}\``);
  });

  it('shows how to run diff, and where it is described', () => {
    expect(paragraph).toMatch(/`npx podcast-gen diff git:origin\/main`/);
    expect(paragraph).toContain('[docs/diff.md](docs/diff.md)');
  });
});
