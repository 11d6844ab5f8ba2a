import { describe, expect, it } from 'vitest';
import { codeFrame } from '../../generator/cli/codeframe.js';
import { unifiedDiff } from '../../generator/cli/unified-diff.js';
import type { Problem } from '../../generator/problems.js';

const text = ['openapi: 3.0.3', 'info:', '  title: x', '  version: 1', 'paths: {}'].join('\n');
const problem = (over: Partial<Problem>): Problem => ({ code: 'r', severity: 'error', message: 'm', file: 'doc.yaml', ...over });

describe('codeFrame', () => {
  it.each([
    [
      'the middle of a file',
      { line: 3, col: 3 },
      ['    1 | openapi: 3.0.3', '    2 | info:', '  > 3 |   title: x', '      |   ^', '    4 |   version: 1', ''].join('\n'),
    ],
    ['the first line', { line: 1, col: 1 }, ['  > 1 | openapi: 3.0.3', '      | ^', '    2 | info:', ''].join('\n')],
    ['no line', {}, ''],
    ['a line past the end', { line: 9 }, ''],
    ['a URL', { file: 'https://example.com/api.yaml', line: 2 }, ''],
  ])('%s', (_name, over, want) => {
    expect(codeFrame(problem(over), '.', () => text)).toBe(want);
  });

  it('is empty when the file cannot be read', () => {
    expect(codeFrame(problem({ line: 1 }), '.', () => undefined)).toBe('');
  });
});

describe('unifiedDiff', () => {
  it('prints a unified diff with a/ and b/ names', async () => {
    expect(await unifiedDiff('x.ts', 'a\nb\nc\n', 'a\nB\nc\n')).toBe(['--- a/x.ts', '+++ b/x.ts', '@@ -1,3 +1,3 @@', ' a', '-b', '+B', ' c', ''].join('\n'));
  });

  it('diffs a missing file against /dev/null', async () => {
    expect(await unifiedDiff('new.ts', undefined, 'x\n')).toBe(['--- /dev/null', '+++ b/new.ts', '@@ -0,0 +1,1 @@', '+x', ''].join('\n'));
  });

  it('cuts long diffs and says how much is left out', async () => {
    const after = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    const diff = await unifiedDiff('big.ts', '', after, 10);
    expect(diff.split('\n')).toHaveLength(12);
    expect(diff).toMatch(/\n\.\.\. \d+ more diff lines of big\.ts\n$/);
  });
});
