import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { HELPER_NAMES, HELPERS_FILE, helperRegions, helperSource, type HelperName } from '../../generator/emit/zod/runtime-helpers.js';
import { PodcastGenError } from '../../generator/problems.js';
import * as helpers from '../../templates/zod-helpers.js';

const TEXT = readFileSync(HELPERS_FILE, 'utf8');
const regions = helperRegions(TEXT);

/** Each helper cut out alone is compiled by tsc in zod-helpers-source.compat.test.ts. */
describe('templates/zod-helpers.ts as the generator cuts it', () => {
  it('has one region per helper the generator knows, in its order', () => {
    expect([...regions.keys()]).toStrictEqual([...HELPER_NAMES]);
  });

  it('keeps every declaration inside a region (nothing is left behind when helpers are cut out)', () => {
    const source = ts.createSourceFile(HELPERS_FILE, TEXT, ts.ScriptTarget.ES2022, true);
    const inside = [...TEXT.matchAll(/^\/\/ #region \S+\n[\s\S]*?^\/\/ #endregion$/gm)].map((m) => [m.index, m.index + m[0].length] as const);
    const outside = source.statements.filter((s) => !ts.isImportDeclaration(s) && !inside.some(([start, end]) => s.getStart(source) >= start && s.end <= end));
    expect(outside.map((s) => s.getText(source).slice(0, 60))).toStrictEqual([]);
  });

  it('exports every helper, so that the tests import them as code', () => {
    for (const name of HELPER_NAMES) expect(typeof (helpers as Record<string, unknown>)[name], name).toBe('function');
  });

  it('drops the exports in what schemas.ts carries', () => {
    const all = helperSource(new Set(HELPER_NAMES));
    expect(all).not.toMatch(/^export /m);
    expect(all.match(/^(?:function|const) (\w+)/gm)).toStrictEqual([
      'function _schema',
      'function _meta',
      'function _chars',
      'function _length',
      'const _formats',
      'const _URI',
      'function _format',
      'function _decimal',
      'function _multipleOf',
      'function _equal',
      'function _unique',
      'function _oneOfValues',
      'function _keysPresent',
      'function _closed',
      'function _propertyCount',
      'function _not',
      'function _discriminator',
      'function _ifThenElse',
      'function _contains',
      'function _restItems',
      'function _patternProperties',
      'function _propertyNames',
      'function _dependentRequired',
      'function _dependentSchemas',
      'function _restProperties',
    ]);
  });

  const closures: [HelperName[], string[]][] = [
    [[], []],
    [['_length'], ['_chars', '_length']],
    [['_multipleOf'], ['_decimal', '_multipleOf']],
    [
      ['_oneOfValues', '_unique'],
      ['_equal', '_unique', '_oneOfValues'],
    ],
    [['_format'], ['_formats', '_URI', '_format']],
    [
      ['_discriminator', '_chars'],
      ['_chars', '_discriminator'],
    ],
  ];
  it.each(closures)('%j brings along what it calls, in the file order: %j', (used, declared) => {
    const text = helperSource(new Set(used));
    expect([...text.matchAll(/^(?:function|const) (\w+)/gm)].map((m) => m[1])).toStrictEqual(declared);
  });

  it('reads regions from CRLF text alike, and refuses a repeated region', () => {
    const crlf = helperRegions(TEXT.replace(/\n/g, '\r\n'));
    expect([...crlf].map(([name, r]) => [name, r.source])).toStrictEqual([...regions].map(([name, r]) => [name, r.source]));
    expect(() => helperRegions('// #region _a\nconst a = 1;\n// #endregion\n// #region _a\nconst b = 2;\n// #endregion\n')).toThrow(PodcastGenError);
  });
});
