import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { withLazyPlace, type Problem } from '../../generator/problems.js';

/**
 * Finding a problem's line and column parses the whole source into an AST (about 0.45 s on GitHub's
 * document), so warnings of the model and the emitters get them only when read (printed, or sent
 * as JSON): a `--quiet` run never pays for it.
 */
describe('problem places found on first read', () => {
  it('withLazyPlace finds the place once, and spreads and JSON carry it like plain fields', () => {
    let finds = 0;
    const problem = withLazyPlace({ code: 'x', severity: 'warn', message: 'm' }, () => {
      finds++;
      return { line: 3, col: 7 };
    });
    expect(finds).toBe(0);
    expect([problem.line, problem.col, problem.line]).toStrictEqual([3, 7, 3]);
    expect(finds).toBe(1);
    expect({ ...problem }).toStrictEqual({ code: 'x', severity: 'warn', message: 'm', line: 3, col: 7 });
    expect(JSON.parse(JSON.stringify(problem))).toMatchObject({ line: 3, col: 7 });
  });

  const dir = mkdtempSync(join(tmpdir(), 'podcast-gen-lazy-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a model warning names its line and column, found only when read', async () => {
    const spec = join(dir, 'unnamed.yaml');
    writeFileSync(
      spec,
      [
        'openapi: 3.0.3',
        'info: { title: Lazy, version: "1" }',
        'paths:',
        '  /pets:',
        '    get:',
        '      responses:',
        "        '200': { description: ok }",
        '',
      ].join('\n'),
    );
    const { problems } = await generateFiles({ spec, cwd: dir });
    const derived = problems.find((p: Problem) => p.code === 'model/derived-operation-id');
    expect(derived?.pointer).toBe('#/paths/~1pets/get');
    // Still a getter: nothing has read the place yet.
    expect(typeof Object.getOwnPropertyDescriptor(derived, 'line')?.get).toBe('function');
    expect([derived?.line, derived?.col]).toStrictEqual([5, 5]);
  });
});
