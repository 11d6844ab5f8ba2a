import { describe, expect, it } from 'vitest';
import { printTypes, twoSpaceIndent } from '../../generator/emit/types/print-types.js';

describe('the types printed with two spaces a level', () => {
  it('halves only the indentation a line starts with', () => {
    const printed = [
      'export interface a {',
      '    /**',
      '     * @description keeps    inner   spaces',
      '     *     and an indented code line',
      '     */',
      '    b: {',
      '        c: "x    y";',
      '    };',
      '}',
    ].join('\n');
    expect(twoSpaceIndent(printed)).toBe(
      [
        'export interface a {',
        '  /**',
        '   * @description keeps    inner   spaces',
        '   *     and an indented code line',
        '   */',
        '  b: {',
        '    c: "x    y";',
        '  };',
        '}',
      ].join('\n'),
    );
  });

  it('prints a document whose descriptions and strings hold runs of spaces as written', () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: { Thing: { type: 'object', description: 'first line\n    indented    line', properties: { mode: { type: 'string', enum: ['a    b'] } } } },
      },
    };
    const text = printTypes(document as never);
    expect(text).toContain('"a    b"');
    expect(text).toContain('    indented    line');
    // No line is indented by an odd number of spaces except a doc comment's ` * ` lines.
    for (const line of text.split('\n')) expect(/^( *)/.exec(line)?.[1]?.length ?? 0).toSatisfy((n: number) => n % 2 === 0 || /^ *\*/.test(line));
  });
});
